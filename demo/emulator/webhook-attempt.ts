// One attempt of a webhook delivery: sign it (each attempt on its own, with its own timestamp),
// POST it to the configured URL only, and record the answer with a bounded excerpt of its body.
// The schedule, the queue and the log are the sender's (webhooks.ts).

import { Webhook } from 'standardwebhooks'
import {
  RESPONSE_EXCERPT_BYTES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookHeaders,
} from '../shared/webhook-types.js'

/** What an attempt recorded, and whether its failure is worth a retry. */
export interface AttemptOutcome {
  entry: WebhookAttempt
  retry: boolean
}

/** The first `max` bytes of a body as text, and whether there was more; never reads much past. */
export async function excerpt(res: Response, max: number) {
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

/**
 * POSTs the delivery's body once, signed now with `secret`. Never rejects for the receiver's
 * sake (an error is recorded); throws only when the secret is not usable.
 */
export async function postAttempt(options: {
  post: typeof fetch
  timeoutMs: number
  /** Aborts the attempt: the sender stopped. */
  stop?: AbortSignal
  now: () => number
  delivery: WebhookDelivery
  url: string
  secret: string
  /** A sandbox's id, sent as `platform-sandbox` (the body, which is signed, names it too). */
  sandbox?: string | undefined
}): Promise<AttemptOutcome> {
  const { delivery, now } = options
  const sentAt = now()
  const signer = new Webhook(options.secret)
  const headers: WebhookHeaders = {
    'content-type': 'application/json',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(sentAt / 1000)),
    'webhook-signature': signer.sign(delivery.id, new Date(sentAt), delivery.body),
    ...(options.sandbox !== undefined && { 'platform-sandbox': options.sandbox }),
  }
  const entry: WebhookAttempt = {
    series: delivery.series,
    sent_at: new Date(sentAt).toISOString(),
    headers,
    duration_ms: 0,
  }
  const started = performance.now()
  let retry = true
  try {
    const res = await options.post(options.url, {
      method: 'POST',
      headers: { ...headers },
      body: delivery.body,
      // The configured URL and nothing else: a redirect is an answer, not followed.
      redirect: 'manual',
      signal: options.stop
        ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.stop])
        : AbortSignal.timeout(options.timeoutMs),
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
