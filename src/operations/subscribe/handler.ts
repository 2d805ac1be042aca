import type { Locale, SubscribeResult } from '../../events/index.js'
import { invalid } from '../../events/wire.js'
import { ask } from '../../host-kit/ask.js'
import { isolated } from '../../host-kit/dialog/dialog.js'
import { h } from '../../host-kit/dialog/dom.js'
import { formatRials, type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { summaryTable } from '../../host-kit/dialog/summary.js'
import { nameIn } from '../../host-kit/names.js'
import { type OutcomeChooser, outcomeChooser } from '../../host-kit/test-outcomes.js'
import type { CallContext, Plan } from '../../host-kit/types.js'
import type { SubscribeRequest } from './types.js'
import { words } from './words.js'

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
  const doc = layer.doc
  // The radios and chooser of the first drawing are the ones shown: `run` reads their choice.
  let radios: HTMLInputElement[] | undefined
  let chooser: OutcomeChooser | undefined
  const render = (t: Strings, locale: Locale) => {
    const w = words[locale]
    const label = (plan: Plan) =>
      `${formatRials(plan.price, locale)} ${w.period[plan.period] ?? ''}`.trim()
    const drawnRadios = fixed
      ? []
      : plans.map((plan, i) =>
          h(doc, 'input', { type: 'radio', name: 'plan', value: plan.key, checked: i === 0 }),
        )
    radios ??= drawnRadios
    const content = fixed
      ? [
          summaryTable(doc, [
            [t.paymentItem, isolated(doc, nameIn(fixed.title, locale))],
            [t.paymentPrice, label(fixed), true],
          ]),
        ]
      : [
          h(
            doc,
            'fieldset',
            {},
            h(doc, 'legend', {}, w.subscribePick),
            ...plans.map((plan, i) =>
              h(
                doc,
                'label',
                { class: 'opt' },
                drawnRadios[i]!,
                isolated(doc, nameIn(plan.title, locale)),
                h(doc, 'span', { class: 'price' }, label(plan)),
              ),
            ),
          ),
        ]
    const drawn = outcomeChooser(doc, call.testOutcomes, t)
    chooser ??= drawn
    return {
      title: w.subscribeTitle,
      content: drawn ? [...content, drawn.field] : content,
      confirmLabel: w.subscribeButton,
    }
  }
  const outcome = await ask(call, {
    kind: 'subscribe',
    ...render(strings(locale), locale),
    render,
    run: async (o) => {
      const plan = fixed ?? plans[radios?.findIndex((r) => r.checked) ?? 0] ?? plans[0]!
      const { receipt_id } = await (chooser?.calls() ?? options.backend).subscribe(
        {
          app_key: widget.app_key,
          plan_key: plan.key,
          amount: plan.price,
          ...payload,
        },
        o,
      )
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
