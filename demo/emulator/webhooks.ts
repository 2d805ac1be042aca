// Webhooks from the platform emulator. Each payment and installation event is signed with the
// widget's `whsec_…` secret (Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`, with the
// `standardwebhooks` library) and POSTed to the widget's webhook URL, which must be on this
// machine. Delivery never holds up or breaks the API call that caused the event: it runs after
// the answer, with a timeout per attempt and a few bounded retries, and every delivery is kept
// in a log the tests and `GET /internal/webhooks` read.

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
  /** Unique per event; also the `webhook-id` header, the same on every retry. */
  id: string
  /** When the event happened (ISO 8601). */
  created_at: string
  app_key: string
  data: Record<string, unknown>
}

/**
 * - `pending`: sending, or waiting to retry;
 * - `delivered`: the receiver answered 2xx;
 * - `failed`: no 2xx after the last attempt, or an answer not worth retrying (4xx, 3xx);
 * - `skipped`: nothing sent (no webhook URL, or a URL not on this machine).
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped'

export interface WebhookDelivery {
  /** The event's id. */
  id: string
  app_key: string
  type: WebhookEventType
  url: string | null
  status: DeliveryStatus
  attempts: number
  /** The HTTP status of the last answer. */
  response_status?: number
  /** Why the last attempt failed, or why nothing was sent. */
  error?: string
  delivered_at?: string
  event: WebhookEvent
}

export interface WebhookOptions {
  /** The `fetch` that delivers (tests pass their own). Default: the global one. */
  fetch?: typeof fetch
  /** Milliseconds one attempt may take. Default 5,000. */
  timeoutMs?: number
  /** The waits before each retry; its length is the number of retries. Default [1,000, 3,000]. */
  retryDelaysMs?: number[]
}

export const WEBHOOK_DEFAULTS = { timeoutMs: 5_000, retryDelaysMs: [1_000, 3_000] }

/** The delivery log keeps this many deliveries, the newest. */
export const MAX_DELIVERIES = 500

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

export interface WebhookSender {
  /** Logs the event and starts delivering it; returns at once, never throws. */
  send(app: AppConfig, type: WebhookEventType, data: Record<string, unknown>): WebhookDelivery
  /** Resolves once every delivery started so far is delivered, failed or skipped. */
  settled(): Promise<void>
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve()
    // A retry waiting to happen does not keep the process alive.
    setTimeout(resolve, ms).unref?.()
  })

/**
 * @param log The delivery log to append to (a function: the emulator's state is replaced on reset).
 * @param now The emulator's clock, in ms: `created_at` and the signed `webhook-timestamp`.
 */
export function createWebhookSender(
  log: () => WebhookDelivery[],
  now: () => number,
  options: WebhookOptions = {},
): WebhookSender {
  // Long: queue, retries and signing share each receiver's state.
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs
  const retryDelays = options.retryDelaysMs ?? WEBHOOK_DEFAULTS.retryDelaysMs
  const inFlight = new Set<Promise<void>>()
  /** The last delivery started to each URL: a receiver gets its events in the order they happened. */
  const tails = new Map<string, Promise<void>>()

  async function deliver(delivery: WebhookDelivery, url: string, secret: string, body: string) {
    let signer: Webhook
    try {
      signer = new Webhook(secret)
    } catch (error) {
      delivery.status = 'failed'
      delivery.error = `The widget's webhook secret is not usable: ${(error as Error).message}`
      return
    }
    for (let attempt = 0; ; attempt++) {
      delivery.attempts = attempt + 1
      let retry = true
      try {
        const timestamp = new Date(now())
        const res = await send(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': delivery.id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signer.sign(delivery.id, timestamp, body),
          },
          body,
          // The configured URL and nothing else: a redirect is an answer, not followed.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        delivery.response_status = res.status
        await res.body?.cancel().catch(() => undefined)
        if (res.ok) {
          delivery.status = 'delivered'
          delivery.delivered_at = new Date(now()).toISOString()
          delete delivery.error
          return
        }
        delivery.error = `The receiver answered HTTP ${res.status}`
        // A refusal (a bad signature is 400) will not change on a retry; an outage may.
        retry = res.status >= 500 || res.status === 408 || res.status === 429
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message
        delivery.error = `Could not deliver: ${(error as Error).message}${cause ? ` (${cause})` : ''}`
      }
      if (!retry || attempt >= retryDelays.length) {
        delivery.status = 'failed'
        return
      }
      await sleep(retryDelays[attempt] ?? 0)
    }
  }

  return {
    send(app, type, data) {
      const id = `evt_${randomBytes(16).toString('hex')}`
      const event: WebhookEvent = {
        type,
        id,
        created_at: new Date(now()).toISOString(),
        app_key: app.app_key,
        data,
      }
      const url = app.webhook_url ?? null
      const delivery: WebhookDelivery = {
        id,
        app_key: app.app_key,
        type,
        url,
        status: 'pending',
        attempts: 0,
        event,
      }
      const entries = log()
      entries.push(delivery)
      if (entries.length > MAX_DELIVERIES) entries.splice(0, entries.length - MAX_DELIVERIES)
      if (url === null) {
        delivery.status = 'skipped'
        delivery.error = 'No webhook URL is configured for this widget'
        return delivery
      }
      if (!isLocalWebhookUrl(url)) {
        delivery.status = 'skipped'
        delivery.error = 'The emulator sends webhooks to localhost, 127.0.0.1 or [::1] only'
        return delivery
      }
      const body = JSON.stringify(event)
      // After the previous delivery to this URL has ended (delivered, or failed after its
      // retries): two events sent at once, such as an installation and its removal, could
      // otherwise arrive in either order.
      const task = (tails.get(url) ?? Promise.resolve())
        .then(() => deliver(delivery, url, app.webhook_secret, body))
        .catch((error: unknown) => {
          delivery.status = 'failed'
          delivery.error = String(error)
        })
      tails.set(url, task)
      inFlight.add(task)
      void task.finally(() => {
        inFlight.delete(task)
        if (tails.get(url) === task) tails.delete(url)
      })
      return delivery
    },
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
