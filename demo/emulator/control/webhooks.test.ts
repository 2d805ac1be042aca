// The control API's webhook routes, on the real emulator app (its guards included): trigger a
// sample event of each type, read the log newest first, read one delivery, resend it with the
// same id; and a browser's request to any of them refused, in a sandbox too.

import { type PlatformWebhookEvent, verifyWebhook } from 'platform-widget-server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppConfig } from '../../shared/config-types.js'
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery } from '../webhooks.js'
import { apps, controlTestApp } from './test-kit.js'
import { MAX_TRIGGER_DATA_BYTES } from './webhooks.js'

const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!

interface Received {
  url: string
  headers: Headers
  body: string
  event: PlatformWebhookEvent
}
let received: Received[]
let answers: (number | Error)[]
let control: ReturnType<typeof controlTestApp>

/** A receiver that verifies what it gets with the widget's secret, as a backend would. */
const receiver: typeof fetch = async (input, init) => {
  const request = new Request(input, init)
  const body = await request.text()
  const app = apps.find((a) => a.webhook_url === request.url)!
  const event = verifyWebhook(body, request.headers, app.webhook_secret)
  received.push({ url: request.url, headers: request.headers, body, event })
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!
  if (answer instanceof Error) throw answer
  return Response.json({ received: event.id }, { status: answer })
}

function start(registered?: AppConfig[]) {
  control?.webhooks.stop()
  control = controlTestApp({ apps: registered, webhooks: { fetch: receiver } })
}

beforeEach(() => {
  received = []
  answers = [200]
  start()
})
afterEach(() => {
  control.webhooks.stop()
  vi.useRealTimers()
})

async function call(method: string, path: string, json?: unknown) {
  const res = await control.app.request(`/control/v1${path}`, {
    method,
    ...(json === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
  })
  // biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read by the tests
  return { status: res.status, body: (await res.json()) as any }
}
const trigger = (json: unknown) => call('POST', '/webhooks/trigger', json)
const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

describe('POST /webhooks/trigger', () => {
  it.each(WEBHOOK_EVENT_TYPES)('sends a signed sample %s', async (type) => {
    const res = await trigger({ type, app_key: 'demo-doctor' })
    expect(res.status).toBe(201)
    expect(received).toHaveLength(1)
    const { event, url } = received[0]!
    expect(url).toBe(DOCTOR.webhook_url)
    expect(event).toMatchObject({ type, id: res.body.id, app_key: 'demo-doctor' })
    // The answer comes after the first attempt: it holds the receiver's answer.
    expect(res.body).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      event,
      body: received[0]!.body,
      history: [{ response_status: 200, response_body: JSON.stringify({ received: event.id }) }],
    })
  })

  it('fills in realistic data, shaped as the real events', async () => {
    const data = async (type: string, app_key = 'demo-doctor') =>
      (await trigger({ type, app_key })).body.event.data
    expect(await data('payment.succeeded')).toEqual({
      receipt_id: expect.stringMatching(/^pay_/),
      kind: 'product',
      product_key: 'pro',
      amount: 1_250_000,
      user_id: 'dr-1',
      paid_at: isoDate,
    })
    expect(await data('subscription.succeeded')).toEqual({
      receipt_id: expect.stringMatching(/^subscribe_/),
      kind: 'subscription',
      plan_key: DOCTOR.plans[0]!.key,
      period: DOCTOR.plans[0]!.period,
      amount: DOCTOR.plans[0]!.price,
      user_id: 'dr-1',
      paid_at: isoDate,
    })
    expect(await data('doctor_service.refunded', 'demo-booking')).toEqual({
      receipt_id: expect.stringMatching(/^dsrv_/),
      user_id: 'pt-1',
      service_amount: 500_000,
      vat: 15_000,
      amount: 515_000,
      paid_at: isoDate,
      refunded_at: isoDate,
    })
    expect(await data('sms_charge.succeeded')).toEqual({
      receipt_id: expect.stringMatching(/^sms_/),
      user_id: 'dr-1',
      count: 100,
      credit: expect.any(Number),
      amount: 1_000_000,
      paid_at: isoDate,
    })
    expect(await data('installation.deleted')).toEqual({ user_ids: ['dr-1'] })
  })

  it('merges the given data over the sample', async () => {
    const res = await trigger({
      type: 'payment.succeeded',
      app_key: 'demo-doctor',
      data: { user_id: 'dr-2', payload: { order: 7 } },
    })
    expect(received[0]!.event.data).toEqual({
      ...res.body.event.data,
      user_id: 'dr-2',
      payload: { order: 7 },
    })
    expect(res.body.event.data).toMatchObject({ kind: 'product', user_id: 'dr-2' })
  })

  it(`refuses data over ${16 * 1024} bytes of JSON with 413 PAYLOAD_TOO_LARGE, sending and logging nothing`, async () => {
    // {"note":"…"}: 11 bytes around the text.
    const at = { note: 'x'.repeat(MAX_TRIGGER_DATA_BYTES - 11) }
    expect(Buffer.byteLength(JSON.stringify(at))).toBe(MAX_TRIGGER_DATA_BYTES)
    expect(
      (await trigger({ type: 'payment.succeeded', app_key: 'demo-doctor', data: at })).status,
    ).toBe(201)
    const over = { note: `${at.note}é` }
    const res = await trigger({ type: 'payment.succeeded', app_key: 'demo-doctor', data: over })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({
      error: 'PAYLOAD_TOO_LARGE',
      max_bytes: MAX_TRIGGER_DATA_BYTES,
      message: expect.stringMatching(/^data: 16386 bytes/),
    })
    expect(received).toHaveLength(1)
    expect(control.emulator.state.webhooks).toHaveLength(1)
  })

  it('refuses an unknown type (listing the known ones), app or body', async () => {
    const type = await trigger({ type: 'payment.done', app_key: 'demo-doctor' })
    expect(type.status).toBe(400)
    expect(type.body.error).toBe('INVALID_INPUT')
    expect(type.body.message).toContain('"payment.done"')
    for (const known of WEBHOOK_EVENT_TYPES) expect(type.body.message).toContain(known)
    const app = await trigger({ type: 'payment.succeeded', app_key: 'nope' })
    expect(app.status).toBe(404)
    expect(app.body).toMatchObject({
      error: 'APP_NOT_FOUND',
      message: expect.stringContaining('demo-doctor'),
    })
    expect(
      (await trigger({ type: 'payment.succeeded', app_key: 'demo-doctor', data: [1] })).status,
    ).toBe(400)
    expect((await trigger({ app_key: 'demo-doctor' })).status).toBe(400)
    expect(received).toEqual([])
  })

  it('answers with the failed attempt and the retry due when the receiver is down', async () => {
    answers = [new TypeError('fetch failed')]
    const res = await trigger({ type: 'installation.created', app_key: 'demo-doctor' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: expect.stringMatching(/fetch failed/),
      next_attempt_at: isoDate,
    })
  })

  it('logs, unsent, an event for a widget without a webhook URL', async () => {
    const none = { ...BOOKING, webhook_url: undefined }
    start([DOCTOR, none])
    const res = await trigger({ type: 'payment.succeeded', app_key: 'demo-booking' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'skipped', attempts: 0, url: null, history: [] })
  })
})

describe('the delivery log', () => {
  it('lists deliveries newest first, one widget with ?app_key=', async () => {
    const ids: string[] = []
    for (const [type, app_key] of [
      ['payment.succeeded', 'demo-doctor'],
      ['installation.created', 'demo-booking'],
      ['installation.deleted', 'demo-doctor'],
    ]) {
      ids.push((await trigger({ type, app_key })).body.id)
    }
    const all = await call('GET', '/webhooks/deliveries')
    expect(all.status).toBe(200)
    expect(all.body.deliveries.map((d: WebhookDelivery) => d.id)).toEqual([...ids].reverse())
    const doctor = await call('GET', '/webhooks/deliveries?app_key=demo-doctor')
    expect(doctor.body.deliveries.map((d: WebhookDelivery) => d.id)).toEqual([ids[2], ids[0]])
    expect((await call('GET', '/webhooks/deliveries?app_key=nope')).status).toBe(404)
  })

  it('answers one delivery with its body, headers and attempts', async () => {
    const { id } = (await trigger({ type: 'payment.succeeded', app_key: 'demo-doctor' })).body
    const one = await call('GET', `/webhooks/deliveries/${id}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id, body: received[0]!.body })
    expect(one.body.headers).toEqual(Object.fromEntries(received[0]!.headers))
    const missing = await call('GET', '/webhooks/deliveries/evt_nope')
    expect(missing).toMatchObject({ status: 404, body: { error: 'DELIVERY_NOT_FOUND' } })
  })
})

describe('POST /webhooks/deliveries/{id}/resend', () => {
  it('sends the same event again: same webhook-id and body, fresh signature', async () => {
    answers = [500, 200]
    const first = await trigger({ type: 'payment.succeeded', app_key: 'demo-doctor' })
    expect(first.body).toMatchObject({ status: 'pending', response_status: 500 })
    // 90 s later on the clock (only Date is faked: the deliveries' timers run as they do).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 90_000 })
    const res = await call('POST', `/webhooks/deliveries/${first.body.id}/resend`)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      id: first.body.id,
      status: 'delivered',
      series: 2,
      attempts: 2,
    })
    expect(res.body).not.toHaveProperty('next_attempt_at')
    expect(received).toHaveLength(2)
    const [before, after] = received
    expect(after!.body).toBe(before!.body)
    expect(after!.headers.get('webhook-id')).toBe(first.body.id)
    expect(Number(after!.headers.get('webhook-timestamp'))).toBeGreaterThanOrEqual(
      Number(before!.headers.get('webhook-timestamp')) + 90,
    )
    expect(after!.headers.get('webhook-signature')).not.toBe(
      before!.headers.get('webhook-signature'),
    )
  })

  it('404 for an unknown delivery, 409 when the widget has no webhook URL', async () => {
    expect((await call('POST', '/webhooks/deliveries/evt_nope/resend')).status).toBe(404)
    start([DOCTOR, { ...BOOKING, webhook_url: undefined }])
    const { id } = (await trigger({ type: 'payment.succeeded', app_key: 'demo-booking' })).body
    const res = await call('POST', `/webhooks/deliveries/${id}/resend`)
    expect(res).toMatchObject({ status: 409, body: { error: 'WEBHOOK_NOT_SENDABLE' } })
  })
})

it("describes its four operations in the control API's OpenAPI document", async () => {
  const doc = await (await control.app.request('/control/v1/openapi.json')).json()
  const webhookPaths = Object.fromEntries(
    Object.entries(doc.paths).filter(([path]) => path.startsWith('/control/v1/webhooks/')),
  )
  expect(webhookPaths).toEqual({
    '/control/v1/webhooks/trigger': {
      post: expect.objectContaining({ operationId: 'triggerWebhook' }),
    },
    '/control/v1/webhooks/deliveries': { get: expect.anything() },
    '/control/v1/webhooks/deliveries/{id}': { get: expect.anything() },
    '/control/v1/webhooks/deliveries/{id}/resend': { post: expect.anything() },
  })
  expect(doc.components.schemas).toHaveProperty('WebhookDelivery')
})

describe('a request a browser sent', () => {
  const BROWSER_SIGNS = [
    ['Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
  ] as const
  /** Each webhook route, with a delivery the program made first (so only the refusal differs). */
  const routes = (id: string) =>
    [
      ['POST', '/webhooks/trigger', { type: 'payment.succeeded', app_key: 'demo-doctor' }],
      ['GET', '/webhooks/deliveries', undefined],
      ['GET', '/webhooks/deliveries?app_key=demo-doctor', undefined],
      ['GET', `/webhooks/deliveries/${id}`, undefined],
      ['POST', `/webhooks/deliveries/${id}/resend`, undefined],
    ] as const

  const browserCall = async (
    base: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    json: unknown,
  ) => {
    const res = await control.app.request(`${base}/control/v1${path}`, {
      method,
      headers: {
        ...headers,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    })
    return { status: res.status, body: await res.json() }
  }

  it.each(['the running command', 'a sandbox'])(
    'is refused with 403 CONTROL_FROM_BROWSER on every webhook route of %s',
    async (where) => {
      let base = ''
      if (where === 'a sandbox') {
        const made = await call('POST', '/sandboxes', {})
        expect(made.status).toBe(201)
        base = new URL(made.body.url).pathname
      }
      const program = await control.app.request(`${base}/control/v1/webhooks/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'installation.created', app_key: 'demo-doctor' }),
      })
      expect(program.status).toBe(201)
      const { id } = await program.json()
      expect(received).toHaveLength(1)
      for (const [sign, headers] of BROWSER_SIGNS) {
        for (const [method, path, json] of routes(id)) {
          const res = await browserCall(base, method, path, headers, json)
          expect(res, `${sign}: ${method} ${base}${path}`).toMatchObject({
            status: 403,
            body: { error: 'CONTROL_FROM_BROWSER' },
          })
        }
      }
      // Nothing was sent nor resent on a browser's behalf.
      expect(received).toHaveLength(1)
    },
  )
})
