// The control API: refused to browsers, its own OpenAPI document (every route in it, none in
// /openapi.json), and its actions: reset, session tokens the token exchange takes, payments
// that verify and send their webhook, SMS.

import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { banner } from '../../start.js'
import {
  sampleWidgets as apps,
  SAMPLE_BOOKING as BOOKING,
  type ControlHarness,
  controlHarness,
  SAMPLE_DOCTOR as DOCTOR,
  ORIGIN,
  PANEL,
  WEBHOOK_APP,
} from '../test-harness.js'

let h: ControlHarness
beforeEach(() => {
  h = controlHarness()
})

const exchange = (session_token: string, app = DOCTOR) =>
  h.call('POST', `/api/v1/apps/${app.app_key}/oauth/access_token`, {
    headers: { 'x-api-key': app.developer_key },
    json: { session_token },
  })

describe('browsers are refused', () => {
  const browserHeaders: Record<string, string>[] = [
    { origin: 'http://localhost:5173' },
    { origin: 'null' },
    { origin: PANEL },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-mode': 'no-cors' },
    { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    { 'sec-fetch-dest': 'document' },
    { 'sec-fetch-mode': 'navigate' },
    { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site' },
  ]
  it.each(browserHeaders)(
    '403 CONTROL_FROM_BROWSER with %o, and nothing changes',
    async (headers) => {
      const before = h.emulator.state
      for (const [method, path, json] of [
        ['POST', '/control/v1/reset', undefined],
        ['POST', '/control/v1/session-tokens', { app_key: 'demo-doctor' }],
        [
          'POST',
          '/control/v1/payments',
          { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' },
        ],
        ['PUT', '/control/v1/sms', { app_key: 'demo-doctor', activated: true, credit: 5 }],
        ['PUT', '/control/v1/scenario', { decline_next_payments: 3 }],
        ['POST', '/control/v1/sandboxes', {}],
        // Would make the emulator send signed webhooks to the developer's backend.
        [
          'POST',
          '/control/v1/webhooks/trigger',
          { app_key: 'demo-doctor', type: 'payment.succeeded' },
        ],
        ['POST', '/control/v1/webhooks/deliveries/evt_0/resend', undefined],
        ['GET', '/control/v1/webhooks/deliveries', undefined],
        ['GET', '/control/v1/scenario', undefined],
        ['GET', '/control/v1/openapi.json', undefined],
      ] as const) {
        const res = await h.call(method, path, { json, headers })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(res.body.error).toBe('CONTROL_FROM_BROWSER')
      }
      // A form post or a no-cors text body: refused before the body is read.
      const form = await h.call('POST', '/control/v1/reset', {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      })
      expect(form.status).toBe(403)
      expect(h.emulator.state).toBe(before)
      expect(h.emulator.state.receipts.size).toBe(1)
      expect(h.emulator.state.sessionTokens.size).toBe(0)
      expect(h.emulator.state.users.get('dr-1')!.sms).toEqual({ active: false, credit: 0 })
      expect(h.emulator.state.scenario.decline_next_payments).toBe(0)
      await h.emulator.webhooks.settled()
      expect(h.emulator.state.webhooks).toEqual([])
      expect(h.sent).toEqual([])
    },
  )

  it("answers the same call from a program: no header, or Node's fetch's Sec-Fetch-Mode: cors", async () => {
    expect((await h.call('GET', '/control/v1/scenario')).status).toBe(200)
    const node = await h.call('PUT', '/control/v1/scenario', {
      headers: { 'sec-fetch-mode': 'cors' },
      json: { delay_ms: 1 },
    })
    expect(node.status).toBe(200)
  })

  it('keeps the Host check of the rest of the emulator', async () => {
    const res = await h.emulator.app.request('http://evil.example:4402/control/v1/reset', {
      method: 'POST',
    })
    expect(res.status).toBe(403)
    expect(await res.text()).toMatch(/^Blocked request/)
  })
})

describe('the OpenAPI document', () => {
  it("is named in the dev command's banner", () => {
    const text = banner(
      { origins: { panel: PANEL, widgets: {}, emulator: ORIGIN }, apps, close: async () => {} },
      { apps: [] },
    )
    expect(text).toContain(
      `createEmulatorControl(): sandboxes, tokens, payments, failures (its operations: ${ORIGIN}/control/v1/openapi.json)`,
    )
  })

  it('is named on the front page, to fetch from a program', async () => {
    const page = await h.emulator.app.request('http://127.0.0.1:4402/')
    expect(await page.text()).toContain('curl http://127.0.0.1:4402/control/v1/openapi.json')
  })

  it('is served at /control/v1/openapi.json and is the committed one', async () => {
    const { status, body } = await h.call('GET', '/control/v1/openapi.json')
    expect(status).toBe(200)
    const committed = JSON.parse(
      readFileSync(new URL('../../../server/control-openapi.json', import.meta.url), 'utf8'),
    )
    expect(body).toEqual(committed)
  })

  it('documents every control route, and no control route is in /openapi.json', async () => {
    const doc = (await h.call('GET', '/control/v1/openapi.json')).body
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    const routes = h.emulator.app.routes
      .filter(
        (r) =>
          r.path.startsWith('/control/') && r.method !== 'ALL' && !r.path.endsWith('openapi.json'),
      )
      .map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`)
    expect(new Set(routes)).toEqual(new Set(documented))
    expect(documented.length).toBeGreaterThanOrEqual(9)
    const main = (await h.call('GET', '/openapi.json')).body
    expect(Object.keys(main.paths).filter((p) => p.startsWith('/control'))).toEqual([])
    expect(JSON.stringify(main)).not.toContain('CONTROL_FROM_BROWSER')
  })
})

describe('session tokens', () => {
  it('mints one the token exchange takes, once, with the scopes asked', async () => {
    const minted = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', user_id: 'dr-2', scopes: ['provider.sms.read'] },
    })
    expect(minted.status).toBe(201)
    expect(minted.body).toMatchObject({
      app_key: 'demo-doctor',
      user_id: 'dr-2',
      scopes: ['provider.sms.read'],
      expires_in: 60,
      expires_at: new Date(h.clock.now + 60_000).toISOString(),
    })
    const first = await exchange(minted.body.session_token)
    expect(first.status).toBe(200)
    expect(first.body.scope).toBe('provider.sms.read')
    expect((await exchange(minted.body.session_token)).body.error).toBe('INVALID_SESSION_TOKEN')
    const profile = await h.call('GET', '/v1/user/information', {
      headers: { authorization: `Bearer ${first.body.access_token}` },
    })
    expect(profile.body.error).toBe('INSUFFICIENT_SCOPE')
  })

  it('defaults to dr-1 and every scope the widget has enabled', async () => {
    const minted = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor' },
    })
    expect(minted.body.user_id).toBe('dr-1')
    expect(minted.body.scopes).toEqual(DOCTOR.scopes)
  })

  it('refuses a scope the widget has not enabled, and provider.* in the booking flow', async () => {
    const notEnabled = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-booking', user_id: 'pt-1', scopes: ['provider.sms.read'] },
    })
    expect(notEnabled.status).toBe(403)
    expect(notEnabled.body.error).toBe('INVALID_SCOPE')
    const booking = await h.call('POST', '/control/v1/session-tokens', {
      json: {
        app_key: 'demo-doctor',
        context: 'booking-flow',
        scopes: ['provider.profile.read'],
      },
    })
    expect(booking.status).toBe(403)
    expect(booking.body.message).toMatch(/booking flow/)
    const defaults = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', context: 'booking-flow' },
    })
    expect(defaults.body.scopes).toEqual(['app.chatbot.messaging'])
  })

  it('refuses provider.* for a user who is not a provider, and leaves them out by default', async () => {
    const patient = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', user_id: 'pt-1', scopes: ['provider.profile.read'] },
    })
    expect(patient.status).toBe(403)
    expect(patient.body.error).toBe('INVALID_SCOPE')
    const defaults = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', user_id: 'pt-1' },
    })
    expect(defaults.status).toBe(201)
    expect(defaults.body.scopes).toEqual(['app.chatbot.messaging'])
  })

  it('mints no token without a scope: none asked is 400, none left to give is 403', async () => {
    const none = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', scopes: [] },
    })
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('INVALID_INPUT')
    // A widget that enables no scope: its default is nothing to give.
    const bare = controlHarness({ apps: [...apps, WEBHOOK_APP] })
    const empty = await bare.call('POST', '/control/v1/session-tokens', {
      json: { app_key: WEBHOOK_APP.app_key },
    })
    expect(empty.status).toBe(403)
    expect(empty.body).toMatchObject({ error: 'INVALID_SCOPE', message: /No scope to give/ })
  })

  it('answers 404 for an unknown widget or user, 400 for a malformed body', async () => {
    const cases = [
      [{ app_key: 'nope' }, 404, 'APP_NOT_FOUND'],
      [{ app_key: 'demo-doctor', user_id: 'nobody' }, 404, 'NOT_FOUND'],
      [{ app_key: 'demo-doctor', scopes: ['NOT A SCOPE'] }, 400, 'INVALID_INPUT'],
      [{}, 400, 'INVALID_INPUT'],
    ] as const
    for (const [json, status, error] of cases) {
      const res = await h.call('POST', '/control/v1/session-tokens', { json })
      expect(res.status, JSON.stringify(json)).toBe(status)
      expect(res.body.error, JSON.stringify(json)).toBe(error)
      expect(typeof res.body.message).toBe('string')
    }
  })
})

describe('an unknown widget', () => {
  // One code for one error on every route that takes an app_key, the webhook routes' included.
  it.each([
    ['POST', '/control/v1/session-tokens', { app_key: 'nope' }],
    ['POST', '/control/v1/payments', { app_key: 'nope', kind: 'pay', product_key: 'pro' }],
    ['PUT', '/control/v1/sms', { app_key: 'nope', credit: 1 }],
    ['POST', '/control/v1/webhooks/trigger', { app_key: 'nope', type: 'payment.succeeded' }],
  ] as const)('%s %s answers 404 APP_NOT_FOUND', async (method, path, json) => {
    const res = await h.call(method, path, { json })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('APP_NOT_FOUND')
    expect(res.body.message).toMatch(/No widget "nope" is registered/)
  })
})

describe('payments', () => {
  const verify = (receipt_id: string, app = DOCTOR) =>
    h.call('POST', `/api/v1/apps/${app.app_key}/monetization/verify`, {
      headers: { 'x-api-key': app.developer_key },
      json: { receipt_id },
    })

  it('a product: a paid receipt verify accepts once, and the webhook as when a user pays', async () => {
    const paid = await h.call('POST', '/control/v1/payments', {
      json: { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro', payload: { order: 7 } },
    })
    expect(paid.status).toBe(201)
    expect(paid.body).toMatchObject({
      kind: 'product',
      product_key: 'pro',
      amount: 1_250_000,
      user_id: 'dr-1',
      payload: { order: 7 },
    })
    const verified = await verify(paid.body.receipt_id)
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ kind: 'product', key: 'pro', payload: { order: 7 } })
    expect((await verify(paid.body.receipt_id)).body.error).toBe('RECEIPT_ALREADY_VERIFIED')
    await h.emulator.webhooks.settled()
    expect(h.sent.map((s) => s.event.type)).toEqual(['payment.succeeded'])
    expect(h.sent[0]!.event.data).toMatchObject({
      receipt_id: paid.body.receipt_id,
      amount: 1_250_000,
    })
  })

  it('a subscription, and a receipt the backend created', async () => {
    const sub = await h.call('POST', '/control/v1/payments', {
      json: { app_key: 'demo-doctor', kind: 'subscribe', plan_key: 'yearly' },
    })
    expect(sub.body).toMatchObject({ kind: 'subscription', plan_key: 'yearly', amount: 3_000_000 })
    expect((await verify(sub.body.receipt_id)).body.key).toBe('yearly')
    const receipt = await h.call('POST', '/control/v1/payments', {
      json: { app_key: 'demo-booking', kind: 'pay', receipt_id: 'rcpt-visit-1001' },
    })
    expect(receipt.body).toMatchObject({ kind: 'receipt', user_id: 'pt-1', amount: 350_000 })
    expect((await verify('rcpt-visit-1001', BOOKING)).status).toBe(200)
    const again = await h.call('POST', '/control/v1/payments', {
      json: { app_key: 'demo-booking', kind: 'pay', receipt_id: 'rcpt-visit-1001' },
    })
    expect(again.body.error).toBe('RECEIPT_ALREADY_PAID')
    await h.emulator.webhooks.settled()
    expect(h.sent.map((s) => s.event.type)).toEqual(['subscription.succeeded', 'payment.succeeded'])
  })

  it('refuses an unknown product or plan, or none', async () => {
    const cases = [
      [{ app_key: 'demo-doctor', kind: 'pay', product_key: 'gold' }, 404],
      [{ app_key: 'demo-doctor', kind: 'subscribe' }, 400],
      [{ app_key: 'demo-doctor', kind: 'refund' }, 400],
      [{ app_key: 'demo-doctor', kind: 'pay', receipt_id: 'rcpt-nope' }, 404],
    ] as const
    for (const [json, status] of cases) {
      expect((await h.call('POST', '/control/v1/payments', { json })).status).toBe(status)
    }
    expect(h.emulator.state.receipts.size).toBe(1)
  })
})

describe('SMS and reset', () => {
  it("sets a doctor's activation and credit, which the open APIs then see", async () => {
    const set = await h.call('PUT', '/control/v1/sms', {
      json: { app_key: 'demo-doctor', activated: true, credit: 3 },
    })
    expect(set.body).toEqual({ user_id: 'dr-1', activated: true, credit: 3 })
    const minted = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor', scopes: ['provider.sms.read'] },
    })
    const access = (await exchange(minted.body.session_token)).body.access_token
    const balance = await h.call('GET', '/v1/sms/balance', {
      headers: { authorization: `Bearer ${access}` },
    })
    expect(balance.body).toEqual({ credit: 3 })
    const partial = await h.call('PUT', '/control/v1/sms', {
      json: { app_key: 'demo-doctor', credit: 0 },
    })
    expect(partial.body).toEqual({ user_id: 'dr-1', activated: true, credit: 0 })
    const patient = await h.call('PUT', '/control/v1/sms', {
      json: { app_key: 'demo-doctor', user_id: 'pt-1', activated: true },
    })
    expect(patient.body.error).toBe('NOT_A_PROVIDER')
  })

  it('reset: back to the fixtures, tokens of before refused', async () => {
    await h.call('PUT', '/control/v1/sms', { json: { app_key: 'demo-doctor', activated: true } })
    const minted = await h.call('POST', '/control/v1/session-tokens', {
      json: { app_key: 'demo-doctor' },
    })
    await h.call('PUT', '/control/v1/scenario', { json: { decline_next_payments: 2 } })
    const reset = await h.call('POST', '/control/v1/reset')
    expect(reset).toMatchObject({ status: 200, body: { reset: true } })
    expect(h.emulator.state.users.get('dr-1')!.sms.active).toBe(false)
    expect(h.emulator.state.scenario.decline_next_payments).toBe(0)
    expect((await exchange(minted.body.session_token)).body.error).toBe('INVALID_SESSION_TOKEN')
  })
})
