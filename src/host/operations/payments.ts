import {
  type DoctorServiceRequest,
  type DoctorServiceResult,
  doctorServiceAmounts,
  type PayRequest,
  type PayResult,
  type SubscribeRequest,
  type SubscribeResult,
} from '../../events/index.js'
import { invalid } from '../../events/wire.js'
import { ask } from '../ask.js'
import { isolated } from '../dialog/dialog.js'
import { h, withoutBidi } from '../dialog/dom.js'
import { formatRials, strings } from '../dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../dialog/outcome.js'
import { outcomeChooser } from '../test-outcomes.js'
import type { CallContext, Plan } from '../types.js'

function table(
  call: CallContext<never>,
  rows: [label: string, value: string | Node, total?: boolean][],
) {
  const doc = call.layer.doc
  return h(
    doc,
    'table',
    {},
    h(
      doc,
      'tbody',
      {},
      ...rows.map(([label, value, total]) =>
        h(
          doc,
          'tr',
          { class: total ? 'total' : undefined },
          h(doc, 'th', { scope: 'row' }, label),
          h(doc, 'td', {}, value),
        ),
      ),
    ),
  )
}

/** `payment.pay`: a product from the registry or a receipt from the backend. */
export async function pay(request: PayRequest, call: CallContext<'backend'>): Promise<PayResult> {
  const { widget, options, locale } = call
  const echo = {
    ...(request.product_key !== undefined
      ? { product_key: request.product_key }
      : { receipt_id: request.receipt_id }),
    ...('payload' in request ? { payload: request.payload } : {}),
  }
  const error = (message: string): PayResult => ({
    event: 'PLATFORM_PAYMENT_ERROR',
    message,
    ...echo,
  })
  let item: { title: string; amount: number } | undefined
  if (request.product_key !== undefined) {
    const product = widget.products?.find((p) => p.key === request.product_key)
    if (!product) return error(`Unknown product "${request.product_key}"`)
    item = { title: product.title, amount: product.price }
  } else {
    try {
      item = await options.backend.lookupReceipt(widget.app_key, request.receipt_id)
    } catch (e) {
      return error(errorMessage(e))
    }
    if (!item) return error(`Unknown receipt "${request.receipt_id}"`)
  }
  const t = strings(locale)
  const { amount } = item
  const title = withoutBidi(item.title)
  const price = formatRials(amount, locale)
  const chooser = outcomeChooser(call.layer.doc, call.testOutcomes, t)
  const outcome = await ask(call, {
    kind: 'payment',
    title: t.paymentTitle,
    content: [
      table(call, [
        [t.paymentItem, isolated(call.layer.doc, title)],
        [t.paymentPrice, price, true],
      ]),
      ...(chooser ? [chooser.field] : []),
    ],
    confirmLabel: t.payButton(price),
    run: () =>
      (chooser?.calls() ?? options.backend).pay({
        app_key: widget.app_key,
        ...(request.product_key !== undefined
          ? { product_key: request.product_key }
          : { receipt_id: request.receipt_id }),
        amount,
        ...('payload' in request ? { payload: request.payload } : {}),
      }),
  })
  switch (outcome.kind) {
    case 'confirm':
      return { event: 'PLATFORM_PAYMENT_SUCCESS', ...echo, receipt_id: outcome.value.receipt_id }
    case 'close':
      return { event: 'PLATFORM_PAYMENT_CANCEL', ...echo }
    case 'error':
      return error(errorMessage(outcome.error))
    default:
      return unexpectedEnd(outcome)
  }
}

/**
 * `payment.subscribe`. Without `plan_key` the dialog lets the user pick a plan. The spec names
 * no error event for subscriptions, so a failed subscription rejects with `BACKEND_ERROR`.
 */
export async function subscribe(
  request: SubscribeRequest,
  call: CallContext<'backend'>,
): Promise<SubscribeResult> {
  const { widget, options, locale, layer } = call
  const plans = widget.plans ?? []
  const payload = 'payload' in request ? { payload: request.payload } : {}
  const fixed =
    request.plan_key === undefined ? undefined : plans.find((p) => p.key === request.plan_key)
  if (request.plan_key !== undefined && !fixed) {
    throw invalid('plan_key', `unknown plan "${request.plan_key}"`)
  }
  if (!plans.length) throw invalid('plan_key', `${widget.app_key} has no plans`)
  const t = strings(locale)
  const doc = layer.doc
  const label = (plan: Plan) =>
    `${formatRials(plan.price, locale)} ${t.period[plan.period] ?? ''}`.trim()
  const radios = fixed
    ? []
    : plans.map((plan, i) =>
        h(doc, 'input', { type: 'radio', name: 'plan', value: plan.key, checked: i === 0 }),
      )
  const content = fixed
    ? [
        table(call, [
          [t.paymentItem, isolated(doc, fixed.title)],
          [t.paymentPrice, label(fixed), true],
        ]),
      ]
    : [
        h(
          doc,
          'fieldset',
          {},
          h(doc, 'legend', {}, t.subscribePick),
          ...plans.map((plan, i) =>
            h(
              doc,
              'label',
              { class: 'opt' },
              radios[i]!,
              isolated(doc, plan.title),
              h(doc, 'span', { class: 'price' }, label(plan)),
            ),
          ),
        ),
      ]
  const chooser = outcomeChooser(doc, call.testOutcomes, t)
  const outcome = await ask(call, {
    kind: 'subscribe',
    title: t.subscribeTitle,
    content: chooser ? [...content, chooser.field] : content,
    confirmLabel: t.subscribeButton,
    run: async () => {
      const plan = fixed ?? plans[radios.findIndex((r) => r.checked)] ?? plans[0]!
      const { receipt_id } = await (chooser?.calls() ?? options.backend).subscribe({
        app_key: widget.app_key,
        plan_key: plan.key,
        amount: plan.price,
        ...payload,
      })
      return { plan_key: plan.key, receipt_id }
    },
  })
  switch (outcome.kind) {
    case 'confirm':
      return { event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS', ...outcome.value, ...payload }
    case 'close':
      return {
        event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL',
        ...(request.plan_key !== undefined ? { plan_key: request.plan_key } : {}),
        ...payload,
      }
    default:
      return unexpectedEnd(outcome)
  }
}

/** `payment.payForDoctorService` (doctor profile only: the row's context); shows amount, VAT and the payable total. */
export async function payForDoctorService(
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
      table(call, [
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
