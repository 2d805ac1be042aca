import type { SubscribeResult } from '../../events/events.js'
import type { SubscribeRequest } from './types.js'

/** `platform.payment.subscribe`. */
export interface SubscribeCall {
  /**
   * Subscribes to a plan; without `plan_key` the user picks one.
   *
   * @example
   * const r = await platform.payment.subscribe({ plan_key: 'monthly' })
   */
  subscribe(request?: SubscribeRequest): Promise<SubscribeResult>
}
