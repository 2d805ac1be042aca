import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSlot } from './slot.js'

afterEach(() => {
  vi.useRealTimers()
})

const live = () => new AbortController().signal

/** Tracks a promise's state without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; error?: unknown } = {
    status: 'pending',
  }
  promise.then(
    (value) => Object.assign(state, { status: 'fulfilled', value }),
    (error) => Object.assign(state, { status: 'rejected', error }),
  )
  return state
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0))

describe('the dialog slot', () => {
  it('is free at first, held once acquired, free again once released', async () => {
    const slot = createSlot()
    expect(slot.busy).toBe(false)
    const release = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    expect(slot.busy).toBe(true)
    release()
    expect(slot.busy).toBe(false)
    await expect(slot.acquire({ queue: false, signal: live(), timeout: 1000 })).resolves.toBeTypeOf(
      'function',
    )
  })

  it.each<[string, boolean, string | undefined]>([
    ['refuses a payment (no queue) with DIALOG_BUSY', false, 'DIALOG_BUSY'],
    ['queues a consent request', true, undefined],
  ])('while held, it %s', async (_, queue, code) => {
    const slot = createSlot()
    await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const second = track(slot.acquire({ queue, signal: live(), timeout: 1000 }))
    await flush()
    if (code) {
      expect(second.status).toBe('rejected')
      expect(second.error).toMatchObject({ name: 'PlatformError', code })
    } else {
      expect(second.status).toBe('pending')
    }
  })

  it('hands the slot to queued requests in order, staying busy until the last release', async () => {
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const b = track(slot.acquire({ queue: true, signal: live(), timeout: 1000 }))
    const c = track(slot.acquire({ queue: true, signal: live(), timeout: 1000 }))
    await flush()
    expect([b.status, c.status]).toEqual(['pending', 'pending'])
    first()
    await flush()
    expect([b.status, c.status]).toEqual(['fulfilled', 'pending'])
    expect(slot.busy).toBe(true)
    // A payment is still refused while the queue is served.
    await expect(
      slot.acquire({ queue: false, signal: live(), timeout: 1000 }),
    ).rejects.toMatchObject({ code: 'DIALOG_BUSY' })
    b.value!()
    await flush()
    expect(c.status).toBe('fulfilled')
    c.value!()
    expect(slot.busy).toBe(false)
  })

  it('ignores a second call of the same release', async () => {
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const b = track(slot.acquire({ queue: true, signal: live(), timeout: 1000 }))
    const c = track(slot.acquire({ queue: true, signal: live(), timeout: 1000 }))
    first()
    first()
    await flush()
    expect([b.status, c.status]).toEqual(['fulfilled', 'pending'])
    expect(slot.busy).toBe(true)
  })

  it.each([true, false])(
    'refuses with CONNECTION_CLOSED when the signal is already aborted (queue %s)',
    async (queue) => {
      const slot = createSlot()
      const controller = new AbortController()
      controller.abort()
      await expect(
        slot.acquire({ queue, signal: controller.signal, timeout: 1000 }),
      ).rejects.toMatchObject({
        code: 'CONNECTION_CLOSED',
      })
      expect(slot.busy).toBe(false)
    },
  )

  it('rejects a queued request with CONNECTION_CLOSED when aborted, and drops it from the queue', async () => {
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const controller = new AbortController()
    const b = track(slot.acquire({ queue: true, signal: controller.signal, timeout: 1000 }))
    const c = track(slot.acquire({ queue: true, signal: live(), timeout: 1000 }))
    controller.abort()
    await flush()
    expect(b.status).toBe('rejected')
    expect(b.error).toMatchObject({ code: 'CONNECTION_CLOSED' })
    first()
    await flush()
    expect(c.status).toBe('fulfilled')
    c.value!()
    expect(slot.busy).toBe(false)
  })

  it('frees the slot when the only queued request was aborted', async () => {
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const controller = new AbortController()
    const b = track(slot.acquire({ queue: true, signal: controller.signal, timeout: 1000 }))
    controller.abort()
    first()
    await flush()
    expect(b.status).toBe('rejected')
    expect(slot.busy).toBe(false)
  })

  it('rejects a queued request with TIMEOUT after its timeout, and drops it from the queue', async () => {
    vi.useFakeTimers()
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const b = track(slot.acquire({ queue: true, signal: live(), timeout: 500 }))
    await vi.advanceTimersByTimeAsync(499)
    expect(b.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(b.status).toBe('rejected')
    expect(b.error).toMatchObject({ code: 'TIMEOUT' })
    first()
    expect(slot.busy).toBe(false)
  })

  it('stops the timer and the abort listener of a request once it gets its turn', async () => {
    vi.useFakeTimers()
    const slot = createSlot()
    const first = await slot.acquire({ queue: false, signal: live(), timeout: 1000 })
    const controller = new AbortController()
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    const b = track(slot.acquire({ queue: true, signal: controller.signal, timeout: 500 }))
    first()
    await vi.advanceTimersByTimeAsync(1000)
    expect(b.status).toBe('fulfilled')
    expect(vi.getTimerCount()).toBe(0)
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
    controller.abort() // too late to matter
    expect(slot.busy).toBe(true)
  })
})
