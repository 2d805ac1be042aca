// Test outcomes in the payment dialogs: a development panel's way to choose how a payment ends
// (declined, insufficient funds, the platform failing, a timeout), as Stripe's test cards do.
// Only a host built by `createDevHost` (./testing) can offer them: the host hands them to each
// call's context (`CallContext.testOutcomes`) from its relaxed defences, which `createHost`
// leaves empty, so a production panel has no way to fill that field.
import type { BackendAdapter } from './backend.js'
import { h } from './dialog/dom.js'
import type { PaymentOutcome, Strings } from './dialog/i18n.js'

export type { PaymentOutcome } from './dialog/i18n.js'

/** Every outcome, in the order the dialogs list them. */
export const PAYMENT_OUTCOMES: readonly PaymentOutcome[] = [
  'succeed',
  'declined',
  'insufficient_funds',
  'platform_error',
  'timeout',
]

/** The outcomes the SMS top-up dialog lists: paid, declined, the platform failing. */
export const SMS_CHARGE_OUTCOMES = ['succeed', 'declined', 'platform_error'] as const
/** The outcomes the SMS activation dialog lists: activated, or declined by the platform. */
export const SMS_ACTIVATE_OUTCOMES = ['succeed', 'declined'] as const
export type SmsChargeOutcome = (typeof SMS_CHARGE_OUTCOMES)[number]
export type SmsActivateOutcome = (typeof SMS_ACTIVATE_OUTCOMES)[number]

/** The backend calls a payment dialog makes. */
export type PaymentCalls = Pick<BackendAdapter, 'pay' | 'subscribe' | 'payForDoctorService'>
/** The backend calls the SMS dialogs make. */
export type SmsCalls = Pick<BackendAdapter, 'smsCharge' | 'smsActivate'>

/**
 * What a development panel gives `createDevHost` to offer test outcomes: the payment, subscribe
 * and doctor-service dialogs list `outcomes` beside their confirm, the first chosen, and run the
 * confirmed payment through `withOutcome(chosen)` instead of the panel's backend. With
 * `withSmsOutcome`, the SMS top-up and activation dialogs list theirs
 * ({@link SMS_CHARGE_OUTCOMES}, {@link SMS_ACTIVATE_OUTCOMES}) the same way.
 */
export interface TestOutcomes {
  outcomes: readonly PaymentOutcome[]
  withOutcome(outcome: PaymentOutcome): PaymentCalls
  withSmsOutcome?(outcome: SmsChargeOutcome | SmsActivateOutcome): SmsCalls
}

/** The outcomes a dev host offers: the known ones, or `undefined` when none is known. */
export function knownOutcomes(outcomes: TestOutcomes): TestOutcomes | undefined {
  const known = outcomes.outcomes.filter((o) => PAYMENT_OUTCOMES.includes(o))
  return known.length ? { ...outcomes, outcomes: known } : undefined
}

/** The chooser a dialog shows, and the calls for the outcome chosen. */
export interface OutcomeChooser<Calls = PaymentCalls> {
  /** The fieldset to put in the dialog's body. */
  field: HTMLFieldSetElement
  /** The backend for the outcome chosen now. */
  calls(): Calls
}

/**
 * The chooser for a payment dialog, or `undefined` on every host but a dev host that offers
 * outcomes. A radio group: a choice, not an action, so the dialog's one confirm (with its intent
 * delay and its refusal of a click that began before it armed) stays the only thing that pays.
 */
export function outcomeChooser(
  doc: Document,
  offer: TestOutcomes | undefined,
  t: Strings,
): OutcomeChooser | undefined {
  if (!offer) return undefined
  return chooser(doc, t.testOutcome, offer.outcomes, t.testOutcomes, offer.withOutcome)
}

/** The chooser of an SMS dialog: `undefined` unless a dev host offers SMS outcomes. */
export function smsOutcomeChooser(
  doc: Document,
  offer: TestOutcomes | undefined,
  t: Strings,
  kind: 'charge' | 'activate',
): OutcomeChooser<SmsCalls> | undefined {
  const withSms = offer?.withSmsOutcome
  if (!withSms) return undefined
  return kind === 'charge'
    ? chooser(doc, t.testOutcome, SMS_CHARGE_OUTCOMES, t.testOutcomes, withSms)
    : chooser(doc, t.testOutcome, SMS_ACTIVATE_OUTCOMES, t.smsActivateOutcomes, withSms)
}

function chooser<O extends string, Calls>(
  doc: Document,
  legend: string,
  outcomes: readonly O[],
  labels: Record<O, string>,
  calls: (outcome: O) => Calls,
): OutcomeChooser<Calls> {
  const radios = outcomes.map((outcome, i) =>
    h(doc, 'input', { type: 'radio', name: 'test-outcome', value: outcome, checked: i === 0 }),
  )
  const field = h(
    doc,
    'fieldset',
    { class: 'test-outcomes', 'data-test-outcomes': '' },
    h(doc, 'legend', {}, legend),
    ...outcomes.map((outcome, i) => h(doc, 'label', { class: 'opt' }, radios[i]!, labels[outcome])),
  )
  return {
    field,
    calls: () => {
      const chosen = radios.find((r) => r.checked)?.value as O | undefined
      return calls(chosen ?? outcomes[0]!)
    },
  }
}
