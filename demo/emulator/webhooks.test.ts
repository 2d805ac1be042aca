// Long: the sender's delivery, order, retry and signature cases share one receiver.
// The emulator's webhooks: what each event sends, that it is signed with the widget's secret
// (checked with the package's own `verifyWebhook`), that delivery never holds up or breaks the
// API call, and that the sample widgets' backend accepts good deliveries and refuses bad ones.

import { isLocalWebhookUrl, isWebhookSecret } from 'platform-widget-sdk/events'
import {
  ErrorCode,
  PlatformError,
  type PlatformWebhookEventType,
  verifyWebhook,
} from 'platform-widget-server'
import { Webhook } from 'standardwebhooks'
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest'
import { portsFrom, sampleOrigins } from '../lib/config.js'
import type { AppConfig } from '../shared/config-types.js'
import { createWidgets } from '../widgets/server.js'
import type { Emulator } from './app.js'
import { sampleWidgets as apps, PANEL, testEmulator } from './test-harness.js'
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEventType } from './webhooks.js'

const ORIGINS = sampleOrigins(portsFrom(4400))
const app = (key: string) => apps.find((a) => a.app_key === key)!
const DOCTOR = app('demo-doctor')
const BOOKING = app('demo-booking')
const PROFILE = app('demo-profile')

interface Sent {
  url: string
  method: string
  headers: Headers
  body: string
  redirect: RequestRedirect | undefined
}

let sent: Sent[]
/** What the receiver answers, attempt after attempt (the last one repeats). */
let answers: (number | Error)[]
let emulator: Emulator

const capture: typeof fetch = async (input, init) => {
  const request = new Request(input, init)
  sent.push({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: await request.text(),
    redirect: init?.redirect,
  })
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!
  if (answer instanceof Error) throw answer
  return new Response(answer === 204 ? null : '{}', { status: answer })
}

function start(options: { apps?: AppConfig[]; fetch?: typeof fetch; timeoutMs?: number } = {}) {
  emulator = testEmulator({
    apps: options.apps ?? apps,
    webhooks: {
      fetch: options.fetch ?? capture,
      retryDelaysMs: [0, 0],
      timeoutMs: options.timeoutMs ?? 1_000,
    },
  })
}

beforeEach(() => {
  sent = []
  answers = [204]
  start()
})

const call = (path: string, init: { method?: string; json?: unknown; key?: string } = {}) =>
  emulator.app.request(path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(path.startsWith('/internal/') ? { origin: PANEL } : {}),
      ...(init.key ? { 'x-api-key': init.key } : {}),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  })

async function pay(target: AppConfig, user: string, body: Record<string, unknown>) {
  const res = await call(`/internal/users/${user}/apps/${target.app_key}/payments`, { json: body })
  expect(res.status).toBe(200)
  return ((await res.json()) as { receipt_id: string }).receipt_id
}

/** The one delivery made so far, verified with the widget's secret. */
async function onlyDelivery(secret: string) {
  await emulator.webhooks.settled()
  expect(sent).toHaveLength(1)
  const delivery = sent[0]!
  return { ...delivery, event: verifyWebhook(delivery.body, delivery.headers, secret) }
}

const log = async (app_key?: string) => {
  const res = await call(`/internal/webhooks${app_key ? `?app_key=${app_key}` : ''}`)
  return ((await res.json()) as { deliveries: WebhookDelivery[] }).deliveries
}

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

describe('webhook deliveries', () => {
  it('sends exactly the event types the server kit types (PlatformWebhookEvent)', () => {
    // Checked by `npm run typecheck`: an event added here and not there (or the other way) fails.
    expectTypeOf<WebhookEventType>().toEqualTypeOf<PlatformWebhookEventType>()
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(7)
  })

  it('a product payment sends payment.succeeded, signed with the widget secret', async () => {
    const receipt_id = await pay(DOCTOR, 'dr-1', {
      kind: 'pay',
      product_key: 'pro',
      amount: 1_250_000,
    })
    const delivery = await onlyDelivery(DOCTOR.webhook_secret)
    expect(delivery.url).toBe(`${ORIGINS['demo-doctor']}/api/webhooks/demo-doctor`)
    expect(delivery.method).toBe('POST')
    expect(delivery.redirect).toBe('manual')
    expect(delivery.headers.get('content-type')).toBe('application/json')
    expect(delivery.headers.get('webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    const timestamp = Number(delivery.headers.get('webhook-timestamp'))
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5)
    expect(delivery.event).toEqual({
      type: 'payment.succeeded',
      id: delivery.headers.get('webhook-id'),
      created_at: isoDate,
      app_key: 'demo-doctor',
      data: {
        receipt_id,
        kind: 'product',
        product_key: 'pro',
        amount: 1_250_000,
        user_id: 'dr-1',
        paid_at: isoDate,
      },
    })
    expect(delivery.headers.get('webhook-id')).toMatch(/^evt_[0-9a-f]{32}$/)
    // The body is exactly the signed JSON, with the fields in this order.
    expect(Object.keys(JSON.parse(delivery.body))).toEqual([
      'type',
      'id',
      'created_at',
      'app_key',
      'data',
    ])
    expect(await log()).toEqual([
      expect.objectContaining({
        id: delivery.headers.get('webhook-id'),
        app_key: 'demo-doctor',
        type: 'payment.succeeded',
        url: delivery.url,
        status: 'delivered',
        attempts: 1,
        response_status: 204,
        delivered_at: isoDate,
        event: delivery.event,
      }),
    ])
  })

  it('paying a receipt the platform issued sends payment.succeeded of kind receipt', async () => {
    const receipt_id = await pay(BOOKING, 'pt-1', {
      kind: 'pay',
      receipt_id: 'rcpt-visit-1001',
      amount: 350_000,
    })
    expect(receipt_id).toBe('rcpt-visit-1001')
    const { event } = await onlyDelivery(BOOKING.webhook_secret)
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      app_key: 'demo-booking',
      data: { receipt_id, kind: 'receipt', amount: 350_000, user_id: 'pt-1', paid_at: isoDate },
    })
  })

  it('a subscription sends subscription.succeeded with the plan and its period', async () => {
    const receipt_id = await pay(DOCTOR, 'dr-1', {
      kind: 'subscribe',
      plan_key: 'yearly',
      amount: 3_000_000,
    })
    const { event } = await onlyDelivery(DOCTOR.webhook_secret)
    expect(event).toMatchObject({
      type: 'subscription.succeeded',
      data: {
        receipt_id,
        kind: 'subscription',
        plan_key: 'yearly',
        period: 'year',
        amount: 3_000_000,
        user_id: 'dr-1',
      },
    })
  })

  it('a doctor-service payment sends doctor_service.succeeded with the VAT', async () => {
    const receipt_id = await pay(PROFILE, 'pt-1', {
      kind: 'doctor-service',
      amount: 500_000,
      vat: 15_000,
      payable: 515_000,
    })
    const { event } = await onlyDelivery(PROFILE.webhook_secret)
    expect(event).toEqual(
      expect.objectContaining({
        type: 'doctor_service.succeeded',
        app_key: 'demo-profile',
        data: {
          receipt_id,
          user_id: 'pt-1',
          service_amount: 500_000,
          vat: 15_000,
          amount: 515_000,
          paid_at: isoDate,
        },
      }),
    )
  })

  it('an SMS top-up sends sms_charge.succeeded with the new credit', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/sms/charge', {
      json: { count: 500, price: 1_000_000 },
    })
    const { receipt_id } = (await res.json()) as { receipt_id: string }
    const { event } = await onlyDelivery(DOCTOR.webhook_secret)
    expect(event).toMatchObject({
      type: 'sms_charge.succeeded',
      data: {
        receipt_id,
        user_id: 'dr-1',
        count: 500,
        amount: 1_000_000,
        credit: 500,
        paid_at: isoDate,
      },
    })
  })

  it('installations send installation.created and .deleted for the users that changed', async () => {
    const path = '/api/v1/apps/demo-doctor/installations'
    const key = DOCTOR.developer_key
    // dr-1 is installed already (fixtures): only dr-2 is new.
    expect((await call(path, { json: { user_ids: ['dr-1', 'dr-2'] }, key })).status).toBe(200)
    const created = await onlyDelivery(DOCTOR.webhook_secret)
    expect(created.event).toEqual({
      type: 'installation.created',
      id: created.headers.get('webhook-id'),
      created_at: isoDate,
      app_key: 'demo-doctor',
      data: { user_ids: ['dr-2'] },
    })

    sent = []
    const removed = await call(path, {
      method: 'DELETE',
      json: { user_ids: ['dr-1', 'pt-9'] },
      key,
    })
    expect(removed.status).toBe(200)
    const deleted = await onlyDelivery(DOCTOR.webhook_secret)
    expect(deleted.event).toMatchObject({
      type: 'installation.deleted',
      data: { user_ids: ['dr-1'] },
    })

    // Nothing changed, nothing sent; a refused call sends nothing either.
    sent = []
    await call(path, { json: { user_ids: ['dr-2'] }, key })
    await call(path, { json: { user_ids: [] }, key })
    await call(path, { json: { user_ids: ['pt-1'] }, key: 'dk_wrong' })
    await emulator.webhooks.settled()
    expect(sent).toEqual([])
    expect((await log()).map((d) => d.type)).toEqual([
      'installation.created',
      'installation.deleted',
    ])
  })

  it('a receiver gets its events in the order they happened, even when the first is slow', async () => {
    // The first request to the receiver answers after the second event was sent.
    const arrived: string[] = []
    let first = true
    start({
      fetch: async (_input, init) => {
        const { type } = JSON.parse(String(init?.body)) as { type: string }
        if (first) {
          first = false
          await new Promise((r) => setTimeout(r, 50))
        }
        arrived.push(type)
        return new Response(null, { status: 204 })
      },
    })
    const path = '/api/v1/apps/demo-booking/installations'
    const key = BOOKING.developer_key
    expect((await call(path, { json: { user_ids: ['pt-1'] }, key })).status).toBe(200)
    expect((await call(path, { method: 'DELETE', json: { user_ids: ['pt-1'] }, key })).status).toBe(
      200,
    )
    await emulator.webhooks.settled()
    expect(arrived).toEqual(['installation.created', 'installation.deleted'])
  })

  it('a refused payment sends nothing', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/payments', {
      json: { kind: 'pay', product_key: 'pro', amount: 1 },
    })
    expect(res.status).toBe(400)
    await emulator.webhooks.settled()
    expect(sent).toEqual([])
    expect(await log()).toEqual([])
  })

  it('each widget signs with its own secret', async () => {
    await pay(DOCTOR, 'dr-1', { kind: 'pay', product_key: 'pro', amount: 1_250_000 })
    const { body, headers } = await onlyDelivery(DOCTOR.webhook_secret)
    expect(() => verifyWebhook(body, headers, BOOKING.webhook_secret)).toThrow(PlatformError)
  })
})

describe('verification refuses what was not signed so', () => {
  let delivery: Sent
  beforeEach(async () => {
    await pay(DOCTOR, 'dr-1', { kind: 'pay', product_key: 'pro', amount: 1_250_000 })
    delivery = await onlyDelivery(DOCTOR.webhook_secret)
  })

  const refusal = (body: string, headers: Headers | Record<string, string>, secret: string) => {
    try {
      verifyWebhook(body, headers, secret)
    } catch (error) {
      return error
    }
    throw new Error('verifyWebhook accepted it')
  }

  it('a tampered body', () => {
    const tampered = delivery.body.replace('"amount":1250000', '"amount":1')
    expect(tampered).not.toBe(delivery.body)
    const error = refusal(tampered, delivery.headers, DOCTOR.webhook_secret)
    expect(error).toBeInstanceOf(PlatformError)
    expect((error as PlatformError).code).toBe(ErrorCode.INVALID_WEBHOOK_SIGNATURE)
    // Even a change that parses to the same JSON: the signature covers the bytes.
    const spaced = delivery.body.replace('{', '{ ')
    expect(refusal(spaced, delivery.headers, DOCTOR.webhook_secret)).toBeInstanceOf(PlatformError)
  })

  it('the wrong secret', () => {
    const other = `whsec_${Buffer.alloc(24, 7).toString('base64')}`
    const error = refusal(delivery.body, delivery.headers, other)
    expect((error as PlatformError).code).toBe(ErrorCode.INVALID_WEBHOOK_SIGNATURE)
  })

  it('another id or timestamp than the signed ones, or missing headers', () => {
    const headers: Record<string, string> = Object.fromEntries(delivery.headers)
    for (const changed of <Record<string, string>[]>[
      { ...headers, 'webhook-id': 'evt_other' },
      { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) },
      { ...headers, 'webhook-signature': '' },
      { 'content-type': 'application/json' },
    ]) {
      expect(refusal(delivery.body, changed, DOCTOR.webhook_secret)).toBeInstanceOf(PlatformError)
    }
  })

  it('a signature older than 5 minutes, even a correct one', () => {
    const id = delivery.headers.get('webhook-id')!
    const signer = new Webhook(DOCTOR.webhook_secret)
    const signedAt = (ms: number) => {
      const at = new Date(ms)
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(ms / 1000)),
        'webhook-signature': signer.sign(id, at, delivery.body),
      }
    }
    expect(
      verifyWebhook(delivery.body, signedAt(Date.now() - 240_000), DOCTOR.webhook_secret),
    ).toEqual(JSON.parse(delivery.body))
    const error = refusal(delivery.body, signedAt(Date.now() - 360_000), DOCTOR.webhook_secret)
    expect((error as PlatformError).message).toMatch(/too old/)
    expect(
      refusal(delivery.body, signedAt(Date.now() + 360_000), DOCTOR.webhook_secret),
    ).toBeInstanceOf(PlatformError)
  })
})

describe('delivery never holds up or breaks the API', () => {
  const buy = () =>
    call('/internal/users/dr-1/apps/demo-doctor/payments', {
      json: { kind: 'pay', product_key: 'pro', amount: 1_250_000 },
    })

  it('answers before a receiver that hangs, and gives up after the timeout and retries', async () => {
    let attempts = 0
    start({
      timeoutMs: 50,
      fetch: (_input, init) => {
        attempts++
        return new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        })
      },
    })
    const res = await buy()
    expect(res.status).toBe(200)
    expect((await log())[0]).toMatchObject({ status: 'pending', attempts: 1 })
    await emulator.webhooks.settled()
    expect(attempts).toBe(3)
    expect((await log())[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: expect.stringMatching(/abort|timeout/i),
    })
  })

  it('answers normally when the receiver cannot be reached', async () => {
    answers = [new TypeError('fetch failed')]
    expect((await buy()).status).toBe(200)
    await emulator.webhooks.settled()
    expect(sent).toHaveLength(3)
    expect((await log())[0]).toMatchObject({ status: 'failed', attempts: 3 })
  })

  it('retries a 5xx with the same event id, and stops at a success', async () => {
    answers = [503, 200]
    await buy()
    await emulator.webhooks.settled()
    expect(sent).toHaveLength(2)
    expect(sent[0]!.headers.get('webhook-id')).toBe(sent[1]!.headers.get('webhook-id'))
    expect(sent[0]!.body).toBe(sent[1]!.body)
    // Each attempt is signed on its own and verifies.
    for (const attempt of sent) verifyWebhook(attempt.body, attempt.headers, DOCTOR.webhook_secret)
    expect((await log())[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_status: 200,
    })
    expect((await log())[0]).not.toHaveProperty('error')
  })

  it('does not retry a refusal (4xx) or follow a redirect (3xx)', async () => {
    for (const status of [400, 302]) {
      sent = []
      answers = [status]
      start()
      await buy()
      await emulator.webhooks.settled()
      expect(sent).toHaveLength(1)
      expect((await log())[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        response_status: status,
      })
    }
  })

  it('sends only to this machine, and logs a widget without a URL', async () => {
    const elsewhere = { ...DOCTOR, webhook_url: 'https://hooks.example.com/platform' }
    const none: AppConfig = { ...BOOKING }
    delete none.webhook_url
    start({ apps: [elsewhere, none, PROFILE] })
    await buy()
    await call('/internal/users/pt-1/apps/demo-booking/payments', {
      json: { kind: 'pay', receipt_id: 'rcpt-visit-1001', amount: 350_000 },
    })
    await emulator.webhooks.settled()
    expect(sent).toEqual([])
    expect(await log()).toEqual([
      expect.objectContaining({
        app_key: 'demo-doctor',
        status: 'skipped',
        attempts: 0,
        error: expect.stringMatching(/localhost/),
      }),
      expect.objectContaining({
        app_key: 'demo-booking',
        url: null,
        status: 'skipped',
        error: expect.stringMatching(/No webhook URL/),
      }),
    ])
    expect(await log('demo-booking')).toHaveLength(1)
  })

  it('reset empties the delivery log', async () => {
    await buy()
    await emulator.webhooks.settled()
    expect(await log()).toHaveLength(1)
    await call('/internal/reset', { method: 'POST' })
    expect(await log()).toEqual([])
  })
})

describe('the sample widgets backend receives webhooks', () => {
  // One server per sample widget, each on its own origin, as `npm start` runs them.
  const servers = new Map(
    apps.map((sample) => [
      new URL(sample.url).origin,
      createWidgets({ panelOrigin: PANEL, emulatorOrigin: 'http://127.0.0.1:4402', app: sample }),
    ]),
  )
  const widgets = {
    request: async (url: string, init?: RequestInit) => {
      const server = servers.get(new URL(url).origin)
      return server ? server.request(url, init) : new Response(null, { status: 502 })
    },
  }
  const DOCTOR_ORIGIN = ORIGINS['demo-doctor']!
  const received = async (app_key: string) => {
    const res = await widgets.request(`${ORIGINS[app_key]}/api/webhooks/${app_key}/events`)
    return ((await res.json()) as { events: { id: string; type: string; event: unknown }[] }).events
  }

  it('verifies and records what the emulator sends', async () => {
    // The emulator delivers straight into the backend, in process.
    start({ fetch: async (input, init) => widgets.request(String(input), init) })
    const before = (await received('demo-doctor')).length
    const receipt_id = await pay(DOCTOR, 'dr-1', {
      kind: 'pay',
      product_key: 'pro',
      amount: 1_250_000,
    })
    await emulator.webhooks.settled()
    const [delivery] = await log()
    expect(delivery).toMatchObject({ status: 'delivered', response_status: 200 })
    const events = await received('demo-doctor')
    expect(events).toHaveLength(before + 1)
    expect(events.at(-1)).toEqual({
      id: delivery!.id,
      type: 'payment.succeeded',
      received_at: isoDate,
      event: expect.objectContaining({ data: expect.objectContaining({ receipt_id }) }),
    })
  })

  it('refuses a bad signature, a tampered body and another widget’s event with 400', async () => {
    await pay(DOCTOR, 'dr-1', { kind: 'pay', product_key: 'pro', amount: 1_250_000 })
    const { body, headers } = await onlyDelivery(DOCTOR.webhook_secret)
    const post = (path: string, text: string, sentHeaders: Headers, origin = DOCTOR_ORIGIN) =>
      widgets.request(`${origin}${path}`, { method: 'POST', body: text, headers: sentHeaders })
    const before = (await received('demo-doctor')).length

    const tampered = await post(
      '/api/webhooks/demo-doctor',
      body.replace('"user_id":"dr-1"', '"user_id":"dr-2"'),
      headers,
    )
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toMatchObject({ error: 'INVALID_WEBHOOK_SIGNATURE' })
    const forged = new Headers(headers)
    forged.set('webhook-signature', `v1,${Buffer.alloc(32).toString('base64')}`)
    expect((await post('/api/webhooks/demo-doctor', body, forged)).status).toBe(400)
    // Signed for demo-doctor, posted to demo-booking's receiver (on its origin): the wrong secret.
    const booking = ORIGINS['demo-booking']
    expect((await post('/api/webhooks/demo-booking', body, headers, booking)).status).toBe(400)
    // demo-booking's receiver is not on demo-doctor's origin, nor demo-doctor's on demo-booking's.
    expect((await post('/api/webhooks/demo-booking', body, headers)).status).toBe(404)
    expect((await post('/api/webhooks/demo-doctor', body, headers, booking)).status).toBe(404)
    expect((await post('/api/webhooks/nope', body, headers)).status).toBe(404)
    expect(await received('demo-doctor')).toHaveLength(before)

    // The genuine delivery, twice (a retry): accepted both times, recorded once.
    expect((await post('/api/webhooks/demo-doctor', body, headers)).status).toBe(200)
    expect((await post('/api/webhooks/demo-doctor', body, headers)).status).toBe(200)
    expect(await received('demo-doctor')).toHaveLength(before + 1)
  })
})

describe('webhook settings', () => {
  it('every sample widget has a local webhook URL and a well-formed secret of its own', () => {
    for (const sample of apps) {
      expect(sample.webhook_url).toBe(`${ORIGINS[sample.app_key]}/api/webhooks/${sample.app_key}`)
      expect(isLocalWebhookUrl(sample.webhook_url!)).toBe(true)
      expect(isWebhookSecret(sample.webhook_secret)).toBe(true)
    }
    expect(new Set(apps.map((a) => a.webhook_secret)).size).toBe(apps.length)
  })

  it('local URLs are http(s) on localhost, 127.0.0.1 or [::1] only', () => {
    for (const url of [
      'http://localhost:3000/hooks',
      'https://127.0.0.1/x',
      'http://[::1]:8080/',
    ]) {
      expect(isLocalWebhookUrl(url), url).toBe(true)
    }
    for (const url of [
      'http://example.com/',
      'http://localhost.example.com/',
      'http://127.0.0.2/',
      'http://user:pw@localhost/',
      'ftp://localhost/',
      'not a url',
    ]) {
      expect(isLocalWebhookUrl(url), url).toBe(false)
    }
  })

  it('secrets are whsec_ and the base64 of 24 to 64 bytes', () => {
    expect(isWebhookSecret(`whsec_${Buffer.alloc(24, 1).toString('base64')}`)).toBe(true)
    expect(isWebhookSecret(`whsec_${Buffer.alloc(16, 1).toString('base64')}`)).toBe(false)
    expect(isWebhookSecret(Buffer.alloc(24, 1).toString('base64'))).toBe(false)
    expect(isWebhookSecret('whsec_not base64!')).toBe(false)
  })
})
