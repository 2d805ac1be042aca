// verifyWebhook answers a union told apart by `type`: narrowing on it types `data`.
import { describe, expectTypeOf, it } from 'vitest'
import {
  type DoctorServiceRefundedEvent,
  type InstallationCreatedEvent,
  type PaymentSucceededEvent,
  type PlatformWebhookEvent,
  type PlatformWebhookEventType,
  type SmsChargeSucceededEvent,
  type SubscriptionSucceededEvent,
  verifyWebhook,
} from './index.js'

const event = verifyWebhook('{}', {}, 'whsec_x')

describe('verifyWebhook types', () => {
  it('answers the union of the documented events, not unknown', () => {
    expectTypeOf(event).toEqualTypeOf<PlatformWebhookEvent>()
    expectTypeOf<PlatformWebhookEventType>().toEqualTypeOf<
      | 'payment.succeeded'
      | 'subscription.succeeded'
      | 'doctor_service.succeeded'
      | 'doctor_service.refunded'
      | 'sms_charge.succeeded'
      | 'installation.created'
      | 'installation.deleted'
    >()
    expectTypeOf(event.id).toEqualTypeOf<string>()
    expectTypeOf(event.app_key).toEqualTypeOf<string>()
  })

  it('narrows data by type', () => {
    if (event.type === 'payment.succeeded') {
      expectTypeOf(event).toEqualTypeOf<PaymentSucceededEvent>()
      expectTypeOf(event.data.kind).toEqualTypeOf<'product' | 'receipt'>()
      expectTypeOf(event.data.receipt_id).toEqualTypeOf<string>()
      expectTypeOf(event.data.product_key).toEqualTypeOf<string | undefined>()
      // @ts-expect-error: a payment carries no user_ids
      void event.data.user_ids
    }
    if (event.type === 'subscription.succeeded') {
      expectTypeOf(event).toEqualTypeOf<SubscriptionSucceededEvent>()
      expectTypeOf(event.data.period).toEqualTypeOf<'week' | 'month' | 'year'>()
    }
    if (event.type === 'doctor_service.refunded') {
      expectTypeOf(event).toEqualTypeOf<DoctorServiceRefundedEvent>()
      expectTypeOf(event.data.refunded_at).toEqualTypeOf<string>()
      expectTypeOf(event.data.vat).toEqualTypeOf<number>()
    }
    if (event.type === 'sms_charge.succeeded') {
      expectTypeOf(event).toEqualTypeOf<SmsChargeSucceededEvent>()
      expectTypeOf(event.data.credit).toEqualTypeOf<number>()
    }
    if (event.type === 'installation.created') {
      expectTypeOf(event).toEqualTypeOf<InstallationCreatedEvent>()
      expectTypeOf(event.data.user_ids).toEqualTypeOf<string[]>()
      // @ts-expect-error: an installation has no receipt
      void event.data.receipt_id
    }
  })

  it('refuses a type that is not an event, and data before narrowing', () => {
    // @ts-expect-error: not an event type
    if (event.type === 'payment.failed') void event
    // @ts-expect-error: not every event has a receipt_id
    void event.data.receipt_id
  })
})
