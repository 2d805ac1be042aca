import { afterEach, describe, expect, it } from 'vitest'
import { until } from '../../test/support/index.js'
import { createTestHost, type TestHost, type TestHostOptions } from '../testing/index.js'
import type { TraceEntry } from './index.js'

/**
 * `onTrace` sees a widget's arguments only once the host admitted the call and its arguments
 * passed the host's checks: what a refused call sent (any size) is never handed to the panel.
 */
let kit: TestHost | undefined
afterEach(() => {
  kit?.destroy()
  kit = undefined
})

const PRO = { key: 'pro', title: 'Pro', price: 1000 }

async function traced(options: TestHostOptions = {}) {
  const entries: TraceEntry[] = []
  kit = createTestHost({
    products: [PRO],
    install: false,
    ...options,
    host: {
      ...options.host,
      onTrace: (entry) => {
        if (!('method' in entry) || (entry.method !== 'resize' && entry.method !== 'initialize')) {
          entries.push(entry)
        }
      },
    },
  })
  await kit.platform.initialize({ app_key: 'test-widget' })
  return { kit, entries }
}

/** Characters of every string reachable from the entries: what the panel would hold. */
function held(value: unknown, seen = new Set<unknown>()): number {
  if (typeof value === 'string') return value.length
  if (!value || typeof value !== 'object' || seen.has(value)) return 0
  seen.add(value)
  return Object.values(value).reduce<number>((n, v) => n + held(v, seen), 0)
}

const calls = (entries: TraceEntry[]) => entries.filter((e) => e.type === 'call')

describe('onTrace and the argument checks', () => {
  it('a 2 MB key the host refuses: its call is traced without arguments', async () => {
    const { kit, entries } = await traced()
    const huge = 'x'.repeat(2_000_000)
    await expect(kit.platform.payment.pay({ product_key: huge })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    await until(() => entries.some((e) => e.type === 'result') || undefined)
    expect(calls(entries)).toEqual([expect.objectContaining({ method: 'pay' })])
    expect(calls(entries)[0]).not.toHaveProperty('args')
    expect(entries.find((e) => e.type === 'result')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    })
    // The error message names the field, not the value: far below the 2 MB sent.
    expect(held(entries)).toBeLessThan(1000)
  })

  it('a payload over the 16 KiB budget: refused, and not traced', async () => {
    const { kit, entries } = await traced()
    const payload = { big: 'y'.repeat(100_000) }
    await expect(kit.platform.payment.pay({ product_key: 'pro', payload })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    expect(calls(entries)[0]).not.toHaveProperty('args')
    expect(held(entries)).toBeLessThan(1000)
  })

  it('a call refused by the rate limit is traced with its code and no arguments', async () => {
    const { kit, entries } = await traced({
      host: { limits: { perSecond: 1, refusalsPerSecond: 5 } },
    })
    for (let i = 0; i < 4; i++) {
      kit.platform.redirect.dispatch({ path: `/x${'z'.repeat(1000)}` }).catch(() => {})
    }
    await until(() => entries.filter((e) => e.type === 'result').length >= 4 || undefined)
    const refused = entries
      .filter((e) => e.type === 'result' && !e.ok && e.error.code === 'RATE_LIMITED')
      .map((e) => e.call_id)
    expect(refused.length).toBeGreaterThan(0)
    for (const call of calls(entries)) {
      if (refused.includes(call.call_id)) expect(call).not.toHaveProperty('args')
      else expect(call).toMatchObject({ args: { path: expect.stringMatching(/^\/x/) } })
    }
  })

  it('an admitted call is traced with its arguments as the host checked them', async () => {
    const { kit, entries } = await traced({ scopes: ['provider.profile.read'] })
    kit.next('consent', 'confirm')
    // `appId` is accepted and ignored by the host (the original SDK's field): never traced.
    await kit.platform.getSessionToken({
      scope: 'provider.profile.read',
      appId: 'z'.repeat(1_000_000),
    } as never)
    expect(calls(entries)[0]).toMatchObject({ args: { scope: ['provider.profile.read'] } })
    expect(held(entries)).toBeLessThan(2000)
  })

  it('checks for the trace change no answer: the handler still decides the error', async () => {
    // payForDoctorService refuses the context before it reads its arguments.
    const { kit, entries } = await traced({ context: 'doctor-panel' })
    await expect(
      kit.platform.payment.payForDoctorService({ amount: -1 } as never),
    ).rejects.toMatchObject({ code: 'WRONG_CONTEXT' })
    expect(calls(entries)[0]).not.toHaveProperty('args')
  })
})
