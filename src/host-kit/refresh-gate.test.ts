import { describe, expect, it, vi } from 'vitest'
import { createRefreshGate } from './refresh-gate.js'

describe('createRefreshGate', () => {
  it('runs the first purge at once, then one shared purge after the interval', async () => {
    vi.useFakeTimers()
    try {
      const gate = createRefreshGate(10_000)
      const purge = vi.fn(async () => {})
      const signal = new AbortController().signal
      await gate.run(purge, signal)
      expect(purge).toHaveBeenCalledTimes(1)
      const waiting = [1, 2, 3].map(() => gate.run(purge, signal))
      await vi.advanceTimersByTimeAsync(9_999)
      expect(purge).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await Promise.all(waiting)
      expect(purge).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for a slow purge under way before it starts the next', async () => {
    vi.useFakeTimers()
    try {
      const gate = createRefreshGate(1_000)
      let finish!: () => void
      const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
      const signal = new AbortController().signal
      const first = gate.run(slow, signal)
      const second = gate.run(slow, signal)
      await vi.advanceTimersByTimeAsync(5_000)
      expect(slow).toHaveBeenCalledTimes(1)
      finish()
      await first
      await vi.advanceTimersByTimeAsync(0)
      expect(slow).toHaveBeenCalledTimes(2)
      finish()
      await second
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops a waiting purge once every call waiting for it is gone, and clears its timer', async () => {
    vi.useFakeTimers()
    try {
      const gate = createRefreshGate(10_000)
      const purge = vi.fn(async () => {})
      await gate.run(purge, new AbortController().signal)
      const a = new AbortController()
      const b = new AbortController()
      const waiting = [gate.run(purge, a.signal), gate.run(purge, b.signal)]
      await vi.advanceTimersByTimeAsync(0)
      expect(vi.getTimerCount()).toBe(1)
      a.abort()
      expect(vi.getTimerCount()).toBe(1)
      b.abort()
      expect(vi.getTimerCount()).toBe(0)
      await Promise.all(waiting)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(purge).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
