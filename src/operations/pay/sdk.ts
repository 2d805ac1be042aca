import type { Payload, PayResult } from '../../events/events.js'
import type { PayRequest } from '../../events/protocol.js'

/** `platform.payment.pay`. */
export interface PayCall {
  /**
   * Sells a product defined in the console, or pays a receipt. Your server must then verify
   * `receipt_id` with monetization verify.
   *
   * @example
   * const r = await platform.payment.pay({ product_key: 'pro', payload: { order: 7 } })
   * if (r.event === 'PLATFORM_PAYMENT_SUCCESS') await fetch('/verify', { method: 'POST', body: r.receipt_id })
   */
  pay(request: PayRequest, payload?: Payload): Promise<PayResult>
}
