// The webhook sender on its own, on a fake clock: the retry schedule that outlasts a backend
// restart, what the log keeps of each attempt (headers, answer, a bounded excerpt), resends, and
// that waiting retries neither block other events nor survive a reset or a stop.

import { verifyWebhook } from 'platform-widget-server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PANEL, testEmulator, WEBHOOK_APP } from './test-harness.js'
import {
  createWebhookSender,
  MAX_ATTEMPTS_KEPT,
  MAX_DELIVERIES,
  nextAttemptEnded,
  RESPONSE_EXCERPT_BYTES,
  resendDelivery,
  type WebhookDelivery,
  WebhookNotSendableError,
} from './webhooks.js'

interface Received {
  at: number
  headers: Headers
  body: string
}
let received: Received[]
/** The receiver's answers in turn (the last repeats): a status, a status and body, or a failure. */
let answers: (number | [number, string] | Error)[]
let log: WebhookDelivery[]

const receiver: typeof fetch = async (input, init) => {
  const request = new Request(input, init)
  received.push({ at: Date.now(), headers: request.headers, body: await request.text() })
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!
  if (answer instanceof Error) throw answer
  const [status, body] = typeof answer === 'number' ? [answer, ''] : answer
  return new Response(status === 204 ? null : body, { status })
}

const START = Date.UTC(2026, 10, 25, 9, 0, 0)
const sender = (retryDelaysMs?: number[]) =>
  createWebhookSender(() => log, Date.now, { fetch: receiver, retryDelaysMs })
const refused = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: { message: 'connect ECONNREFUSED 127.0.0.1:5174' },
  })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START })
  received = []
  answers = [204]
  log = []
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the retry schedule', () => {
  it('outlasts a backend restart: refused, refused, then delivered on the schedule', async () => {
    answers = [refused(), [502, 'Bad gateway'], [200, '{"ok":true}']]
    const webhooks = sender()
    const delivery = webhooks.send(WEBHOOK_APP, 'payment.succeeded', { receipt_id: 'pay_1' })
    await vi.advanceTimersByTimeAsync(0)
    expect(received.map((r) => r.at - START)).toEqual([0])
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: new Date(START + 5_000).toISOString(),
      error: expect.stringContaining('ECONNREFUSED'),
    })
    // Nothing before the wait is over.
    await vi.advanceTimersByTimeAsync(4_999)
    expect(received).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(received.map((r) => r.at - START)).toEqual([0, 5_000])
    expect(delivery.next_attempt_at).toBe(new Date(START + 35_000).toISOString())
    await vi.advanceTimersByTimeAsync(30_000)
    expect(received.map((r) => r.at - START)).toEqual([0, 5_000, 35_000])
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 })
    expect(delivery).not.toHaveProperty('next_attempt_at')
    expect(delivery).not.toHaveProperty('error')
    await webhooks.settled()

    // The log keeps each attempt: its headers, the answer and why it failed.
    expect(delivery.history).toEqual([
      {
        series: 1,
        sent_at: new Date(START).toISOString(),
        headers: expect.objectContaining({ 'webhook-id': delivery.id }),
        duration_ms: expect.any(Number),
        error: expect.stringMatching(/^Could not deliver: fetch failed \(connect ECONNREFUSED/),
      },
      expect.objectContaining({
        sent_at: new Date(START + 5_000).toISOString(),
        response_status: 502,
        response_body: 'Bad gateway',
        error: 'The receiver answered HTTP 502',
      }),
      expect.objectContaining({ response_status: 200, response_body: '{"ok":true}' }),
    ])
    expect(delivery.history[2]).not.toHaveProperty('error')
    // Every attempt carries the same id and body, its own timestamp, and verifies.
    received.forEach((r, i) => {
      expect(r.body).toBe(delivery.body)
      expect(Object.fromEntries(r.headers)).toEqual(delivery.history[i]!.headers)
      expect(verifyWebhook(r.body, r.headers, WEBHOOK_APP.webhook_secret).id).toBe(delivery.id)
    })
    expect(delivery.history.map((a) => a.headers['webhook-timestamp'])).toEqual(
      [0, 5, 35].map((s) => String(START / 1000 + s)),
    )
    expect(delivery.headers).toEqual(delivery.history[2]!.headers)
    expect(JSON.parse(delivery.body)).toEqual(delivery.event)
  })

  it('retries at 5 s, 30 s, 2 min, 5 min, 15 min; gives up after the sixth, at 1,355 s', async () => {
    answers = [503]
    const delivery = sender().send(WEBHOOK_APP, 'installation.created', { user_ids: ['dr-1'] })
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received.map((r) => (r.at - START) / 1000)).toEqual([0, 5, 35, 155, 455, 1355])
    expect(delivery).toMatchObject({ status: 'failed', attempts: 6, response_status: 503 })
    expect(delivery).not.toHaveProperty('next_attempt_at')
  })

  it('a receiver that is down does not hold up the events after it', async () => {
    answers = [refused(), 204]
    const webhooks = sender()
    const first = webhooks.send(WEBHOOK_APP, 'installation.created', { user_ids: ['dr-1'] })
    await vi.advanceTimersByTimeAsync(0)
    const second = webhooks.send(WEBHOOK_APP, 'installation.deleted', { user_ids: ['dr-1'] })
    await vi.advanceTimersByTimeAsync(0)
    expect(second.status).toBe('delivered')
    expect(first.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(first.status).toBe('delivered')
  })
})

describe('what the log keeps', () => {
  it('an excerpt of the answer, at most RESPONSE_EXCERPT_BYTES bytes', async () => {
    answers = [
      [500, 'x'.repeat(10_000)],
      [200, 'é'.repeat(RESPONSE_EXCERPT_BYTES / 2)],
    ]
    const delivery = sender([0]).send(WEBHOOK_APP, 'payment.succeeded', {})
    await vi.advanceTimersByTimeAsync(0)
    const [big, exact] = delivery.history
    expect(big!.response_body).toBe('x'.repeat(RESPONSE_EXCERPT_BYTES))
    expect(big!.response_truncated).toBe(true)
    expect(exact!.response_body).toBe('é'.repeat(RESPONSE_EXCERPT_BYTES / 2))
    expect(exact).not.toHaveProperty('response_truncated')
  })

  it(`the newest ${MAX_DELIVERIES} deliveries, and ${MAX_ATTEMPTS_KEPT} attempts of each`, async () => {
    const webhooks = sender([])
    // The log is bounded whatever became of each delivery: the first is still under way when it
    // is dropped, the rest are logged and skipped (no URL), so the bound is seen without 500 HTTP
    // attempts (over 5 s at a load of 20).
    const unsent = { ...WEBHOOK_APP, webhook_url: undefined }
    const first = webhooks.send(WEBHOOK_APP, 'payment.succeeded', {})
    for (let i = 0; i < MAX_DELIVERIES; i++) webhooks.send(unsent, 'payment.succeeded', { i })
    await webhooks.settled()
    expect(log).toHaveLength(MAX_DELIVERIES)
    expect(log).not.toContain(first)
    expect(log[0]!.event.data).toEqual({ i: 0 })
    expect(log.every((d) => d.status === 'skipped')).toBe(true)

    const delivery = log.at(-1)!
    for (let i = 0; i < MAX_ATTEMPTS_KEPT + 5; i++) {
      resendDelivery(delivery, WEBHOOK_APP)
      await webhooks.settled()
    }
    // Its first series (skipped) made no attempt; each resend one.
    expect(delivery.attempts).toBe(MAX_ATTEMPTS_KEPT + 5)
    expect(delivery.history).toHaveLength(MAX_ATTEMPTS_KEPT)
    expect(delivery.history.at(-1)!.series).toBe(MAX_ATTEMPTS_KEPT + 6)
  })
})

describe('resend', () => {
  it('sends the same event again: same id and body, a fresh timestamp and signature', async () => {
    const webhooks = sender()
    const delivery = webhooks.send(WEBHOOK_APP, 'payment.succeeded', { receipt_id: 'pay_1' })
    await webhooks.settled()
    vi.setSystemTime(START + 90_000)
    expect(resendDelivery(delivery, WEBHOOK_APP)).toBe(delivery)
    await webhooks.settled()
    expect(received).toHaveLength(2)
    const [before, after] = received
    expect(after!.body).toBe(before!.body)
    expect(after!.headers.get('webhook-id')).toBe(delivery.id)
    expect(Number(after!.headers.get('webhook-timestamp'))).toBe(START / 1000 + 90)
    expect(after!.headers.get('webhook-signature')).not.toBe(
      before!.headers.get('webhook-signature'),
    )
    expect(verifyWebhook(after!.body, after!.headers, WEBHOOK_APP.webhook_secret).id).toBe(
      delivery.id,
    )
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, series: 2 })
    expect(delivery.history.map((a) => a.series)).toEqual([1, 2])
  })

  it('replaces a retry that was waiting, and reports when its first attempt ended', async () => {
    answers = [503, 200]
    const delivery = sender().send(WEBHOOK_APP, 'payment.succeeded', {})
    await vi.advanceTimersByTimeAsync(0)
    expect(delivery.next_attempt_at).toBeDefined()
    resendDelivery(delivery, WEBHOOK_APP)
    expect(delivery).toMatchObject({ status: 'pending', series: 2 })
    expect(delivery).not.toHaveProperty('next_attempt_at')
    await nextAttemptEnded(delivery, 1_000)
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 })
    // The old series' retry is gone: nothing more is sent.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received).toHaveLength(2)
  })

  it('is refused, with the reason, when the widget has no local webhook URL', () => {
    const delivery = sender().send(WEBHOOK_APP, 'payment.succeeded', {})
    const none = { ...WEBHOOK_APP, webhook_url: undefined }
    expect(() => resendDelivery(delivery, none)).toThrow(WebhookNotSendableError)
    expect(() =>
      resendDelivery(delivery, { ...WEBHOOK_APP, webhook_url: 'https://example.com/' }),
    ).toThrow(/localhost/)
  })
})

describe('retries end with their emulator', () => {
  it('a reset (a new log) cancels the retries of the old one', async () => {
    answers = [503]
    const webhooks = sender()
    const delivery = webhooks.send(WEBHOOK_APP, 'payment.succeeded', {})
    await vi.advanceTimersByTimeAsync(0)
    log = []
    await webhooks.settled()
    expect(delivery).toMatchObject({ status: 'failed', error: expect.stringMatching(/reset/) })
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stop() cancels every waiting retry', async () => {
    answers = [503]
    const webhooks = sender()
    const deliveries = [
      webhooks.send(WEBHOOK_APP, 'payment.succeeded', {}),
      webhooks.send(WEBHOOK_APP, 'payment.succeeded', {}),
    ]
    await vi.advanceTimersByTimeAsync(0)
    expect(vi.getTimerCount()).toBe(2)
    webhooks.stop()
    expect(vi.getTimerCount()).toBe(0)
    await webhooks.settled()
    for (const d of deliveries)
      expect(d).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped/) })
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received).toHaveLength(2)
  })
})

describe('in the emulator', () => {
  it('POST /internal/reset cancels the retries waiting', async () => {
    answers = [503]
    const emulator = testEmulator({
      apps: [WEBHOOK_APP],
      webhooks: { fetch: receiver },
    })
    const post = (path: string, json?: unknown) =>
      emulator.app.request(path, {
        method: 'POST',
        headers: { origin: PANEL, 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
    const sms = await post('/internal/users/dr-1/apps/my-widget/sms/charge', {
      count: 10,
      price: 100_000,
    })
    expect(sms.status).toBe(200)
    await vi.advanceTimersByTimeAsync(0)
    expect(received).toHaveLength(1)
    expect(emulator.state.webhooks[0]!.next_attempt_at).toBeDefined()
    expect((await post('/internal/reset')).status).toBe(200)
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received).toHaveLength(1)
    expect(emulator.state.webhooks).toEqual([])
  })

  it('stop() cancels them (a sandbox deleted, a server closed)', async () => {
    answers = [503]
    const emulator = testEmulator({
      apps: [WEBHOOK_APP],
      webhooks: { fetch: receiver },
    })
    const res = await emulator.app.request('/api/v1/apps/my-widget/installations', {
      method: 'POST',
      headers: { 'x-api-key': WEBHOOK_APP.developer_key, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: ['dr-1'] }),
    })
    expect(res.status).toBe(200)
    await vi.advanceTimersByTimeAsync(0)
    expect(vi.getTimerCount()).toBe(1)
    emulator.stop()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(received).toHaveLength(1)
    expect(emulator.state.webhooks[0]).toMatchObject({ status: 'failed', attempts: 1 })
  })
})
