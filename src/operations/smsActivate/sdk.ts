import type { SmsActivateResult } from '../../events/events.js'

/** `platform.sms.activate`. */
export interface SmsActivateCall {
  /**
   * Lets the widget send SMS in the doctor's name. Resolves at once when SMS is already active.
   *
   * @example
   * const r = await platform.sms.activate()
   */
  activate(): Promise<SmsActivateResult>
}
