import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDialog, until } from '../../test/support/index.js'
import { createTestHost, type TestHost, type TestHostOptions } from '../testing/index.js'
import type { TraceEntry } from './index.js'

/** `onTrace` sees every call, its outcome, its dialogs and its events. */
let kit: TestHost | undefined
afterEach(() => {
  kit?.destroy()
  kit = undefined
  vi.restoreAllMocks()
})

const PRO = { key: 'pro', title: 'Pro', price: 1000 }

/**
 * A kit whose host traces into `entries`, then `also`. The SDK's resize reports (happy-dom has no
 * layout: `height: null`, refused) are traced too, and left out here.
 */
async function traced(options: TestHostOptions = {}, also?: (entry: TraceEntry) => void) {
  const entries: TraceEntry[] = []
  const resizes = new Set<number>()
  kit = createTestHost({
    products: [PRO],
    install: false,
    ...options,
    host: {
      ...options.host,
      onTrace: (entry) => {
        if ('method' in entry && entry.method === 'resize') resizes.add(entry.call_id)
        if (!resizes.has(entry.call_id)) entries.push(entry)
        also?.(entry)
      },
    },
  })
  await kit.platform.initialize({ app_key: 'test-widget' })
  // The SDK's own initialize over the kit's channel is traced too; the tests start after it.
  expect(entries.map((e) => e.type === 'call' && e.method)).toContain('initialize')
  entries.length = 0
  return { kit, entries }
}

/**
 * The entries without their times, for exact comparison, and call ids counted from this test's
 * first call (1).
 */
const shape = (entries: TraceEntry[]) =>
  entries.map(({ time, ...entry }) => {
    const rest = { ...entry, call_id: entry.call_id - (entries[0]?.call_id ?? 0) + 1 }
    expect(time).toBeTypeOf('number')
    if (rest.type === 'result') {
      expect(rest.duration).toBeGreaterThanOrEqual(0)
      const { duration: _, ...plain } = rest
      return plain
    }
    return rest
  })

describe('onTrace', () => {
  it('a call, its confirmed consent dialog and its value, under one call id', async () => {
    const { kit, entries } = await traced()
    const token = await kit.platform.getSessionToken({ scope: ['provider.profile.read'] })
    expect(shape(entries)).toEqual([
      {
        type: 'call',
        app_key: 'test-widget',
        call_id: 1,
        method: 'getSessionToken',
        args: { scope: ['provider.profile.read'] },
      },
      { type: 'dialog', app_key: 'test-widget', call_id: 1, kind: 'consent', answer: 'confirm' },
      {
        type: 'result',
        app_key: 'test-widget',
        call_id: 1,
        method: 'getSessionToken',
        ok: true,
        value: token,
      },
    ])
  })

  it('a refused call: INVALID_SCOPE with its message, and no dialog', async () => {
    const { kit, entries } = await traced({ scopes: ['provider.profile.read'] })
    await expect(
      kit.platform.getSessionToken({ scope: ['provider.appointment.read'] }),
    ).rejects.toMatchObject({ code: 'INVALID_SCOPE' })
    expect(shape(entries)).toEqual([
      expect.objectContaining({ type: 'call', method: 'getSessionToken' }),
      {
        type: 'result',
        app_key: 'test-widget',
        call_id: 1,
        method: 'getSessionToken',
        ok: false,
        error: {
          code: 'INVALID_SCOPE',
          message: expect.stringContaining('provider.appointment.read'),
        },
      },
    ])
  })

  it('a cancelled payment dialog, and the PLATFORM_* event it emitted', async () => {
    const { kit, entries } = await traced()
    kit.next('payment', 'cancel')
    const result = await kit.platform.payment.pay({ product_key: 'pro', payload: { n: 1 } })
    expect(result.event).toBe('PLATFORM_PAYMENT_CANCEL')
    expect(shape(entries).map((e) => [e.type, e.call_id])).toEqual([
      ['call', 1],
      ['dialog', 1],
      ['event', 1],
      ['result', 1],
    ])
    expect(entries[1]).toMatchObject({ kind: 'payment', answer: 'cancel' })
    expect(entries[2]).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL', result })
    expect(entries[3]).toMatchObject({ ok: true, value: result })
  })

  it.each([
    ['close', 'close'],
    ['confirm', 'confirm'],
  ] as const)('a payment dialog answered %s is traced as %s', async (answer, traced_) => {
    const { kit, entries } = await traced()
    kit.next('payment', answer)
    await kit.platform.payment.pay({ product_key: 'pro' })
    expect(entries.find((e) => e.type === 'dialog')).toMatchObject({ answer: traced_ })
  })

  it('a dialog the host refused to show: DIALOG_BUSY while another is open', async () => {
    const { kit, entries } = await traced({ answerDialogs: false })
    const first = kit.platform.payment.pay({ product_key: 'pro' })
    const dialog = await until(openDialog)
    await expect(kit.platform.payment.pay({ product_key: 'pro' })).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
    })
    dialog.querySelector<HTMLButtonElement>('[data-action="close"]')!.click()
    await first
    const dialogs = entries.filter((e) => e.type === 'dialog')
    expect(dialogs).toEqual([
      expect.objectContaining({ kind: 'payment', answer: 'refused', code: 'DIALOG_BUSY' }),
      expect.objectContaining({ kind: 'payment', answer: 'close' }),
    ])
    const [refused, closed] = dialogs
    const calls = entries.filter((e) => e.type === 'call')
    expect([refused?.call_id, closed?.call_id]).toEqual([calls[1]?.call_id, calls[0]?.call_id])
  })

  it('a flood: the calls the host refuses, and those it does not answer at all', async () => {
    const { kit, entries } = await traced({
      host: { limits: { perSecond: 1, refusalsPerSecond: 1 } },
    })
    // Six at once: in a clock second, one accepted, one refused, the rest unanswered (the SDK
    // would end those with TIMEOUT; destroy ends them here). Split over two seconds, one of
    // them still has three.
    for (let i = 0; i < 6; i++) kit.platform.redirect.dispatch({ path: '/x' }).catch(() => {})
    await until(() => entries.filter((e) => e.type === 'result').length >= 6 || undefined)
    const results = entries.filter((e) => e.type === 'result')
    const codes = results.map((r) => (r.ok ? 'ok' : `${r.error.code}${r.unanswered ? '?' : ''}`))
    expect(codes).toContain('RATE_LIMITED')
    expect(codes).toContain('RATE_LIMITED?')
  })

  it('hands over frozen copies: the observer cannot change what the host charges', async () => {
    const seen: unknown[] = []
    const { kit } = await traced({}, (entry) => {
      if (entry.type !== 'call' || entry.method !== 'pay') return
      seen.push(entry.args)
      // A hostile or careless observer: in strict mode this throws, and the host carries on.
      ;(entry.args as { product_key: string }).product_key = 'other'
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await kit.platform.payment.pay({ product_key: 'pro' })
    expect(result).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro' })
    expect(kit.backend.charges).toMatchObject([{ amount: 1000 }])
    expect(seen).toEqual([{ product_key: 'pro' }])
    expect(Object.isFrozen(seen.at(-1))).toBe(true)
    expect(error).toHaveBeenCalledWith('[platform host] onTrace threw:', expect.any(TypeError))
  })

  it('an observer that throws changes no result, and is reported on the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let resize = 0
    const { kit } = await traced({}, (entry) => {
      if ('method' in entry && entry.method === 'resize') resize++
      throw new Error('observer broke')
    })
    kit.next('payment', 'cancel')
    await expect(kit.platform.payment.pay({ product_key: 'pro' })).resolves.toMatchObject({
      event: 'PLATFORM_PAYMENT_CANCEL',
    })
    await expect(kit.platform.getSessionToken({ scope: ['nope.scope'] })).rejects.toMatchObject({
      code: 'INVALID_SCOPE',
    })
    // initialize's call and result; then call, dialog, event, result; call, result; resizes.
    expect(error).toHaveBeenCalledTimes(8 + resize)
    expect(error).toHaveBeenLastCalledWith('[platform host] onTrace threw:', expect.any(Error))
  })

  it('copies nothing when no observer is set', async () => {
    // The host's copy helper clones with structuredClone, which a spy sees however the session
    // imported the helper (a module mock misses a module another test file loaded first).
    const copies = vi.spyOn(globalThis, 'structuredClone')
    const count = async (options: TestHostOptions) => {
      kit?.destroy()
      kit = createTestHost({ products: [PRO], install: false, ...options })
      await kit.platform.initialize({ app_key: 'test-widget' })
      copies.mockClear()
      await kit.platform.payment.pay({ product_key: 'pro', payload: { a: [1, 2] } })
      // happy-dom clones its own style objects too: count the copies of the call's data only.
      return copies.mock.calls.filter(([v]) => typeof v === 'object' && v && 'product_key' in v)
        .length
    }
    expect(await count({})).toBe(0)
    // The spy sees the host's copies: with an observer, the call's arguments and its result.
    expect(await count({ host: { onTrace: () => {} } })).toBeGreaterThanOrEqual(2)
  })
})
