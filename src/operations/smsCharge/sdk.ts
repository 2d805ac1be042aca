import type { SmsChargeResult } from '../../events/events.js'

/** `platform.sms.charge`. */
export interface SmsChargeCall {
  /**
   * Opens the SMS top-up dialog. Rejects with `USER_CLOSED_POPUP` when the user closes it.
   *
   * @example
   * const { count } = await platform.sms.charge()
   */
  charge(): Promise<SmsChargeResult>
}
