import { key, record, withPayload } from '../../events/validate.js'
import type { SubscribeRequest } from './types.js'

/** `payment.subscribe`'s argument: an optional plan key, and a payload. */
export function validateSubscribe(value: unknown): SubscribeRequest {
  const r = record(value ?? {}, 'subscribe', ['plan_key', 'payload'])
  return withPayload(r.plan_key === undefined ? {} : { plan_key: key(r.plan_key, 'plan_key') }, r)
}
