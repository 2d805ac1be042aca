// signWebhook takes a documented event, typed by its `type`, and answers headers fetch and
// verifyWebhook take as they are.
import { describe, expectTypeOf, it } from 'vitest'
import { type SignedWebhook, signWebhook, verifyWebhook } from './index.js'

const base = { id: 'evt_1', created_at: '2026-11-25T09:00:00.000Z', app_key: 'w' }

describe('signWebhook types', () => {
  it('answers a body and the four headers', () => {
    const signed = signWebhook({
      secret: 'whsec_x',
      event: { ...base, type: 'installation.created', data: { user_ids: ['dr-1'] } },
    })
    expectTypeOf(signed).toEqualTypeOf<SignedWebhook>()
    expectTypeOf(signed.body).toEqualTypeOf<string>()
    expectTypeOf(signed.headers['webhook-signature']).toEqualTypeOf<string>()
    // What it answers goes straight into verifyWebhook and a Request.
    verifyWebhook(signed.body, signed.headers, 'whsec_x')
    new Request('http://localhost/', { method: 'POST', body: signed.body, headers: signed.headers })
  })

  it('checks the event against its type', () => {
    signWebhook({
      secret: 'whsec_x',
      // @ts-expect-error: an installation event carries user_ids, not a receipt
      event: { ...base, type: 'installation.created', data: { receipt_id: 'pay_1' } },
    })
    signWebhook({
      secret: 'whsec_x',
      // @ts-expect-error: not a documented event type
      event: { ...base, type: 'payment.done', data: {} },
    })
    signWebhook({
      secret: 'whsec_x',
      event: { ...base, type: 'installation.deleted', data: { user_ids: [] } },
      // @ts-expect-error: the timestamp is a Date, not seconds
      timestamp: 1,
    })
  })
})
