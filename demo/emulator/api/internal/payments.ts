// Payments the doctor confirmed in the panel: a receipt's title and amount for the dialog, then
// the charge itself (a product, a plan, a doctor service, or a receipt the widget's backend
// created), recorded and sent as a webhook, unless the scenario or the test outcome refuses it.

import { type Context, Hono } from 'hono'
import { doctorServiceAmounts } from 'platform-widget-sdk/events'
import type { AppConfig } from '../../../shared/config-types.js'
import type { ReceiptRecord } from '../../records.js'
import { internalRoute } from '../internal-routes.js'
import { ApiError, type Env, invalid, type Kit, type StateUser } from '../kit.js'
import { sendPaid } from '../monetization.js'
import {
  declineIfAsked,
  outcomeOf,
  type PaymentOutcome,
  refuseIfChosen,
  timeOutIfChosen,
} from '../payment-outcome.js'
import { idempotent } from './idempotency.js'
import { appParam, jsonBody, localized, userParam } from './lookups.js'

/** What every kind of payment knows: who pays whom, how much, and how the test ends. */
interface PaymentRequest {
  kit: Kit
  c: Context
  user: StateUser
  registered: AppConfig
  body: Record<string, unknown>
  amount: number
  outcome: PaymentOutcome
  /** The fields every new receipt starts with. */
  base: Pick<ReceiptRecord, 'app_key' | 'user_id' | 'payload'>
  /** Keeps the answer under the request's idempotency key, once the charge is made. */
  remember(answer: object): void
}

/**
 * Records a charge (unless the scenario or the test outcome refuses it), sends its webhook,
 * answers its id (or, for the timeout outcome, 504).
 */
function charge(p: PaymentRequest, record: Omit<ReceiptRecord, 'id' | 'status' | 'created_at'>) {
  const { kit } = p
  declineIfAsked(kit)
  refuseIfChosen(p.outcome)
  const receipt: ReceiptRecord = {
    ...record,
    id: kit.receiptId(record.kind),
    status: 'paid',
    created_at: kit.now(),
    paid_at: kit.now(),
  }
  kit.store(receipt.app_key, receipt)
  kit.state.receipts.set(receipt.id, receipt)
  sendPaid(kit, p.registered, receipt)
  p.remember({ receipt_id: receipt.id })
  timeOutIfChosen(p.outcome)
  return p.c.json({ receipt_id: receipt.id })
}

/** `kind: pay` with a `receipt_id`: the receipt the widget's backend created, paid. */
function payReceipt(p: PaymentRequest, receipt_id: string) {
  const { kit, body, registered } = p
  const receipt = kit.state.receipts.get(receipt_id)
  if (receipt?.kind !== 'receipt' || receipt.app_key !== registered.app_key) {
    throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}"`)
  }
  if (receipt.status === 'paid') {
    throw new ApiError(409, 'RECEIPT_ALREADY_PAID', `Receipt "${receipt.id}" is already paid`)
  }
  if (receipt.amount !== p.amount) throw invalid(`amount: the receipt is ${receipt.amount}`)
  if (receipt.user_id !== p.user.id) {
    throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}" for this user`)
  }
  declineIfAsked(kit)
  refuseIfChosen(p.outcome)
  // A payload its backend set when creating it stays; else the page's is kept.
  if (receipt.payload === undefined && body.payload !== undefined) {
    kit.store(registered.app_key, body.payload)
    receipt.payload = body.payload
  }
  receipt.status = 'paid'
  receipt.paid_at = kit.now()
  sendPaid(kit, registered, receipt)
  p.remember({ receipt_id: receipt.id })
  timeOutIfChosen(p.outcome)
  return p.c.json({ receipt_id: receipt.id })
}

/** `kind: pay`: a receipt, or one of the widget's products at its price. */
function pay(p: PaymentRequest) {
  const { body, registered, amount } = p
  if (typeof body.receipt_id === 'string') return payReceipt(p, body.receipt_id)
  const product = registered.products.find((item) => item.key === body.product_key)
  if (!product) throw invalid(`product_key: ${registered.app_key} has no such product`)
  if (product.price !== amount) throw invalid(`amount: the product costs ${product.price}`)
  return charge(p, {
    ...p.base,
    kind: 'pay',
    amount,
    product_key: product.key,
    title: product.title,
  })
}

/** `kind: subscribe`: one of the widget's plans at its price. */
function subscribe(p: PaymentRequest) {
  const { body, registered, amount } = p
  const plan = registered.plans.find((item) => item.key === body.plan_key)
  if (!plan) throw invalid(`plan_key: ${registered.app_key} has no such plan`)
  if (plan.price !== amount) throw invalid(`amount: the plan costs ${plan.price}`)
  return charge(p, { ...p.base, kind: 'subscribe', amount, plan_key: plan.key, title: plan.title })
}

/** `kind: doctor-service`: the service's amount, with the VAT and payable the page computed. */
function doctorService(p: PaymentRequest) {
  const expected = doctorServiceAmounts(p.amount)
  if (p.body.vat !== expected.vat || p.body.payable !== expected.payable) {
    throw invalid(`vat and payable: expected ${expected.vat} and ${expected.payable}`)
  }
  return charge(p, {
    ...p.base,
    kind: 'doctor-service',
    amount: expected.payable,
    service_amount: p.amount,
    vat: expected.vat,
  })
}

const KINDS: Record<string, (p: PaymentRequest) => Response> = {
  pay,
  subscribe,
  'doctor-service': doctorService,
}

/** `POST /users/:user_id/apps/:app_key/payments`: the checks of each kind, in order. */
async function payment(kit: Kit, c: Context) {
  const user = userParam(kit, c)
  const registered = appParam(kit, c)
  // The same charge sent again (its answer lost): the first answer, nothing charged.
  const { before, remember } = idempotent(kit.state.idempotent, c, 'pay')
  if (before) return c.json(before)
  const body = await jsonBody(c)
  const amount = body.amount
  // No cap of its own on the payload: the SDK bounds it by its own measure (string lengths, not
  // UTF-8 bytes), which 16 KiB of JSON would not always hold; the body limit and the memory
  // budget bound what this route keeps.
  const payload = body.payload === undefined ? {} : { payload: body.payload }
  const outcome = outcomeOf(body.test_outcome)
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
    throw invalid('amount: expected whole Rials')
  }
  const kind = typeof body.kind === 'string' && Object.hasOwn(KINDS, body.kind) ? body.kind : ''
  const handler = KINDS[kind]
  if (!handler) throw invalid('kind: expected pay, subscribe or doctor-service')
  const base = { app_key: registered.app_key, user_id: user.id, ...payload }
  return handler({ kit, c, user, registered, body, amount, outcome, base, remember })
}

/** A receipt the widget's backend created, for the dialog; payments of every kind. */
export function paymentsRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'lookupReceipt', (c) => {
    const receipt = kit.state.receipts.get(c.req.param('receipt_id') ?? '')
    if (
      receipt?.kind !== 'receipt' ||
      receipt.app_key !== c.req.param('app_key') ||
      receipt.user_id !== c.req.param('user_id')
    ) {
      throw new ApiError(404, 'RECEIPT_NOT_FOUND', 'No such receipt for this widget and user')
    }
    if (receipt.status === 'paid') {
      throw new ApiError(409, 'RECEIPT_ALREADY_PAID', `Receipt "${receipt.id}" is already paid`)
    }
    return c.json({
      title: localized(receipt.title, c.req.query('locale') ?? 'fa'),
      amount: receipt.amount,
    })
  })
  internalRoute(router, 'pay', (c) => payment(kit, c))
  return router
}
