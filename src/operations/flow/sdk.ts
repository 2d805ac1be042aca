import type { FlowKey } from '../../events/protocol.js'

/** `platform.flow.dispatch`. */
export interface FlowCall {
  /**
   * Moves the patient to the next step of the booking flow. Resolves with no effect outside it.
   *
   * @example
   * await platform.flow.dispatch('BOOKING.RECEIPT')
   */
  dispatch(flowKey: FlowKey, options?: Record<string, unknown>): Promise<void>
}
