// The shapes of the emulator's webhooks as its log documents them (the event, a delivery, an
// attempt) and the limits of the log and of the sender's retries. The sender is
// demo/emulator/webhooks.ts; the `webhooks` command (demo/lib) reads the same shapes.

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
  /**
   * The sandbox that sent it (`sbx_…`), in a sandbox's deliveries only: signed with the body, and
   * repeated in the `platform-sandbox` header.
   */
  sandbox?: string
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
  /** A sandbox's deliveries: its id, as the signed body's `sandbox` says. */
  'platform-sandbox'?: string
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

/**
 * One delivery of the emulator's log, as the control API's document describes it
 * (server/control-openapi.json): the server kit's type, generated from that document.
 */
export type { WebhookDelivery } from 'platform-widget-server'

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
