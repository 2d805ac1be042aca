import type { Locale, PayRequest, PayResult } from '../../events/index.js'
import { ask } from '../../host-kit/ask.js'
import { withBackend } from '../../host-kit/backend-call.js'
import { isolated } from '../../host-kit/dialog/dialog.js'
import { withoutBidi } from '../../host-kit/dialog/dom.js'
import { formatRials, type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { summaryTable } from '../../host-kit/dialog/summary.js'
import { nameIn, type WidgetName } from '../../host-kit/names.js'
import { type OutcomeChooser, outcomeChooser } from '../../host-kit/test-outcomes.js'
import type { CallContext } from '../../host-kit/types.js'
import { words } from './words.js'

/** `payment.pay`: a product from the registry or a receipt from the backend. */
export async function handle(
  request: PayRequest,
  call: CallContext<'backend'>,
): Promise<PayResult> {
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
  let item: { title: WidgetName; amount: number } | undefined
  if (request.product_key !== undefined) {
    const product = widget.products?.find((p) => p.key === request.product_key)
    if (!product) return error(`Unknown product "${request.product_key}"`)
    item = { title: product.title, amount: product.price }
  } else {
    try {
      item = await withBackend(call, (o) =>
        options.backend.lookupReceipt(widget.app_key, request.receipt_id, o),
      )
    } catch (e) {
      return error(errorMessage(e))
    }
    if (!item) return error(`Unknown receipt "${request.receipt_id}"`)
  }
  const { amount } = item
  // A product's title is checked at registration; a receipt's comes from the backend now.
  const title = typeof item.title === 'string' ? withoutBidi(item.title) : item.title
  const doc = call.layer.doc
  // The chooser of the first drawing is the one shown: `run` reads its choice.
  let chooser: OutcomeChooser | undefined
  const render = (t: Strings, locale: Locale) => {
    const w = words[locale]
    const price = formatRials(amount, locale)
    const drawn = outcomeChooser(doc, call.testOutcomes, t)
    chooser ??= drawn
    return {
      title: w.paymentTitle,
      content: [
        summaryTable(doc, [
          [t.paymentItem, isolated(doc, nameIn(title, locale))],
          [t.paymentPrice, price, true],
        ]),
        ...(drawn ? [drawn.field] : []),
      ],
      confirmLabel: t.payButton(price),
    }
  }
  const outcome = await ask(call, {
    kind: 'payment',
    ...render(strings(locale), locale),
    render,
    run: (o) =>
      (chooser?.calls() ?? options.backend).pay(
        {
          app_key: widget.app_key,
          ...(request.product_key !== undefined
            ? { product_key: request.product_key }
            : { receipt_id: request.receipt_id }),
          amount,
          ...('payload' in request ? { payload: request.payload } : {}),
        },
        o,
      ),
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
