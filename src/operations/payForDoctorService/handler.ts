import {
  type DoctorServiceResult,
  doctorServiceAmounts,
  type HostContext,
  type Locale,
} from '../../events/index.js'
import { ask } from '../../host-kit/ask.js'
import { formatRials, type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { summaryTable } from '../../host-kit/dialog/summary.js'
import { type OutcomeChooser, outcomeChooser } from '../../host-kit/test-outcomes.js'
import type { CallContext } from '../../host-kit/types.js'
import type { DoctorServiceRequest } from './types.js'
import { words } from './words.js'

/** `payment.payForDoctorService` (doctor profile only: the row's context); shows amount, VAT and the payable total. */
export async function handle(
  request: DoctorServiceRequest,
  call: CallContext<'backend'>,
): Promise<DoctorServiceResult> {
  const { widget, options, locale } = call
  const amounts = doctorServiceAmounts(request.amount)
  const echo = { ...amounts, ...('payload' in request ? { payload: request.payload } : {}) }
  const doc = call.layer.doc
  // The chooser of the first drawing is the one shown: `run` reads its choice.
  let chooser: OutcomeChooser | undefined
  const render = (t: Strings, locale: Locale) => {
    const w = words[locale]
    const drawn = outcomeChooser(doc, call.testOutcomes, t)
    chooser ??= drawn
    return {
      title: w.doctorTitle,
      content: [
        summaryTable(doc, [
          [w.doctorAmount, formatRials(amounts.amount, locale)],
          [w.doctorVat, formatRials(amounts.vat, locale)],
          [w.doctorPayable, formatRials(amounts.payable, locale), true],
        ]),
        ...(drawn ? [drawn.field] : []),
      ],
      confirmLabel: t.payButton(formatRials(amounts.payable, locale)),
    }
  }
  const outcome = await ask(call, {
    kind: 'doctor-service',
    ...render(strings(locale), locale),
    render,
    run: (o) =>
      (chooser?.calls() ?? options.backend).payForDoctorService(
        {
          app_key: widget.app_key,
          ...amounts,
          ...('payload' in request ? { payload: request.payload } : {}),
        },
        o,
      ),
  })
  switch (outcome.kind) {
    case 'confirm':
      return {
        event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS',
        ...echo,
        receipt_id: outcome.value.receipt_id,
      }
    case 'close':
      return { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', ...echo }
    case 'error':
      return {
        event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR',
        ...echo,
        message: errorMessage(outcome.error),
      }
    default:
      return unexpectedEnd(outcome)
  }
}

/** The words of its `WRONG_CONTEXT` refusal outside the doctor profile. */
export const outside = {
  refusal: (context: HostContext) =>
    `payForDoctorService works in the doctor-profile context, not ${context}`,
}
