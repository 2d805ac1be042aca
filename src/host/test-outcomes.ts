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

/** The backend calls a payment dialog makes. */
export type PaymentCalls = Pick<BackendAdapter, 'pay' | 'subscribe' | 'payForDoctorService'>

/**
 * What a development panel gives `createDevHost` to offer test outcomes: the payment, subscribe
 * and doctor-service dialogs list `outcomes` beside their confirm, the first chosen, and run the
 * confirmed payment through `withOutcome(chosen)` instead of the panel's backend.
 */
export interface TestOutcomes {
  outcomes: readonly PaymentOutcome[]
  withOutcome(outcome: PaymentOutcome): PaymentCalls
}

/** The outcomes a dev host offers: the known ones, or `undefined` when none is known. */
export function knownOutcomes(outcomes: TestOutcomes): TestOutcomes | undefined {
  const known = outcomes.outcomes.filter((o) => PAYMENT_OUTCOMES.includes(o))
  return known.length ? { ...outcomes, outcomes: known } : undefined
}

/** The chooser a payment dialog shows, and the calls for the chosen outcome. */
export interface OutcomeChooser {
  /** The fieldset to put in the dialog's body. */
  field: HTMLFieldSetElement
  /** The backend for the outcome chosen now. */
  calls(): PaymentCalls
}

/**
 * The chooser for a dialog, or `undefined` on every host but a dev host that offers outcomes.
 * A radio group: a choice, not an action, so the dialog's one confirm (with its intent delay and
 * its refusal of a click that began before it armed) stays the only thing that pays.
 */
export function outcomeChooser(
  doc: Document,
  offer: TestOutcomes | undefined,
  t: Strings,
): OutcomeChooser | undefined {
  if (!offer) return undefined
  const radios = offer.outcomes.map((outcome, i) =>
    h(doc, 'input', { type: 'radio', name: 'test-outcome', value: outcome, checked: i === 0 }),
  )
  const field = h(
    doc,
    'fieldset',
    { class: 'test-outcomes', 'data-test-outcomes': '' },
    h(doc, 'legend', {}, t.testOutcome),
    ...offer.outcomes.map((outcome, i) =>
      h(doc, 'label', { class: 'opt' }, radios[i]!, t.testOutcomes[outcome]),
    ),
  )
  return {
    field,
    calls: () => {
      const chosen = radios.find((r) => r.checked)?.value as PaymentOutcome | undefined
      return offer.withOutcome(chosen ?? offer.outcomes[0]!)
    },
  }
}
