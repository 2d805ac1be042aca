// verifyPayment answers the verification it checked, typed from the OpenAPI document.
import { describe, expectTypeOf, it } from 'vitest'
import { type components, type Verification, verifyPayment } from './index.js'

describe('verifyPayment types', () => {
  it('answers a Verification, the document’s schema, not a Record<string, unknown>', async () => {
    const verified = await verifyPayment({ appKey: 'a', apiKey: 'k', receiptId: 'r' })
    expectTypeOf(verified).toEqualTypeOf<Verification>()
    expectTypeOf<Verification>().toEqualTypeOf<components['schemas']['Verification']>()
    expectTypeOf(verified.verified).toEqualTypeOf<true>()
    expectTypeOf(verified.kind).toEqualTypeOf<
      'product' | 'subscription' | 'receipt' | 'doctor_service'
    >()
    expectTypeOf(verified.amount).toEqualTypeOf<number>()
    expectTypeOf(verified.key).toEqualTypeOf<string | null>()
    // @ts-expect-error: no such field in a verification
    void verified.status
  })

  it('takes platformUrl, baseUrl or neither (then PLATFORM_URL), but not a number', () => {
    void verifyPayment({ appKey: 'a', apiKey: 'k', receiptId: 'r', baseUrl: 'http://x' })
    void verifyPayment({ appKey: 'a', apiKey: 'k', receiptId: 'r', platformUrl: 'http://x' })
    // @ts-expect-error: a URL is a string
    void verifyPayment({ appKey: 'a', apiKey: 'k', receiptId: 'r', baseUrl: 4402 })
  })
})
