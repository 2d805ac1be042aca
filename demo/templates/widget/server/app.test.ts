// The backend against the platform emulator: the one test/global-setup.ts started (or the one
// PLATFORM_URL names). This file takes a sandbox of its own, a fresh state no other test run
// sees, and steers it through the emulator's control API (/control/v1) as the panel's user would:
// a consented session token, a paid receipt, a webhook sent to this backend. `signWebhook` signs
// webhooks as the platform does, for the cases the platform would never send.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  createEmulatorControl,
  type EmulatorSandbox,
  PlatformApiError,
  PlatformError,
  type PlatformWebhookEvent,
  signWebhook,
} from 'platform-widget-server'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import config from '../platform.config.json'
import { ApiError, createApp, toApiError } from './app'

const APP_KEY = config.apps[0]!.app_key

describe('the backend', () => {
  const emulator = createEmulatorControl({ baseUrl: inject('platformUrl') })
  const webhooks: PlatformWebhookEvent[] = []
  let sandbox: EmulatorSandbox
  let backend!: ReturnType<typeof createApp>
  let server: ReturnType<typeof serve>

  beforeAll(async () => {
    // A free port first, for the sandbox to send webhooks to; the backend behind it is made
    // once the sandbox has given this widget's keys.
    server = serve({ fetch: (request) => backend.fetch(request), port: 0, hostname: '127.0.0.1' })
    await new Promise((listening) => server.once('listening', listening))
    const { port } = server.address() as AddressInfo
    sandbox = await emulator.createSandbox({
      apps: [
        {
          app_key: APP_KEY,
          webhook_url: `http://127.0.0.1:${port}/webhooks/platform`,
          // A weekly plan keyed like the product, for 1 Rial: what a hostile page would buy.
          plans: [{ key: 'pro', price: 1, period: 'week' }],
          // A second scope, for a token that lacks the profile's.
          scopes: ['provider.profile.read', 'provider.appointment.read'],
        },
      ],
    })
    const mine = sandbox.apps.find((app) => app.app_key === APP_KEY)!
    backend = createApp({
      appKey: APP_KEY,
      apiKey: mine.developer_key,
      webhookSecret: mine.webhook_secret,
      platformUrl: sandbox.url,
      onWebhook: (event) => void webhooks.push(event),
    })
  })
  afterAll(async () => {
    try {
      await sandbox?.delete()
    } finally {
      // Awaited: vitest would otherwise end with the server still listening.
      await new Promise<void>((closed) => (server ? server.close(() => closed()) : closed()))
    }
  })

  const post = (path: string, body: unknown, type = 'application/json') =>
    backend.request(path, {
      method: 'POST',
      headers: { 'content-type': type },
      body: JSON.stringify(body),
    })

  it("exchanges the page's session token and answers the doctor's name, once per token", async () => {
    const { session_token } = await sandbox.control.mintSessionToken({
      app_key: APP_KEY,
      user_id: 'dr-1',
      scopes: ['provider.profile.read'],
    })
    const answer = await post('/api/session', { session_token })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ doctor: { id: 'dr-1', name: expect.any(String) } })
    // A session token is single-use: the page must ask for a new one.
    const again = await post('/api/session', { session_token })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ error: 'INVALID_SESSION_TOKEN' })
  })

  /** A session token of `user_id`'s, as the page gets it once the doctor has consented. */
  const sessionOf = async (user_id: string) =>
    (
      await sandbox.control.mintSessionToken({
        app_key: APP_KEY,
        user_id,
        scopes: ['provider.profile.read'],
      })
    ).session_token
  /** A receipt `user_id` paid for Pro, as if in the payment dialog (the platform sends its webhook). */
  const paidBy = async (user_id: string) =>
    (
      await sandbox.control.completePayment({
        app_key: APP_KEY,
        user_id,
        kind: 'pay',
        product_key: 'pro',
      })
    ).receipt_id

  it("grants Pro for the doctor's own paid receipt, and gets its webhook", async () => {
    const receipt_id = await paidBy('dr-1')
    const verified = await post('/api/verify', {
      session_token: await sessionOf('dr-1'),
      receipt_id,
    })
    expect(verified.status).toBe(200)
    expect(await verified.json()).toEqual({ pro: true, user_id: 'dr-1' })
    // The platform's payment.succeeded webhook, verified with this sandbox's secret.
    await vi.waitFor(() =>
      expect(webhooks).toContainEqual(
        expect.objectContaining({
          type: 'payment.succeeded',
          data: expect.objectContaining({ receipt_id }),
        }),
      ),
    )
  })

  it("refuses another doctor's receipt (403), first or replayed, and still grants its payer", async () => {
    // Doctor 2 paid; doctor 1's page sends doctor 2's receipt id with its own session token.
    const receipt_id = await paidBy('dr-2')
    const stolen = await post('/api/verify', { session_token: await sessionOf('dr-1'), receipt_id })
    expect(stolen.status).toBe(403)
    expect(await stolen.json()).toMatchObject({ error: 'RECEIPT_OF_ANOTHER_USER' })
    // The platform verifies a receipt once, and this backend has: its payer still gets Pro.
    const payer = await post('/api/verify', { session_token: await sessionOf('dr-2'), receipt_id })
    expect(payer.status).toBe(200)
    expect(await payer.json()).toEqual({ pro: true, user_id: 'dr-2' })
    // Replayed after its payer's grant: still not doctor 1's.
    const replayed = await post('/api/verify', {
      session_token: await sessionOf('dr-1'),
      receipt_id,
    })
    expect(replayed.status).toBe(403)
    expect(await replayed.json()).toMatchObject({ error: 'RECEIPT_OF_ANOTHER_USER' })
  })

  it('refuses a plan keyed "pro" (402 NOT_PRO): a plan is not the product', async () => {
    const { receipt_id, kind } = await sandbox.control.completePayment({
      app_key: APP_KEY,
      user_id: 'dr-1',
      kind: 'subscribe',
      plan_key: 'pro',
    })
    expect(kind).toBe('subscription')
    const answer = await post('/api/verify', { session_token: await sessionOf('dr-1'), receipt_id })
    expect(answer.status).toBe(402)
    expect(await answer.json()).toMatchObject({ error: 'NOT_PRO' })
  })

  it('refuses the product "pro" paid at another price (402 WRONG_AMOUNT)', async () => {
    // The platform sells "pro" for 1 Rial (its price changed in the console, say); this backend
    // sells it at platform.config.json's price.
    const cheap = await emulator.createSandbox({
      apps: [{ app_key: APP_KEY, webhook_url: null, products: [{ key: 'pro', price: 1 }] }],
    })
    try {
      const mine = cheap.apps.find((app) => app.app_key === APP_KEY)!
      const other = createApp({
        appKey: APP_KEY,
        apiKey: mine.developer_key,
        webhookSecret: mine.webhook_secret,
        platformUrl: cheap.url,
      })
      const { receipt_id, amount } = await cheap.control.completePayment({
        app_key: APP_KEY,
        user_id: 'dr-1',
        kind: 'pay',
        product_key: 'pro',
      })
      expect(amount).toBe(1)
      const { session_token } = await cheap.control.mintSessionToken({
        app_key: APP_KEY,
        user_id: 'dr-1',
        scopes: ['provider.profile.read'],
      })
      const answer = await other.request('/api/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_token, receipt_id }),
      })
      expect(answer.status).toBe(402)
      expect(await answer.json()).toMatchObject({ error: 'WRONG_AMOUNT' })
    } finally {
      await cheap.delete()
    }
  })

  it("passes the platform's 403 through with the scope it lacks", async () => {
    // Consent for another scope: the platform refuses the profile with INSUFFICIENT_SCOPE.
    const { session_token } = await sandbox.control.mintSessionToken({
      app_key: APP_KEY,
      user_id: 'dr-1',
      scopes: ['provider.appointment.read'],
    })
    const answer = await post('/api/session', { session_token })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toMatchObject({
      error: 'INSUFFICIENT_SCOPE',
      required_scope: 'provider.profile.read',
    })
  })

  it.each([
    [401, 401, 'HTTP_401'],
    [429, 429, 'RATE_LIMITED'],
    [503, 502, 'API_ERROR'],
    [500, 502, 'API_ERROR'],
  ])("answers the platform's %i as %i %s", async (status, answered, code) => {
    await sandbox.control.setScenario({
      fail: { status, times: 1, path_prefix: '/open-platform/v1/profile/' },
    })
    try {
      const answer = await post('/api/session', { session_token: await sessionOf('dr-1') })
      expect(answer.status).toBe(answered)
      const body = await answer.json()
      expect(body).toMatchObject({ error: code })
      if (status >= 500) expect(body).toMatchObject({ platform_status: status })
    } finally {
      await sandbox.control.clearScenario()
    }
  })

  it('checks who is asking before it spends the receipt: a bad session token verifies nothing', async () => {
    const receipt_id = await paidBy('dr-1')
    const reused = await sessionOf('dr-1')
    expect((await post('/api/session', { session_token: reused })).status).toBe(200)
    const refused = await post('/api/verify', { session_token: reused, receipt_id })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: 'INVALID_SESSION_TOKEN' })
    // The receipt was not spent: its payer's next try verifies it.
    const verified = await post('/api/verify', {
      session_token: await sessionOf('dr-1'),
      receipt_id,
    })
    expect(verified.status).toBe(200)
  })

  it('refuses a receipt it cannot verify, missing fields, broken JSON and other types', async () => {
    const forged = await post('/api/verify', {
      session_token: await sessionOf('dr-1'),
      receipt_id: 'pay_forged',
    })
    expect(forged.status).toBe(402)
    expect(await forged.json()).toMatchObject({ error: 'PAYMENT_NOT_VERIFIED' })
    const receipt_id = await paidBy('dr-1')
    for (const missing of [
      {},
      { receipt_id },
      { session_token: 'x' },
      { session_token: 1, receipt_id },
    ]) {
      const answer = await post('/api/verify', missing)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ error: 'INVALID_INPUT' })
    }
    const broken = await backend.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"session_token":',
    })
    expect(broken.status).toBe(400)
    expect((await post('/api/session', { session_token: 'x' }, 'text/plain')).status).toBe(415)
  })

  it('acts on a signed webhook, and answers 400 to a forged or tampered one', async () => {
    const secret = sandbox.apps.find((app) => app.app_key === APP_KEY)!.webhook_secret
    const event: PlatformWebhookEvent = {
      type: 'installation.created',
      id: 'evt_test_1',
      created_at: new Date().toISOString(),
      app_key: APP_KEY,
      data: { user_ids: ['dr-2'] },
    }
    const deliver = ({ body, headers }: { body: string; headers: Record<string, string> }) =>
      backend.request('/webhooks/platform', { method: 'POST', body, headers })

    expect((await deliver(signWebhook({ secret, event }))).status).toBe(200)
    expect(webhooks).toContainEqual(event)
    const before = webhooks.length
    // Signed with another secret, as anyone but the platform would.
    const forged = signWebhook({ secret: `whsec_${'A'.repeat(43)}=`, event })
    const answer = await deliver(forged)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'INVALID_WEBHOOK_SIGNATURE' })
    // The platform's signature over another body.
    const signed = signWebhook({ secret, event: { ...event, id: 'evt_test_2' } })
    const tampered = { ...signed, body: signed.body.replace('dr-2', 'dr-1') }
    expect((await deliver(tampered)).status).toBe(400)
    expect(webhooks.length).toBe(before)
  })
})

describe('the error helpers', () => {
  it.each<[string, unknown, number, Record<string, unknown>]>([
    ['its own', new ApiError(402, 'NOT_PRO', 'x'), 402, { code: 'NOT_PRO' }],
    [
      "the platform's 404",
      new PlatformApiError(404, { error: 'NOT_FOUND', message: 'none' }),
      404,
      { code: 'NOT_FOUND', message: 'none', extra: {} },
    ],
    [
      "the platform's 403, with only the scope of its extra fields",
      new PlatformApiError(403, {
        error: 'INSUFFICIENT_SCOPE',
        message: 'no',
        required_scope: 'provider.profile.read',
        internal: 'not for the page',
      }),
      403,
      { code: 'INSUFFICIENT_SCOPE', extra: { required_scope: 'provider.profile.read' } },
    ],
    [
      "the platform's 502",
      new PlatformApiError(502, { error: 'BAD_GATEWAY', message: 'down' }),
      502,
      { code: 'API_ERROR', extra: { platform_status: 502 } },
    ],
    [
      "the kit's session refusal",
      new PlatformError('INVALID_SESSION_TOKEN', 'used'),
      401,
      { code: 'INVALID_SESSION_TOKEN' },
    ],
    ["the kit's network failure", new PlatformError('NETWORK_ERROR', 'down'), 502, {}],
  ])('toApiError answers %s', (_, error, status, fields) => {
    const answer = toApiError(error)
    expect(answer).toBeInstanceOf(ApiError)
    expect(answer).toMatchObject({ status, ...fields })
  })

  it('leaves a bug of the backend to the 500 answer', () => {
    expect(toApiError(new TypeError('x is undefined'))).toBeUndefined()
  })
})
