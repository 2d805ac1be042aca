import { invalid } from '../../events/errors.js'
import type { PayRequest } from '../../events/protocol.js'
import { key, record, withPayload } from '../../events/validate.js'

/** `payment.pay`'s argument: exactly one of a product key and a receipt id, and a payload. */
export function validatePay(value: unknown): PayRequest {
  if (value === undefined)
    throw invalid('product_key', 'pay() needs { product_key } or { receipt_id }')
  const r = record(value, 'pay', ['product_key', 'receipt_id', 'payload'])
  const hasProduct = r.product_key !== undefined
  const hasReceipt = r.receipt_id !== undefined
  if (hasProduct === hasReceipt) {
    throw invalid(
      hasProduct ? 'receipt_id' : 'product_key',
      'give exactly one of product_key and receipt_id',
    )
  }
  return withPayload(
    hasProduct
      ? { product_key: key(r.product_key, 'product_key') }
      : { receipt_id: key(r.receipt_id, 'receipt_id') },
    r,
  ) as PayRequest
}
