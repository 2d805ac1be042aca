import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deadlineTimer } from './deadlines.js'

/** What both sides pass: the transport makes no error of its own. */
const timeout = (message: string) => Object.assign(new Error(message), { code: 'TIMEOUT' })

const never = new Promise<never>(() => {})

/** How a race settled: `pending` until it does. */
function watch(race: Promise<unknown>) {
  const state: { settled?: 'value' | 'error'; value?: unknown } = {}
  race.then(
    (value) => Object.assign(state, { settled: 'value', value }),
    (value) => Object.assign(state, { settled: 'error', value }),
  )
  return state
}

describe('deadlineTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    // The spy sits over the fake setTimeout: removed after the fake timers, it would leave the
    // fake on globalThis for the next test file in this worker.
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('arms one timer for many calls that settle in time, not one each', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout')
    const deadlines = deadlineTimer(timeout)
    for (let i = 0; i < 100; i++) {
      await expect(
        deadlines.race(Promise.resolve(i), Date.now() + 8000, () => 'late'),
      ).resolves.toBe(i)
    }
    expect(timers).toHaveBeenCalledTimes(1)
    deadlines.destroy()
  })

  it('fails with TIMEOUT at the deadline, not a millisecond before', async () => {
    const deadlines = deadlineTimer(timeout)
    const race = watch(deadlines.race(never, Date.now() + 8000, () => 'getSessionToken() late'))
    await vi.advanceTimersByTimeAsync(7999)
    expect(race.settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(race).toMatchObject({
      settled: 'error',
      value: { code: 'TIMEOUT', message: 'getSessionToken() late' },
    })
  })

  it('keeps later deadlines after the armed one fires, and re-arms for an earlier one', async () => {
    const deadlines = deadlineTimer(timeout)
    const long = watch(deadlines.race(never, Date.now() + 60_000, () => 'long'))
    const short = watch(deadlines.race(never, Date.now() + 1000, () => 'short'))
    const settled = watch(deadlines.race(Promise.resolve('ok'), Date.now() + 500, () => 'never'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(short).toMatchObject({ settled: 'error', value: { message: 'short' } })
    expect(settled).toEqual({ settled: 'value', value: 'ok' })
    expect(long.settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(59_000)
    expect(long).toMatchObject({ settled: 'error', value: { message: 'long' } })
  })

  it('fails deadlines due together in the order they were added', async () => {
    const deadlines = deadlineTimer(timeout)
    const order: string[] = []
    const at = Date.now() + 1000
    deadlines.race(never, at, () => 'first').catch((e) => order.push(e.message))
    deadlines.race(never, at, () => 'second').catch((e) => order.push(e.message))
    await vi.advanceTimersByTimeAsync(1000)
    expect(order).toEqual(['first', 'second'])
  })

  it('passes a rejection through, and stops with destroy', async () => {
    const deadlines = deadlineTimer(timeout)
    await expect(
      deadlines.race(Promise.reject(new Error('backend down')), Date.now() + 1000, () => 'late'),
    ).rejects.toThrow('backend down')
    const race = watch(deadlines.race(never, Date.now() + 1000, () => 'late'))
    deadlines.destroy()
    await vi.advanceTimersByTimeAsync(5000)
    expect(race.settled).toBeUndefined()
  })
})
