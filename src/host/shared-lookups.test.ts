import { describe, expect, it, vi } from 'vitest'
import type { BackendAdapter } from '../host-kit/backend.js'
import { createMemoryBackend } from '../testing/index.js'
import { RECEIPT_KEEP_MS, sharedLookups } from './shared-lookups.js'

/** A memory backend with one receipt, its look-ups counted, on a clock the test moves. */
function counted(lookup?: BackendAdapter['lookupReceipt']) {
  const backend = createMemoryBackend({
    receipts: { 'rcpt-1': { app_key: 'w', title: 'Visit', amount: 1000 } },
  })
  const lookupReceipt = vi.fn(lookup ?? backend.lookupReceipt.bind(backend))
  const getConsent = vi.fn(backend.getConsent.bind(backend))
  Object.assign(backend, { lookupReceipt, getConsent })
  const clock = { t: 0 }
  const shared = sharedLookups(backend, { now: () => clock.t })
  return { backend, shared, lookupReceipt, getConsent, clock }
}

/** Like the messages of a flood: each call in a task of its own, after the last one settled. */
async function oneByOne<T>(n: number, call: () => Promise<T>): Promise<T[]> {
  const answers: T[] = []
  for (let i = 0; i < n; i++) {
    answers.push(await call())
    await new Promise((resolve) => setTimeout(resolve))
  }
  return answers
}

describe('sharedLookups', () => {
  it('shares a look-up in flight', async () => {
    const { shared, lookupReceipt } = counted()
    const answers = await Promise.all([1, 2, 3].map(() => shared.lookupReceipt('w', 'rcpt-1')))
    expect(answers).toEqual(
      [1, 2, 3].map(() => expect.objectContaining({ title: 'Visit', amount: 1000 })),
    )
    expect(lookupReceipt).toHaveBeenCalledTimes(1)
  })

  it('keeps a receipt found: a flood of settled look-ups costs one a second', async () => {
    const { shared, lookupReceipt, clock } = counted()
    const answers = await oneByOne(100, () => shared.lookupReceipt('w', 'rcpt-1'))
    expect(new Set(answers.map((a) => a?.amount))).toEqual(new Set([1000]))
    expect(lookupReceipt).toHaveBeenCalledTimes(1)
    clock.t = RECEIPT_KEEP_MS - 1
    await shared.lookupReceipt('w', 'rcpt-1')
    expect(lookupReceipt).toHaveBeenCalledTimes(1)
    clock.t = RECEIPT_KEEP_MS
    await shared.lookupReceipt('w', 'rcpt-1')
    expect(lookupReceipt).toHaveBeenCalledTimes(2)
  })

  it('keeps one widget’s receipt for that widget only', async () => {
    const { shared, lookupReceipt } = counted()
    await shared.lookupReceipt('w', 'rcpt-1')
    expect(await shared.lookupReceipt('other', 'rcpt-1')).toBeUndefined()
    expect(lookupReceipt).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['a receipt not found (the widget may be about to create it)', 'rcpt-unknown', undefined],
    ['a failed look-up', 'rcpt-1', new Error('Backend unavailable')],
  ])('does not keep %s', async (_, receipt_id, error) => {
    const { shared, lookupReceipt } = counted(
      error
        ? async () => {
            throw error
          }
        : undefined,
    )
    const answers = await oneByOne(3, () =>
      shared.lookupReceipt('w', receipt_id).catch((e: Error) => e.message),
    )
    expect(answers).toEqual([1, 2, 3].map(() => (error ? error.message : undefined)))
    expect(lookupReceipt).toHaveBeenCalledTimes(3)
  })

  it('never keeps a consent: one granted is seen by the next call', async () => {
    const { backend, shared, getConsent } = counted()
    expect(await shared.getConsent('w')).toEqual([])
    await backend.recordConsent('w', ['provider.profile.read'])
    expect(await shared.getConsent('w')).toEqual(['provider.profile.read'])
    expect(getConsent).toHaveBeenCalledTimes(2)
  })

  it('turns a backend that throws at once into a rejection, and asks again next time', async () => {
    const backend = createMemoryBackend()
    const getConsent = vi.fn((): Promise<string[]> => {
      throw new Error('Backend unavailable')
    })
    const shared = sharedLookups(Object.assign(backend, { getConsent }))
    let answer: Promise<unknown> | undefined
    expect(() => {
      answer = shared.getConsent('w')
    }).not.toThrow()
    await expect(answer).rejects.toThrow('Backend unavailable')
    await expect(shared.getConsent('w')).rejects.toThrow('Backend unavailable')
    expect(getConsent).toHaveBeenCalledTimes(2)
  })

  it('forgets kept receipts once they expire', async () => {
    const { shared, lookupReceipt, clock } = counted()
    await shared.lookupReceipt('w', 'rcpt-1')
    clock.t = 5 * RECEIPT_KEEP_MS
    await oneByOne(2, () => shared.lookupReceipt('w', 'rcpt-1'))
    expect(lookupReceipt).toHaveBeenCalledTimes(2)
  })

  it('aborts a shared look-up only once every call waiting for it has aborted', async () => {
    let signal: AbortSignal | undefined
    const { shared } = counted((_app, _id, call) => {
      signal = call?.signal
      return new Promise(() => {})
    })
    const first = new AbortController()
    const second = new AbortController()
    void shared.lookupReceipt('w', 'rcpt-1', { signal: first.signal })
    void shared.lookupReceipt('w', 'rcpt-1', { signal: second.signal })
    first.abort()
    expect(signal!.aborted).toBe(false)
    second.abort()
    expect(signal!.aborted).toBe(true)
    // Aborted by all: the next call asks again, with a signal of its own.
    void shared.lookupReceipt('w', 'rcpt-1', { signal: new AbortController().signal })
    expect(signal!.aborted).toBe(false)
  })
})
