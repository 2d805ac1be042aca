/**
 * The backend adapter's signal: every call gets one, aborted when its widget goes (unmount,
 * the host destroyed) or at the call's deadline; a charge the backend completes anyway reaches
 * `host.on` and the trace, marked late; an adapter written without the parameter still works.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOST_TIMEOUTS } from '../src/events/wire.js'
import type { BackendAdapter, ChargeCall, ResultMeta, TraceEntry } from '../src/host/index.js'
import { createMemoryBackend } from '../src/testing/index.js'
import { openDialog, rig, until } from './support/index.js'

const settle = () => new Promise((r) => setImmediate(r))

/** Runs the event loop until `check` holds, moving no timer (for a test on fake timers). */
async function loopUntil<T>(check: () => T): Promise<T> {
  for (let i = 0; i < 200 && !check(); i++) await settle()
  expect(check()).toBeTruthy()
  return check()
}

/** A memory backend whose `pay` waits until the test settles it, keeping what the host passed. */
function heldPayments() {
  const backend = createMemoryBackend()
  const held: {
    call?: ChargeCall
    resolve?: (value: { receipt_id: string }) => void
  } = {}
  backend.pay = (_request, call) =>
    new Promise((resolve) => {
      held.call = call
      held.resolve = resolve
    })
  return { backend, held }
}

/** A rig on `backend` with a payment confirmed and its charge in flight. */
async function chargeInFlight(backend: BackendAdapter & ReturnType<typeof createMemoryBackend>) {
  const trace: TraceEntry[] = []
  const t = rig({ backend, host: { onTrace: (entry) => trace.push(entry) } })
  const heard: [string, unknown, ResultMeta][] = []
  t.host.on('PLATFORM_PAYMENT_SUCCESS', (r, meta) => heard.push([r.event, r, meta]))
  t.host.on('PLATFORM_PAYMENT_ERROR', (r, meta) => heard.push([r.event, r, meta]))
  await t.init()
  const result = t.platform.payment.pay({ product_key: 'pro' }).catch((e: unknown) => e)
  await loopUntil(() => t.dialog())
  t.button('Pay 1,250,000 Rials')!.click()
  await loopUntil(() => openDialog()?.getAttribute('aria-busy') === 'true')
  return { t, trace, heard, result }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the signal of a charge in flight', () => {
  it('aborts when the widget unmounts (its session ends)', async () => {
    const { backend, held } = heldPayments()
    const { t } = await chargeInFlight(backend)
    await until(() => held.call)
    expect(held.call!.signal.aborted).toBe(false)
    t.session.destroy()
    expect(held.call!.signal.aborted).toBe(true)
    expect(held.call!.signal.reason).toMatchObject({ name: 'AbortError' })
  })

  it('aborts when the host is destroyed', async () => {
    const { backend, held } = heldPayments()
    const { t } = await chargeInFlight(backend)
    await until(() => held.call)
    expect(held.call!.signal.aborted).toBe(false)
    t.host.destroy()
    expect(held.call!.signal.aborted).toBe(true)
  })

  it('aborts at the call deadline, with the TIMEOUT the widget gets', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { backend, held } = heldPayments()
    const { result } = await chargeInFlight(backend)
    await loopUntil(() => held.call)
    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.dialogCall - 1)
    expect(held.call!.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(held.call!.signal.aborted).toBe(true)
    expect(held.call!.signal.reason).toMatchObject({ name: 'PlatformError', code: 'TIMEOUT' })
    await loopUntil(() => openDialog() === null)
    expect(await result).toMatchObject({ code: 'TIMEOUT' })
  })

  it('carries an idempotency key, new for each charge', async () => {
    const keys: string[] = []
    const backend = createMemoryBackend()
    const pay = backend.pay.bind(backend)
    backend.pay = (request, call) => {
      keys.push(call!.idempotencyKey)
      return pay(request, call)
    }
    const t = rig({ backend })
    await t.init()
    for (let i = 0; i < 2; i++) {
      const result = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.button('Pay 1,250,000 Rials'))
      t.button('Pay 1,250,000 Rials')!.click()
      await expect(result).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
      await until(() => !t.dialog())
    }
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[\w-]{22}$/)
    expect(keys[1]).not.toBe(keys[0])
  })
})

describe('a charge that completes after its widget is gone', () => {
  it.each([
    ['unmounts', (t: ReturnType<typeof rig>) => t.session.destroy()],
    ['is gone with the host', (t: ReturnType<typeof rig>) => t.host.destroy()],
  ])('reaches host.on and the trace, marked late, when the widget %s', async (_, gone) => {
    const { backend, held } = heldPayments()
    const { t, trace, heard, result } = await chargeInFlight(backend)
    await until(() => held.resolve)
    gone(t)
    // The widget hears that its page went away, never the receipt.
    expect(await result).toMatchObject({ code: 'CONNECTION_CLOSED' })
    held.resolve!({ receipt_id: 'rcpt_late' })
    await until(() => heard.length)
    expect(heard).toEqual([
      [
        'PLATFORM_PAYMENT_SUCCESS',
        { event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro', receipt_id: 'rcpt_late' },
        { app_key: 'demo', late: true },
      ],
    ])
    await until(() => trace.some((e) => e.type === 'event'))
    expect(trace.filter((e) => e.type === 'event')).toEqual([
      expect.objectContaining({
        event: 'PLATFORM_PAYMENT_SUCCESS',
        result: expect.objectContaining({ receipt_id: 'rcpt_late' }),
        late: true,
      }),
    ])
  })

  it('is not late while the widget is there', async () => {
    const { backend, held } = heldPayments()
    const { heard, trace, result } = await chargeInFlight(backend)
    await until(() => held.resolve)
    held.resolve!({ receipt_id: 'rcpt_now' })
    expect(await result).toMatchObject({ receipt_id: 'rcpt_now' })
    expect(heard.map(([, , meta]) => meta)).toEqual([{ app_key: 'demo', late: false }])
    expect(trace.find((e) => e.type === 'event')).not.toHaveProperty('late')
  })
})

describe('an adapter written without the parameter', () => {
  it('still works, and is handed the options it ignores', async () => {
    const memory = createMemoryBackend()
    const { getConsent, issueSessionToken, pay } = memory
    const handed: unknown[][] = []
    // As a panel wrote its adapter before the signal: one parameter each, no options.
    const written: Pick<BackendAdapter, 'getConsent' | 'issueSessionToken' | 'pay'> = {
      async getConsent(app_key) {
        // biome-ignore lint/complexity/noArguments: what the host passed beyond the one parameter
        handed.push([...arguments])
        return getConsent(app_key)
      },
      async issueSessionToken(request) {
        // biome-ignore lint/complexity/noArguments: what the host passed beyond the one parameter
        handed.push([...arguments])
        return issueSessionToken(request)
      },
      async pay(request) {
        // biome-ignore lint/complexity/noArguments: what the host passed beyond the one parameter
        handed.push([...arguments])
        return pay(request)
      },
    }
    await memory.recordConsent('demo', ['provider.profile.read'])
    const t = rig({ backend: Object.assign(memory, written) })
    await t.init()
    await expect(t.platform.getSessionToken({ scope: ['provider.profile.read'] })).resolves.toMatch(
      /^st_/,
    )
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await expect(result).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(memory.charges).toHaveLength(1)
    // Each got the call's options last, unread: a signal not aborted, a key with the charge.
    expect(handed.map((args) => args.length)).toEqual([2, 2, 2])
    for (const args of handed) {
      const options = args.at(-1) as { signal: AbortSignal }
      expect(options.signal).toBeInstanceOf(AbortSignal)
      expect(options.signal.aborted).toBe(false)
    }
    expect(handed[2]![1]).toHaveProperty('idempotencyKey')
    await settle()
  })
})
