// Scenarios: declined payments in the panel, failures and delays of the open APIs, token
// lifetimes. They count down, never touch the control API or /internal, and a reset ends them.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type ControlHarness,
  controlHarness,
  SAMPLE_DOCTOR as DOCTOR,
  PANEL,
} from '../test-harness.js'

let h: ControlHarness
beforeEach(() => {
  h = controlHarness()
})

const setScenario = (json: unknown) => h.call('PUT', '/control/v1/scenario', { json })
const mint = (json: Record<string, unknown> = {}) =>
  h.call('POST', '/control/v1/session-tokens', { json: { app_key: 'demo-doctor', ...json } })
const exchange = (session_token: string) =>
  h.call('POST', `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
    headers: { 'x-api-key': DOCTOR.developer_key },
    json: { session_token },
  })
const panelPay = (json: unknown) =>
  h.call('POST', '/internal/users/dr-1/apps/demo-doctor/payments', {
    headers: { origin: PANEL },
    json,
  })
const PRO = { kind: 'pay', product_key: 'pro', amount: 1_250_000 }

describe('the scenario document', () => {
  it('is set, read and cleared; what is not given is back to normal', async () => {
    const normal = {
      decline_next_payments: 0,
      fail: null,
      delay_ms: 0,
      token_ttl: { session: 60, access: 3600 },
    }
    expect((await h.call('GET', '/control/v1/scenario')).body).toEqual(normal)
    const set = await setScenario({ fail: { status: 500 }, token_ttl: { access: 5 } })
    expect(set.body).toEqual({
      ...normal,
      fail: { status: 500, times: 1, path_prefix: '/' },
      token_ttl: { session: 60, access: 5 },
    })
    const replaced = await setScenario({ decline_next_payments: 2 })
    expect(replaced.body).toEqual({ ...normal, decline_next_payments: 2 })
    expect((await h.call('DELETE', '/control/v1/scenario')).body).toEqual(normal)
  })

  it('refuses what is out of bounds, naming the field', async () => {
    for (const bad of [
      { delay_ms: 30_001 },
      { delay_ms: -1 },
      { fail: { status: 200 } },
      { fail: { status: 500, times: 0 } },
      { fail: { status: 500, path_prefix: 'v1' } },
      { fail: { status: 500, path_prefix: '/control/v1/' } },
      { fail: { status: 500, path_prefix: '/internal/' } },
      { token_ttl: { session: 0 } },
      { decline_next_payments: 1.5 },
    ]) {
      const res = await setScenario(bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body.error).toBe('INVALID_INPUT')
      expect(res.body.message).toMatch(Object.keys(bad)[0]!)
    }
    expect(h.emulator.state.scenario.delay_ms).toBe(0)
  })
})

describe('failures', () => {
  it('the next N open-API calls under the prefix answer the status, then normal again', async () => {
    await setScenario({ fail: { status: 503, times: 2, path_prefix: '/api/v1/apps/' } })
    const token = (await mint()).body.session_token
    const first = await exchange(token)
    expect(first.status).toBe(503)
    expect(first.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE' })
    expect(first.body.message).toMatch(/1 more/)
    // Outside the prefix: untouched, and not counted.
    expect((await h.call('GET', '/v1/sms/balance')).status).toBe(401)
    expect((await exchange(token)).status).toBe(503)
    expect((await exchange(token)).status).toBe(200)
    expect((await h.call('GET', '/control/v1/scenario')).body.fail).toBeNull()
  })

  it('never applies to the control API nor the panel', async () => {
    await setScenario({ fail: { status: 500, times: 5 } })
    expect((await mint()).status).toBe(201)
    const internal = await h.call('GET', '/internal/users/dr-1/sms', { headers: { origin: PANEL } })
    expect(internal.status).toBe(200)
    expect((await h.call('GET', '/openapi.json')).status).toBe(200)
    expect(h.emulator.state.scenario.fail?.times).toBe(5)
    // A backend's call (credentials, no browser signs): scenario-browser.test.ts has the rest.
    const backend = { headers: { authorization: 'Bearer x' } }
    expect((await h.call('GET', '/v1/sms/balance', backend)).status).toBe(500)
  })
})

describe('delay', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('holds each open-API call, not the control API', async () => {
    // On a fake clock: the order of what settles, never the wall clock (a loaded machine).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await setScenario({ delay_ms: 150 })
    // A backend's call (credentials, no browser signs): scenario-browser.test.ts has the rest.
    const backend = { headers: { authorization: 'Bearer x' } }
    let answered = false
    const held = h.call('GET', '/v1/sms/balance', backend).then((res) => {
      answered = true
      return res
    })
    // Until the middleware has set its timer (vi.waitFor would move the fake clock itself).
    for (let i = 0; i < 100 && vi.getTimerCount() === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(149)
    expect(answered).toBe(false)
    // The control API answers while the open-API call is still held, the clock standing still.
    expect((await h.call('GET', '/control/v1/scenario')).body.delay_ms).toBe(150)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await held).status).toBe(401)
    expect(answered).toBe(true)
  })
})

describe('token lifetimes', () => {
  it("session tokens (the panel's too) and access tokens live the seconds asked", async () => {
    await setScenario({ token_ttl: { session: 5, access: 10 } })
    const minted = await mint({ scopes: ['provider.sms.read'] })
    expect(minted.body.expires_in).toBe(5)
    const panel = await h.call('POST', '/internal/users/dr-1/apps/demo-doctor/session-tokens', {
      headers: { origin: PANEL },
      json: { scopes: ['provider.sms.read'] },
    })
    expect(panel.body.expires_in).toBe(5)
    h.clock.now += 6_000
    expect((await exchange(panel.body.session_token)).body.message).toMatch(/expired/)
    const fresh = await exchange((await mint({ scopes: ['provider.sms.read'] })).body.session_token)
    expect(fresh.body.expires_in).toBe(10)
    await h.call('PUT', '/control/v1/sms', { json: { app_key: 'demo-doctor', activated: true } })
    const balance = () =>
      h.call('GET', '/v1/sms/balance', {
        headers: { authorization: `Bearer ${fresh.body.access_token}` },
      })
    expect((await balance()).status).toBe(200)
    h.clock.now += 11_000
    expect((await balance()).body.error).toBe('INVALID_ACCESS_TOKEN')
  })
})

describe('declined payments', () => {
  it('the next N payments in the panel decline with 402 PAYMENT_DECLINED, nothing charged', async () => {
    await setScenario({ decline_next_payments: 2 })
    for (const json of [PRO, { kind: 'subscribe', plan_key: 'monthly', amount: 300_000 }]) {
      const declined = await panelPay(json)
      expect(declined.status).toBe(402)
      expect(declined.body.error).toBe('PAYMENT_DECLINED')
      expect(declined.body.message).toMatch(/declined/)
    }
    expect(h.emulator.state.receipts.size).toBe(1)
    await h.emulator.webhooks.settled()
    expect(h.emulator.state.webhooks).toEqual([])
    const paid = await panelPay(PRO)
    expect(paid.status).toBe(200)
    expect(paid.body.receipt_id).toMatch(/^pay_/)
  })

  it('an invalid payment is still a 400, and is not counted', async () => {
    await setScenario({ decline_next_payments: 1 })
    expect((await panelPay({ ...PRO, amount: 1 })).status).toBe(400)
    expect((await panelPay(PRO)).status).toBe(402)
  })

  it('a platform receipt declines and stays unpaid', async () => {
    await setScenario({ decline_next_payments: 1 })
    const pay = () =>
      h.call('POST', '/internal/users/pt-1/apps/demo-booking/payments', {
        headers: { origin: PANEL },
        json: { kind: 'pay', receipt_id: 'rcpt-visit-1001', amount: 350_000 },
      })
    expect((await pay()).status).toBe(402)
    expect(h.emulator.state.receipts.get('rcpt-visit-1001')!.status).toBe('issued')
    expect((await pay()).status).toBe(200)
  })

  it('the control API completes a payment whatever the scenario says', async () => {
    await setScenario({ decline_next_payments: 1 })
    const paid = await h.call('POST', '/control/v1/payments', {
      json: { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' },
    })
    expect(paid.status).toBe(201)
    expect(h.emulator.state.scenario.decline_next_payments).toBe(1)
  })
})
