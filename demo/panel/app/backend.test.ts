// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DOCTOR, devKey, type Harness, harness, PANEL } from '../../emulator/test-harness.js'
import { createHttpBackend } from './backend.js'

const EMULATOR = 'http://127.0.0.1:4410'
let h: Harness

beforeEach(() => {
  h = harness()
  // The panel's fetches reach the emulator in process, with the Origin a browser would send.
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    expect(input.startsWith(`${EMULATOR}/internal/`)).toBe(true)
    return h.emulator.app.request(input.slice(EMULATOR.length), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), origin: PANEL },
    })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const channels = async () =>
  (
    await h.call('GET', `/api/v1/apps/${DOCTOR.app_key}/channels/`, { headers: devKey() })
  ).body.channels.map((c: { provider_id: string }) => c.provider_id)

describe("the demo panel's profile methods", () => {
  it('addToProfile records the channel of spec 4.5; removeFromProfile takes it away', async () => {
    const backend = createHttpBackend({ emulator: EMULATOR, user: 'dr-2', locale: 'en' })
    expect(await channels()).not.toContain('dr-2')
    await backend.addToProfile!(DOCTOR.app_key)
    expect(await channels()).toContain('dr-2')
    const one = await h.call('GET', `/api/v1/apps/${DOCTOR.app_key}/channels/dr-2`, {
      headers: devKey(),
    })
    expect(one.body).toMatchObject({ enabled: true, placements: DOCTOR.contexts })
    // Twice is the same channel, not a second one.
    await backend.addToProfile!(DOCTOR.app_key)
    expect((await channels()).filter((id: string) => id === 'dr-2')).toHaveLength(1)
    await backend.removeFromProfile!(DOCTOR.app_key)
    expect(await channels()).not.toContain('dr-2')
    // Removing what is not there is done, not an error.
    await expect(backend.removeFromProfile!(DOCTOR.app_key)).resolves.toBeUndefined()
  })

  it('purgeProfileCache is spec 4.2’s purge for the signed-in doctor', async () => {
    const backend = createHttpBackend({ emulator: EMULATOR, user: 'dr-1', locale: 'en' })
    h.clock.now += 5_000
    await backend.purgeProfileCache!()
    expect(h.emulator.state.profilePurges.get('dr-1')).toBe(h.clock.now)
  })

  it('refuses a patient with the emulator’s message', async () => {
    const backend = createHttpBackend({ emulator: EMULATOR, user: 'pt-1', locale: 'en' })
    await expect(backend.addToProfile!(DOCTOR.app_key)).rejects.toThrow(/not a provider/)
    await expect(backend.purgeProfileCache!()).rejects.toThrow(/not a provider/)
    expect(await channels()).not.toContain('pt-1')
  })
})

describe('the emulator’s internal profile routes', () => {
  it('answer the panel only', async () => {
    for (const [method, path] of [
      ['PUT', `/internal/users/dr-2/apps/${DOCTOR.app_key}/channel`],
      ['DELETE', `/internal/users/dr-1/apps/${DOCTOR.app_key}/channel`],
      ['POST', '/internal/users/dr-1/profile/purge-cache'],
    ] as const) {
      const res = await h.call(method, path, { headers: { origin: 'http://localhost:4401' } })
      expect(res.status, path).toBe(403)
    }
    expect(await channels()).not.toContain('dr-2')
    expect(h.emulator.state.profilePurges.size).toBe(0)
  })

  it('allow DELETE from the panel in CORS', async () => {
    const res = await h.emulator.app.request(
      `/internal/users/dr-1/apps/${DOCTOR.app_key}/channel`,
      {
        method: 'OPTIONS',
        headers: {
          origin: PANEL,
          'access-control-request-method': 'DELETE',
        },
      },
    )
    expect(res.headers.get('access-control-allow-methods')).toContain('DELETE')
  })
})

describe("the bridge inspector's webhook log", () => {
  it("reads one widget's deliveries from /internal/webhooks", async () => {
    const delivery = (id: string, app_key: string) =>
      ({
        id,
        app_key,
        type: 'payment.succeeded',
        url: null,
        status: 'skipped',
        attempts: 0,
        event: { type: 'payment.succeeded', id, created_at: '', app_key, data: {} },
      }) as never
    h.emulator.state.webhooks.push(delivery('evt_1', DOCTOR.app_key), delivery('evt_2', 'other'))
    const backend = createHttpBackend({ emulator: EMULATOR, user: 'dr-1', locale: 'en' })
    const list = await backend.webhookDeliveries(DOCTOR.app_key)
    expect(list.map((d) => d.id)).toEqual(['evt_1'])
  })
})

describe("the dev panel's payment test outcomes", () => {
  it('offers every outcome; each tells the emulator, which answers as the platform would', async () => {
    const backend = createHttpBackend({ emulator: EMULATOR, user: 'dr-1', locale: 'en' })
    expect(backend.testOutcomes.outcomes).toEqual([
      'succeed',
      'declined',
      'insufficient_funds',
      'platform_error',
      'timeout',
    ])
    const request = { app_key: DOCTOR.app_key, product_key: 'pro', amount: 1_250_000 }
    await expect(backend.testOutcomes.withOutcome('declined').pay(request)).rejects.toThrow(
      'The card was declined',
    )
    await expect(
      backend.testOutcomes.withOutcome('platform_error').subscribe({
        app_key: DOCTOR.app_key,
        plan_key: 'monthly',
        amount: 300_000,
      }),
    ).rejects.toThrow('The payment platform failed')
    expect([...h.emulator.state.receipts.values()].filter((r) => r.status === 'paid')).toEqual([])
    const { receipt_id } = await backend.testOutcomes.withOutcome('succeed').pay(request)
    expect(h.emulator.state.receipts.get(receipt_id)?.status).toBe('paid')
    // The adapter's own pay is the succeed outcome.
    expect((await backend.pay(request)).receipt_id).toMatch(/^pay_/)
  })
})
