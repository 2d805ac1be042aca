// The platform's webhooks: verifying a delivery, and the events it can carry. The events and
// their bodies are those the local emulator sends (demo/emulator/webhooks.ts and the
// `paymentData` of demo/emulator/api/monetization.ts; docs/dev-platform.md, Webhooks).

import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import { Webhook } from 'standardwebhooks'

/** What every webhook body carries; `data` depends on `type`. */
export interface WebhookEventOf<Type extends string, Data> {
  type: Type
  /** Unique per event, and the `webhook-id` header, the same on every retry: deduplicate on it. */
  id: string
  /** When the event happened (ISO 8601). */
  created_at: string
  app_key: string
  /**
   * The emulator's sandbox that sent it (`sbx_…`), signed with the body; absent from the platform
   * and the dev command's own state. A backend that tests share keeps its records per sandbox.
   */
  sandbox?: string
  data: Data
}

/** What a paid receipt's events share. Amounts are Rials; dates ISO 8601. */
interface Paid {
  receipt_id: string
  user_id: string
  /** Rials charged, VAT included. */
  amount: number
  paid_at: string
}

/** `payment.pay` succeeded: a product, or a receipt the backend created (`pay({ receipt_id })`). */
export type PaymentSucceededEvent = WebhookEventOf<
  'payment.succeeded',
  Paid & {
    kind: 'product' | 'receipt'
    /** For a product. */
    product_key?: string
    /** The SDK call's `payload`, as stored with the receipt; absent when it had none. */
    payload?: unknown
  }
>

/** `payment.subscribe` succeeded. */
export type SubscriptionSucceededEvent = WebhookEventOf<
  'subscription.succeeded',
  Paid & {
    kind: 'subscription'
    plan_key: string
    period: 'week' | 'month' | 'year'
    payload?: unknown
  }
>

/** A doctor-service payment's `data`: `amount` is `service_amount` plus `vat`. */
export type DoctorServiceData = Paid & {
  service_amount: number
  vat: number
  payload?: unknown
}

/** A doctor-service payment (`payment.payForDoctorService`) succeeded. */
export type DoctorServiceSucceededEvent = WebhookEventOf<
  'doctor_service.succeeded',
  DoctorServiceData
>

/** `POST …/billing/provider-service/refund` refunded a doctor-service payment. */
export type DoctorServiceRefundedEvent = WebhookEventOf<
  'doctor_service.refunded',
  DoctorServiceData & { refunded_at: string }
>

/** An SMS top-up (`sms.charge`) succeeded: `count` SMS; `credit` is the credit after it. */
export type SmsChargeSucceededEvent = WebhookEventOf<
  'sms_charge.succeeded',
  Paid & { count: number; credit: number }
>

/** The widget was installed for these users (only those who did not have it). */
export type InstallationCreatedEvent = WebhookEventOf<
  'installation.created',
  { user_ids: string[] }
>

/** The widget was removed for these users (only those who had it). */
export type InstallationDeletedEvent = WebhookEventOf<
  'installation.deleted',
  { user_ids: string[] }
>

/**
 * Every documented webhook event, told apart by `type`.
 *
 * @example
 * switch (event.type) {
 *   case 'payment.succeeded': grant(event.data.receipt_id); break
 *   case 'installation.deleted': forget(event.data.user_ids); break
 * }
 */
export type PlatformWebhookEvent =
  | PaymentSucceededEvent
  | SubscriptionSucceededEvent
  | DoctorServiceSucceededEvent
  | DoctorServiceRefundedEvent
  | SmsChargeSucceededEvent
  | InstallationCreatedEvent
  | InstallationDeletedEvent

/** The `type` of a documented webhook event. */
export type PlatformWebhookEventType = PlatformWebhookEvent['type']

/**
 * The header an emulator sandbox's deliveries carry, naming it (`sbx_…`). Not signed itself: the
 * signed body's `sandbox` says the same, and {@link verifyWebhook} refuses a delivery where they
 * differ.
 */
export const SANDBOX_WEBHOOK_HEADER = 'platform-sandbox'

/**
 * Verifies a webhook delivery with the Standard Webhooks scheme (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`; HMAC-SHA256 with the widget's `whsec_…` secret,
 * timestamps within 5 minutes). Returns the event, typed by its `type`, with `sandbox` when an
 * emulator sandbox sent it; throws `PlatformError` with `INVALID_WEBHOOK_SIGNATURE` otherwise (a
 * `platform-sandbox` header that is not the body's `sandbox` too). Pass the raw body, exactly as
 * received.
 *
 * The body is what the platform signed and is not checked further: a kind of event newer than
 * these types verifies too, so give a `switch` on `event.type` a `default`.
 *
 * @example
 * const event = verifyWebhook(rawBody, req.headers, process.env.WEBHOOK_SECRET)
 * if (event.type === 'payment.succeeded') await verifyPayment({ ...creds, receiptId: event.data.receipt_id })
 */
export function verifyWebhook(
  rawBody: string,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
): PlatformWebhookEvent {
  const plain: Record<string, string> = {}
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers)
  for (const [name, value] of entries) {
    if (value !== undefined)
      plain[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value
  }
  let event: PlatformWebhookEvent
  try {
    event = new Webhook(secret).verify(rawBody, plain) as PlatformWebhookEvent
  } catch (error) {
    throw new PlatformError(
      ErrorCode.INVALID_WEBHOOK_SIGNATURE,
      error instanceof Error ? error.message : 'Webhook verification failed',
    )
  }
  // The header is not signed; the body's `sandbox` is. A header that disagrees was changed.
  const header = plain[SANDBOX_WEBHOOK_HEADER]
  if (header !== undefined && header !== event.sandbox) {
    throw new PlatformError(
      ErrorCode.INVALID_WEBHOOK_SIGNATURE,
      `The ${SANDBOX_WEBHOOK_HEADER} header is not the signed body's sandbox`,
    )
  }
  return event
}
