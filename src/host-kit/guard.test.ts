import { describe, expect, it } from 'vitest'
import { createGuard } from './guard.js'

describe('RATE_LIMITED: 100 calls in the last second', () => {
  /** Admits `n` calls at `now`, each ended at once; how many were admitted. */
  const burst = (guard: ReturnType<typeof createGuard>, n: number) => {
    let admitted = 0
    for (let i = 0; i < n; i++) {
      const end = guard.admit()
      if (typeof end === 'function') {
        admitted++
        end()
      }
    }
    return admitted
  }

  it('counts the last 1,000 ms, not the clock second: no 200 across a boundary', () => {
    let t = 999
    const guard = createGuard({}, () => t)
    expect(burst(guard, 100)).toBe(100)
    // A new clock second, 1 ms later: the 100 calls are still within the last second.
    t = 1000
    expect(guard.admit()).toBe('100 calls in one second')
    t = 1998
    expect(burst(guard, 5)).toBe(0)
    // A full second after them, the window has room again, for 100.
    t = 1999
    expect(burst(guard, 150)).toBe(100)
  })

  it('slides: calls spread over the second leave room as each one ages out', () => {
    let t = 0
    const guard = createGuard({ perSecond: 10 }, () => t)
    for (let i = 0; i < 10; i++) {
      t = i * 100
      expect(burst(guard, 1)).toBe(1)
    }
    t = 950
    expect(burst(guard, 1)).toBe(0)
    t = 1000 // the call at 0 ms has aged out; only that one
    expect(burst(guard, 3)).toBe(1)
    t = 1100
    expect(burst(guard, 3)).toBe(1)
  })

  it('resizes and refusal answers are limited over the last second too', () => {
    let t = 500
    const guard = createGuard({ resizesPerSecond: 3, refusalsPerSecond: 2 }, () => t)
    for (let i = 0; i < 3; i++) expect(typeof guard.admit('resize')).toBe('function')
    t = 1000
    expect(guard.admit('resize')).toBe('3 resizes in one second')
    expect([guard.answerRefusal(), guard.answerRefusal(), guard.answerRefusal()]).toEqual([
      true,
      true,
      false,
    ])
    t = 1999
    expect(guard.answerRefusal()).toBe(false)
    t = 2000
    expect(guard.answerRefusal()).toBe(true)
    expect(typeof guard.admit('resize')).toBe('function')
  })
})
