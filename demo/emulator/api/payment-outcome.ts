// The test outcomes a payment may be given: by the dev panel's payment dialogs (the doctor picks
// one beside Pay) and by the control API's completePayment. The real platform has none of this.
// Each answers as the platform would: a declined or unfunded card and a failing platform charge
// nothing (a receipt the backend issued stays payable, no webhook); a timeout charges (the
// receipt is paid, its webhook sent) and then answers 504, as a payment whose answer was lost.

import { z } from '@hono/zod-openapi'
import { ApiError, type Kit } from './kit.js'

export const PAYMENT_OUTCOMES = [
  'succeed',
  'declined',
  'insufficient_funds',
  'platform_error',
  'timeout',
] as const
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number]

/** The outcomes that charge nothing, with the platform's answer for each. */
const REFUSALS = {
  declined: [402, 'PAYMENT_DECLINED', 'The card was declined (the test outcome chosen)'],
  insufficient_funds: [
    402,
    'INSUFFICIENT_FUNDS',
    'The card has insufficient funds (the test outcome chosen)',
  ],
  platform_error: [500, 'PLATFORM_ERROR', 'The payment platform failed (the test outcome chosen)'],
} as const

export const PaymentOutcomeSchema = z.enum(PAYMENT_OUTCOMES)

/** `undefined` and every known outcome; anything else is a 400 naming the field. */
export function outcomeOf(value: unknown, field = 'test_outcome'): PaymentOutcome {
  if (value === undefined) return 'succeed'
  const parsed = PaymentOutcomeSchema.safeParse(value)
  if (!parsed.success) {
    throw new ApiError(
      400,
      'INVALID_INPUT',
      `${field}: expected one of ${PAYMENT_OUTCOMES.join(', ')}`,
    )
  }
  return parsed.data
}

/** Before a charge: throws the platform's answer for an outcome that charges nothing. */
export function refuseIfChosen(outcome: PaymentOutcome): void {
  if (outcome === 'succeed' || outcome === 'timeout') return
  const [status, code, message] = REFUSALS[outcome]
  throw new ApiError(status, code, message)
}

/** After a charge: a timeout answers 504, the receipt paid and its webhook on its way. */
export function timeOutIfChosen(outcome: PaymentOutcome): void {
  if (outcome !== 'timeout') return
  throw new ApiError(
    504,
    'PAYMENT_TIMEOUT',
    'The payment platform did not answer in time (the test outcome chosen); the charge went through, and its webhook says so',
  )
}

/**
 * A payment in the panel: declined (402 PAYMENT_DECLINED) while the control API's scenario says
 * so (`decline_next_payments`).
 */
export function declineIfAsked(kit: Kit): void {
  const scenario = kit.state.scenario
  if (scenario.decline_next_payments <= 0) return
  scenario.decline_next_payments--
  throw new ApiError(
    402,
    'PAYMENT_DECLINED',
    'The payment was declined (the emulator declines it as the scenario asks)',
  )
}
