import type { SubscribeRequest, SubscribeResult } from '../../events/index.js'
import { invalid } from '../../events/wire.js'
import { ask } from '../../host/ask.js'
import { isolated } from '../../host/dialog/dialog.js'
import { h } from '../../host/dialog/dom.js'
import { formatRials, strings } from '../../host/dialog/i18n.js'
import { unexpectedEnd } from '../../host/dialog/outcome.js'
import { summaryTable } from '../../host/dialog/summary.js'
import { outcomeChooser } from '../../host/test-outcomes.js'
import type { CallContext, Plan } from '../../host/types.js'

/**
 * `payment.subscribe`. Without `plan_key` the dialog lets the user pick a plan. The spec names
 * no error event for subscriptions, so a failed subscription rejects with `BACKEND_ERROR`.
 */
export async function handle(
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
        summaryTable(call.layer.doc, [
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
