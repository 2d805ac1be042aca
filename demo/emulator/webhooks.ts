// Long: the sender keeps the log, the queue per receiver, the retry timers and resends together.
// Webhooks from the platform emulator. Each payment and installation event is signed with the
// widget's `whsec_…` secret (Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`, with the
// `standardwebhooks` library) and POSTed to the widget's webhook URL, which must be on this
// machine. Delivery never holds up or breaks the API call that caused the event: it runs after
// the answer, with a timeout per attempt, and failed attempts are retried on a schedule long
// enough to outlast a backend restart (WEBHOOK_RETRY_DELAYS_MS). Every delivery is kept in a
// bounded log (the newest MAX_DELIVERIES), with the body and headers sent and every attempt's
// answer, read by `GET /webhooks`, `GET /internal/webhooks` and the control API.

import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import type { AppConfig } from './types.js'

/** Every event kind the emulator sends. */
export const WEBHOOK_EVENT_TYPES = [
  'payment.succeeded',
  'subscription.succeeded',
  'doctor_service.succeeded',
  'doctor_service.refunded',
  'sms_charge.succeeded',
  'installation.created',
  'installation.deleted',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** The JSON body of every webhook. */
export interface WebhookEvent {
  type: WebhookEventType
  /** Unique per event; also the `webhook-id` header, the same on every retry and resend. */
  id: string
  /** When the event happened (ISO 8601). */
  created_at: string
  app_key: string
  data: Record<string, unknown>
}

/**
 * - `pending`: sending, or waiting to retry (`next_attempt_at`);
 * - `delivered`: the receiver answered 2xx;
 * - `failed`: no 2xx after the last attempt, or an answer not worth retrying (4xx, 3xx);
 * - `skipped`: nothing sent (no webhook URL, or a URL not on this machine).
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped'

/** The headers of one attempt (signed on its own: its timestamp is the attempt's). */
export interface WebhookHeaders {
  'content-type': string
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** One POST to the receiver. */
export interface WebhookAttempt {
  /** 1 for the first series, one more for each resend. */
  series: number
  /** When it was sent (ISO 8601). */
  sent_at: string
  headers: WebhookHeaders
  /** How long the answer (or the failure) took, in ms. */
  duration_ms: number
  /** The answer's HTTP status; absent when there was no answer. */
  response_status?: number
  /** The answer's body, its first RESPONSE_EXCERPT_BYTES bytes as UTF-8. */
  response_body?: string
  /** The answer's body was longer than the excerpt. */
  response_truncated?: boolean
  /** Why this attempt did not deliver. */
  error?: string
}

export interface WebhookDelivery {
  /** The event's id (the `webhook-id`). */
  id: string
  app_key: string
  type: WebhookEventType
  url: string | null
  status: DeliveryStatus
  /** Attempts started, over every series. */
  attempts: number
  /** The HTTP status of the last answer. */
  response_status?: number
  /** Why the last attempt failed, or why nothing was sent. */
  error?: string
  delivered_at?: string
  /** When the next retry is due, while one is (ISO 8601). */
  next_attempt_at?: string
  event: WebhookEvent
  /** The body sent, byte for byte (the event's JSON): what the signatures cover. */
  body: string
  /** The headers of the last attempt. */
  headers?: WebhookHeaders
  /** The attempts, oldest first (the newest MAX_ATTEMPTS_KEPT). */
  history: WebhookAttempt[]
  /** Series started: 1, plus one per resend. */
  series: number
}

export interface WebhookOptions {
  /** The `fetch` that delivers (tests pass their own). Default: the global one. */
  fetch?: typeof fetch
  /** Milliseconds one attempt may take. Default 5,000. */
  timeoutMs?: number
  /** The waits before each retry; its length is the number of retries. Default WEBHOOK_RETRY_DELAYS_MS. */
  retryDelaysMs?: readonly number[]
}

/**
 * The waits after a failed attempt: 5 s, 30 s, 2 min, 5 min, 15 min (six attempts over about 22
 * minutes). Standard Webhooks' and Stripe's exponential back-off, shortened for development: the
 * first retries catch a backend that `tsx watch` or nodemon restarts (a few seconds), the later
 * ones a developer fixing a crash and saving.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 300_000, 900_000]

export const WEBHOOK_DEFAULTS = { timeoutMs: 5_000, retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS }

/** The delivery log keeps this many deliveries, the newest. */
export const MAX_DELIVERIES = 500
/** Each delivery keeps this many attempts, the newest (resends add series). */
export const MAX_ATTEMPTS_KEPT = 20
/** How much of an answer's body an attempt keeps. */
export const RESPONSE_EXCERPT_BYTES = 2048

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An http(s) URL on this machine (localhost, 127.0.0.1 or [::1]), without credentials. */
export function isLocalWebhookUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    LOCAL_HOSTS.has(parsed.hostname) &&
    !parsed.username &&
    !parsed.password
  )
}

/** `whsec_` followed by the standard base64 of a key of 24 to 64 bytes. */
export function isWebhookSecret(secret: unknown): secret is string {
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) return false
  const encoded = secret.slice('whsec_'.length)
  const key = Buffer.from(encoded, 'base64')
  return key.toString('base64') === encoded && key.length >= 24 && key.length <= 64
}

/** A resend that cannot be sent: the widget has no webhook URL on this machine now. */
export class WebhookNotSendableError extends Error {
  override name = 'WebhookNotSendableError'
}

export interface WebhookSender {
  /** Logs the event and starts delivering it; returns at once, never throws. */
  send(app: AppConfig, type: WebhookEventType, data: Record<string, unknown>): WebhookDelivery
  /**
   * Sends a logged delivery again, as a new series of attempts: the same body and `webhook-id`,
   * a fresh timestamp and signature, to `app`'s webhook URL with its secret. A retry waiting is
   * dropped. Throws {@link WebhookNotSendableError} when `app` has no local webhook URL.
   */
  resend(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery
  /** Resolves once every delivery started so far is delivered, failed or skipped. */
  settled(): Promise<void>
  /** Cancels every retry waiting; deliveries under way end after their attempt. */
  stop(): void
}

/** Why a URL gets nothing, or undefined when it may be sent to. */
function unsendable(url: string | null): string | undefined {
  if (url === null) return 'No webhook URL is configured for this widget'
  if (!isLocalWebhookUrl(url))
    return 'The emulator sends webhooks to localhost, 127.0.0.1 or [::1] only'
  return undefined
}

/** The first `max` bytes of a body as text, and whether there was more; never reads much past. */
async function excerpt(res: Response, max: number) {
  if (!res.body) return { text: '', truncated: false }
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    while (total <= max) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      total += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const bytes = Buffer.concat(chunks)
  return { text: bytes.subarray(0, max).toString('utf8'), truncated: total > max }
}

/** The delivery's sender, so a control route holding only the delivery can resend it. */
const owners = new WeakMap<WebhookDelivery, Internals>()
/** Called after each attempt of a delivery ends. */
const listeners = new WeakMap<WebhookDelivery, Set<() => void>>()

interface Internals {
  resend(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery
}

/** Resends a logged delivery with the sender that logged it (see {@link WebhookSender.resend}). */
export function resendDelivery(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery {
  const owner = owners.get(delivery)
  if (!owner) throw new WebhookNotSendableError('This delivery was not logged by a running sender')
  return owner.resend(delivery, app)
}

/**
 * Resolves when the delivery's next attempt ends, or at once when none is under way or waiting
 * to start, or after `timeoutMs`: a caller can then show the receiver's answer.
 */
export function nextAttemptEnded(delivery: WebhookDelivery, timeoutMs: number): Promise<void> {
  if (delivery.status !== 'pending' || delivery.next_attempt_at) return Promise.resolve()
  return new Promise((resolve) => {
    const set = listeners.get(delivery) ?? new Set()
    listeners.set(delivery, set)
    const done = () => {
      clearTimeout(timer)
      set.delete(done)
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    timer.unref?.()
    set.add(done)
  })
}

/**
 * @param log The delivery log to append to (a function: the emulator's state is replaced on
 *   reset; a retry of a delivery no longer in the current log is dropped).
 * @param now The emulator's clock, in ms: `created_at` and the signed `webhook-timestamp`.
 */
export function createWebhookSender(
  log: () => WebhookDelivery[],
  now: () => number,
  options: WebhookOptions = {},
): WebhookSender {
  // Long: queue, retry timers and signing share each receiver's state.
  const post = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs
  const retryDelays = options.retryDelaysMs ?? WEBHOOK_DEFAULTS.retryDelaysMs
  /** Each series under way or waiting to retry: settles when it ends. */
  const series = new Map<WebhookDelivery, { log: WebhookDelivery[]; end: () => void }>()
  const ended = new Set<Promise<void>>()
  /** The retry each delivery waits for. */
  const timers = new Map<WebhookDelivery, ReturnType<typeof setTimeout>>()
  /** The last attempt started to each URL: a receiver gets its events in the order they happened. */
  const tails = new Map<string, Promise<void>>()

  const iso = (ms: number) => new Date(ms).toISOString()

  function finish(delivery: WebhookDelivery) {
    const timer = timers.get(delivery)
    if (timer) clearTimeout(timer)
    timers.delete(delivery)
    delete delivery.next_attempt_at
    series.get(delivery)?.end()
    series.delete(delivery)
  }

  /** Drops the retries of deliveries whose log was replaced (a reset). */
  function sweep() {
    const current = log()
    for (const [delivery, entry] of series) {
      if (entry.log !== current && timers.has(delivery)) {
        delivery.status = 'failed'
        delivery.error = 'Retries cancelled: the emulator was reset'
        finish(delivery)
      }
    }
  }

  function record(delivery: WebhookDelivery, attempt: WebhookAttempt) {
    delivery.history.push(attempt)
    if (delivery.history.length > MAX_ATTEMPTS_KEPT) delivery.history.shift()
    for (const listener of [...(listeners.get(delivery) ?? [])]) listener()
  }

  /** One POST; answers whether to retry. */
  async function attempt(delivery: WebhookDelivery, url: string, secret: string, number: number) {
    const sentAt = now()
    const signer = new Webhook(secret)
    const headers: WebhookHeaders = {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(sentAt / 1000)),
      'webhook-signature': signer.sign(delivery.id, new Date(sentAt), delivery.body),
    }
    const entry: WebhookAttempt = {
      series: number,
      sent_at: iso(sentAt),
      headers,
      duration_ms: 0,
    }
    const started = performance.now()
    let retry = true
    try {
      const res = await post(url, {
        method: 'POST',
        headers: { ...headers },
        body: delivery.body,
        // The configured URL and nothing else: a redirect is an answer, not followed.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      entry.response_status = res.status
      const body = await excerpt(res, RESPONSE_EXCERPT_BYTES).catch(() => undefined)
      if (body) {
        entry.response_body = body.text
        if (body.truncated) entry.response_truncated = true
      }
      if (!res.ok) {
        entry.error = `The receiver answered HTTP ${res.status}`
        // A refusal (a bad signature is 400) will not change on a retry; an outage may.
        retry = res.status >= 500 || res.status === 408 || res.status === 429
      }
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message
      entry.error = `Could not deliver: ${(error as Error).message}${cause ? ` (${cause})` : ''}`
    }
    entry.duration_ms = Math.round(performance.now() - started)
    return { entry, retry }
  }

  /** Queues the next attempt of the delivery's current series behind the URL's last one. */
  function queue(delivery: WebhookDelivery, app: AppConfig, url: string, tries: number) {
    const number = delivery.series
    const task = (tails.get(url) ?? Promise.resolve()).then(async () => {
      if (number !== delivery.series || !series.has(delivery)) return
      let outcome: Awaited<ReturnType<typeof attempt>>
      // Counted when it starts: a delivery whose receiver hangs shows the attempt under way.
      delivery.attempts++
      try {
        outcome = await attempt(delivery, url, app.webhook_secret, number)
      } catch (error) {
        // The secret is not usable: nothing to retry.
        delivery.status = 'failed'
        delivery.error = `The widget's webhook secret is not usable: ${(error as Error).message}`
        finish(delivery)
        for (const listener of [...(listeners.get(delivery) ?? [])]) listener()
        return
      }
      const { entry, retry } = outcome
      delivery.headers = entry.headers
      // A resend started meanwhile owns the status now; this attempt is history only.
      if (number !== delivery.series) return record(delivery, entry)
      if (entry.response_status === undefined) delete delivery.response_status
      else delivery.response_status = entry.response_status
      if (entry.error === undefined) {
        delivery.status = 'delivered'
        delivery.delivered_at = iso(now())
        delete delivery.error
        finish(delivery)
      } else {
        delivery.error = entry.error
        if (!retry || tries > retryDelays.length) {
          delivery.status = 'failed'
          finish(delivery)
        } else {
          const wait = retryDelays[tries - 1] ?? 0
          delivery.next_attempt_at = iso(now() + wait)
          const timer = setTimeout(() => {
            timers.delete(delivery)
            delete delivery.next_attempt_at
            if (series.get(delivery)?.log !== log()) {
              delivery.status = 'failed'
              delivery.error = 'Retries cancelled: the emulator was reset'
              return finish(delivery)
            }
            queue(delivery, app, url, tries + 1)
          }, wait)
          // A retry waiting to happen does not keep the process alive.
          timer.unref?.()
          timers.set(delivery, timer)
        }
      }
      record(delivery, entry)
    })
    const tail = task.catch(() => undefined)
    tails.set(url, tail)
    void tail.then(() => {
      if (tails.get(url) === tail) tails.delete(url)
    })
  }

  /** Starts a series of attempts (the first, or a resend's). */
  function start(delivery: WebhookDelivery, app: AppConfig, entries: WebhookDelivery[]) {
    const url = delivery.url
    const reason = unsendable(url)
    if (reason || url === null) {
      delivery.status = 'skipped'
      delivery.error = reason
      return
    }
    let end!: () => void
    const done = new Promise<void>((resolve) => {
      end = resolve
    })
    ended.add(done)
    void done.then(() => ended.delete(done))
    series.set(delivery, { log: entries, end })
    delivery.status = 'pending'
    queue(delivery, app, url, 1)
  }

  const sender: WebhookSender & Internals = {
    send(app, type, data) {
      sweep()
      const id = `evt_${randomBytes(16).toString('hex')}`
      const event: WebhookEvent = {
        type,
        id,
        created_at: iso(now()),
        app_key: app.app_key,
        data,
      }
      const delivery: WebhookDelivery = {
        id,
        app_key: app.app_key,
        type,
        url: app.webhook_url ?? null,
        status: 'pending',
        attempts: 0,
        event,
        body: JSON.stringify(event),
        history: [],
        series: 1,
      }
      owners.set(delivery, sender)
      const entries = log()
      entries.push(delivery)
      if (entries.length > MAX_DELIVERIES) {
        for (const dropped of entries.splice(0, entries.length - MAX_DELIVERIES)) finish(dropped)
      }
      start(delivery, app, entries)
      return delivery
    },
    resend(delivery, app) {
      sweep()
      const url = app.webhook_url ?? null
      const reason = unsendable(url)
      if (reason) throw new WebhookNotSendableError(reason)
      finish(delivery)
      delivery.url = url
      delivery.series++
      delete delivery.delivered_at
      delete delivery.error
      start(delivery, app, log())
      return delivery
    },
    async settled() {
      sweep()
      while (ended.size) await Promise.all([...ended])
    },
    stop() {
      for (const delivery of [...timers.keys()]) {
        delivery.status = 'failed'
        delivery.error = 'Retries cancelled: the emulator stopped'
        finish(delivery)
      }
    },
  }
  return sender
}
