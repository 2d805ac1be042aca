import type { PayRequest, PayResult } from '../../events/index.js'
import { ask } from '../../host/ask.js'
import { isolated } from '../../host/dialog/dialog.js'
import { withoutBidi } from '../../host/dialog/dom.js'
import { formatRials, strings } from '../../host/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host/dialog/outcome.js'
import { summaryTable } from '../../host/dialog/summary.js'
import { outcomeChooser } from '../../host/test-outcomes.js'
import type { CallContext } from '../../host/types.js'

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
      summaryTable(call.layer.doc, [
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
