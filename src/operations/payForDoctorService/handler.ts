import {
  type DoctorServiceRequest,
  type DoctorServiceResult,
  doctorServiceAmounts,
} from '../../events/index.js'
import { ask } from '../../host/ask.js'
import { formatRials, strings } from '../../host/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host/dialog/outcome.js'
import { summaryTable } from '../../host/dialog/summary.js'
import { outcomeChooser } from '../../host/test-outcomes.js'
import type { CallContext } from '../../host/types.js'

/** `payment.payForDoctorService` (doctor profile only: the row's context); shows amount, VAT and the payable total. */
export async function handle(
  request: DoctorServiceRequest,
  call: CallContext<'backend'>,
): Promise<DoctorServiceResult> {
  const { widget, options, locale } = call
  const amounts = doctorServiceAmounts(request.amount)
  const echo = { ...amounts, ...('payload' in request ? { payload: request.payload } : {}) }
  const t = strings(locale)
  const chooser = outcomeChooser(call.layer.doc, call.testOutcomes, t)
  const outcome = await ask(call, {
    kind: 'doctor-service',
    title: t.doctorTitle,
    content: [
      summaryTable(call.layer.doc, [
        [t.doctorAmount, formatRials(amounts.amount, locale)],
        [t.doctorVat, formatRials(amounts.vat, locale)],
        [t.doctorPayable, formatRials(amounts.payable, locale), true],
      ]),
      ...(chooser ? [chooser.field] : []),
    ],
    confirmLabel: t.payButton(formatRials(amounts.payable, locale)),
    run: () =>
      (chooser?.calls() ?? options.backend).payForDoctorService({
        app_key: widget.app_key,
        ...amounts,
        ...('payload' in request ? { payload: request.payload } : {}),
      }),
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
