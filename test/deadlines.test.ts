/**
 * Deadlines: every host deadline is derived from the SDK's wait, so no dialog is ever open, and
 * no token or charge is made, for a call the SDK has given up on. Fake timers and a fake clock.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TIMEOUTS } from '../src/events/index.js'
import { HOST_TIMEOUTS } from '../src/events/wire.js'
import { loadWords } from '../src/host-kit/dialog/catalog.js'
import { strings } from '../src/host-kit/dialog/i18n.js'
import { type HostMethodName, OPERATIONS } from '../src/operations/index.js'
import { createMemoryBackend } from '../src/testing/index.js'
import { dialogCounter, MARKUP_WIDGETS, openDialog, rig } from './support/index.js'

// The host loads each locale's words with its dialogs; these tests read them directly.
beforeAll(() => Promise.all([loadWords('en'), loadWords('fa')]))

const hostile = { widgets: MARKUP_WIDGETS }
const settle = () => new Promise((r) => setImmediate(r))
const forever = <T>() => new Promise<T>(() => {})

/** How a call settled: `pending` until it does. */
function watch(call: Promise<unknown>) {
  const state: { value: unknown; error: { code?: string; message?: string } | undefined } = {
    value: undefined,
    error: undefined,
  }
  let done = false
  call.then(
    (value) => {
      done = true
      state.value = value
    },
    (error) => {
      done = true
      state.error = error
    },
  )
  return { state, done: () => done }
}

/** Runs the event loop until `check` holds (no timer moves). */
async function loopUntil(check: () => unknown) {
  for (let i = 0; i < 100 && !check(); i++) await settle()
  expect(check()).toBeTruthy()
}

/** A host and an SDK on fake timers and a fake clock, initialized. */
async function started(backend = createMemoryBackend()) {
  // Before the host exists: its deadlines share one timer, which must be on the fake clock too.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const t = rig({ ...hostile, backend })
  await t.platform.initialize({ app_key: 'demo' })
  return t
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the host answers before the SDK stops waiting', () => {
  it.each((Object.keys(OPERATIONS) as HostMethodName[]).map((m) => [m]))(
    '%s: the host deadline is inside the SDK wait',
    (m) => {
      const sdk = TIMEOUTS[OPERATIONS[m].deadline]
      const host = HOST_TIMEOUTS[OPERATIONS[m].deadline]
      expect(host).toBeGreaterThan(0)
      expect(host).toBeLessThan(sdk)
    },
  )

  it('the queue, the open dialog and the backend fit in the host deadline', () => {
    expect(TIMEOUTS.dialog + HOST_TIMEOUTS.backend).toBeLessThanOrEqual(HOST_TIMEOUTS.dialogCall)
  })

  it('a consent that waited its turn closes at the call deadline, not a full dialog time later', async () => {
    const t = await started()
    // A payment dialog holds the slot; the consent queues behind it.
    const payment = watch(t.platform.payment.pay({ product_key: 'pro' }))
    await loopUntil(() => openDialog()?.dataset.kind === 'payment')
    const consent = watch(t.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    await loopUntil(() => t.calls.includes('getSessionToken'))

    // Nine minutes later the user cancels the payment; the consent shows.
    await vi.advanceTimersByTimeAsync(9 * 60_000)
    t.button('Cancel')?.click()
    await loopUntil(() => openDialog()?.dataset.kind === 'consent')
    expect(payment.done()).toBe(true)

    // It closes when the call's turn and dialog time are spent: a minute later, not ten.
    await vi.advanceTimersByTimeAsync(TIMEOUTS.dialog - 9 * 60_000 - 1)
    expect(openDialog()?.dataset.kind).toBe('consent')
    await vi.advanceTimersByTimeAsync(1)
    await loopUntil(() => consent.done())
    expect(openDialog()).toBeNull()
    // The host's answer, not the SDK's own give-up ("got no answer in …").
    expect(consent.state.error).toMatchObject({
      code: 'TIMEOUT',
      message: strings('en').errors.TIMEOUT,
    })
    // A late "Allow" has nothing left to approve: no token was made.
    expect(t.backend.tokens).toEqual([])
  })

  it('a consent whose turn comes with no time left is refused, never shown', async () => {
    const t = await started()
    const dialogs = dialogCounter()
    // Both arrive now: the payment dialog closes unanswered when the consent's time is spent.
    watch(t.platform.payment.pay({ product_key: 'pro' }))
    await loopUntil(() => openDialog()?.dataset.kind === 'payment')
    const consent = watch(t.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    await loopUntil(() => t.calls.includes('getSessionToken'))
    await vi.advanceTimersByTimeAsync(TIMEOUTS.dialog)
    await loopUntil(() => consent.done())
    expect(consent.state.error).toMatchObject({ code: 'TIMEOUT' })
    expect(openDialog()).toBeNull()
    expect(dialogs()).toBe(1)
    expect(t.backend.tokens).toEqual([])
  })

  it('a backend that hangs after a confirm: the dialog closes with TIMEOUT at the host deadline', async () => {
    const backend = createMemoryBackend()
    backend.pay = forever
    const t = await started(backend)
    const payment = watch(t.platform.payment.pay({ product_key: 'pro' }))
    await loopUntil(() => openDialog()?.dataset.kind === 'payment')
    openDialog()?.querySelector<HTMLButtonElement>('[data-action=confirm]')?.click()
    await loopUntil(() => openDialog()?.getAttribute('aria-busy') === 'true')

    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.dialogCall - 1)
    expect(openDialog()).not.toBeNull()
    expect(payment.done()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await loopUntil(() => payment.done())
    expect(openDialog()).toBeNull()
    expect(payment.state.error).toMatchObject({
      code: 'TIMEOUT',
      message: strings('en').errors.TIMEOUT,
    })
  })

  it('a backend that hangs before any dialog: TIMEOUT from the host, before the SDK wait ends', async () => {
    const backend = createMemoryBackend()
    backend.getConsent = forever
    const t = await started(backend)
    const token = watch(t.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    await loopUntil(() => t.calls.includes('getSessionToken'))
    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.dialogCall)
    await loopUntil(() => token.done())
    expect(openDialog()).toBeNull()
    expect(token.state.error).toMatchObject({
      code: 'TIMEOUT',
      message: strings('en').errors.TIMEOUT,
    })
  })
})
