// Spec 4.5 (monetization and billing): verify a payment, refund a doctor-service payment, and
// the emulator's server-side receipts (the backend prices an order and the page pays its id).

import type { components } from 'platform-widget-server'
import type { AppConfig } from '../../shared/config-types.js'
import type { ReceiptKind, ReceiptRecord } from '../records.js'
import type { WebhookEventType } from '../webhooks.js'
import { operation } from './document.js'
import { ApiError, createRouter, invalid, iso, type Kit, trimmed } from './kit.js'
import { developerKey } from './middleware.js'
import { checkSize } from './storage.js'

type Verification = components['schemas']['Verification']
/** C0 and C1 controls, line and paragraph separators, and bidi embeddings, overrides, isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it refuses
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

/** What verify and the payment webhooks call the kind of a receipt. */
export const kindName = (kind: ReceiptKind) =>
  ({
    subscribe: 'subscription',
    pay: 'product',
    receipt: 'receipt',
    'doctor-service': 'doctor_service',
    sms: 'sms',
  })[kind]

/**
 * The `data` of a payment event: what monetization verify answers, less the verification (and
 * the plan's period for a subscription, the new credit for an SMS top-up).
 */
export function paymentData(
  kit: Kit,
  receipt: ReceiptRecord,
  registered: AppConfig,
  credit?: number,
): Record<string, unknown> {
  const paidAt = iso(receipt.paid_at ?? kit.now())
  const payload = receipt.payload === undefined ? {} : { payload: receipt.payload }
  switch (receipt.kind) {
    case 'doctor-service':
      return {
        receipt_id: receipt.id,
        user_id: receipt.user_id,
        service_amount: receipt.service_amount,
        vat: receipt.vat,
        amount: receipt.amount,
        paid_at: paidAt,
        ...(receipt.refunded_at === undefined ? {} : { refunded_at: iso(receipt.refunded_at) }),
        ...payload,
      }
    case 'sms':
      return {
        receipt_id: receipt.id,
        user_id: receipt.user_id,
        count: receipt.sms_count,
        credit,
        amount: receipt.amount,
        paid_at: paidAt,
      }
    default: {
      const plan = registered.plans.find((p) => p.key === receipt.plan_key)
      return {
        receipt_id: receipt.id,
        kind: kindName(receipt.kind),
        ...(receipt.product_key ? { product_key: receipt.product_key } : {}),
        ...(receipt.plan_key ? { plan_key: receipt.plan_key } : {}),
        ...(plan ? { period: plan.period } : {}),
        amount: receipt.amount,
        user_id: receipt.user_id,
        paid_at: paidAt,
        ...payload,
      }
    }
  }
}

const PAYMENT_EVENTS: Partial<Record<ReceiptKind, WebhookEventType>> = {
  receipt: 'payment.succeeded',
  pay: 'payment.succeeded',
  subscribe: 'subscription.succeeded',
  'doctor-service': 'doctor_service.succeeded',
}
/** Sends a paid receipt's webhook. */
export function sendPaid(kit: Kit, registered: AppConfig, receipt: ReceiptRecord) {
  const type = PAYMENT_EVENTS[receipt.kind]
  if (type) kit.emit(registered, type, paymentData(kit, receipt, registered))
}

/** The receipt a verify or refund body names, if it is this widget's: else 404 (or 400 without an id). */
function ownReceipt(kit: Kit, app_key: string, json: object, form: object) {
  const { receipt_id } = { ...form, ...json } as { receipt_id?: string }
  if (!receipt_id)
    throw new ApiError(400, 'INVALID_INPUT', 'Expected a body { "receipt_id": "..." }')
  const receipt = kit.state.receipts.get(receipt_id)
  if (!receipt || receipt.app_key !== app_key) {
    throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}" for this widget`)
  }
  return { receipt_id, receipt }
}

/** The widget's own operations, each a POST with its developer key. */
const key = (kit: Kit) => [developerKey(kit)]

/** A paid receipt not verified yet (409 otherwise; an SMS top-up does not verify). */
function checkVerifiable(kit: Kit, receipt_id: string, receipt: ReceiptRecord) {
  if (receipt.kind === 'sms') {
    throw new ApiError(
      400,
      'INVALID_INPUT',
      `Receipt "${receipt_id}" is an SMS top-up, paid to the platform; it does not verify`,
    )
  }
  if (receipt.status === 'refunded') {
    throw new ApiError(409, 'RECEIPT_REFUNDED', `Receipt "${receipt_id}" was refunded`, {
      refunded_at: iso(receipt.refunded_at ?? kit.now()),
    })
  }
  if (receipt.status !== 'paid') {
    throw new ApiError(409, 'RECEIPT_NOT_PAID', `Receipt "${receipt_id}" has not been paid`)
  }
  if (receipt.verified_at !== undefined) {
    throw new ApiError(
      409,
      'RECEIPT_ALREADY_VERIFIED',
      `Receipt "${receipt_id}" was already verified; a receipt verifies once`,
      { verified_at: iso(receipt.verified_at) },
    )
  }
}

/** What verify answers for a receipt it has just verified. */
function verification(receipt: ReceiptRecord, verified_at: number): Verification {
  return {
    verified: true as const,
    receipt_id: receipt.id,
    kind: kindName(receipt.kind) as Verification['kind'],
    // What was bought: the product or plan key; a receipt's own id; none for a doctor service.
    key:
      receipt.product_key ?? receipt.plan_key ?? (receipt.kind === 'receipt' ? receipt.id : null),
    ...(receipt.product_key ? { product_key: receipt.product_key } : {}),
    ...(receipt.plan_key ? { plan_key: receipt.plan_key } : {}),
    ...(receipt.kind === 'doctor-service'
      ? { service_amount: receipt.service_amount, vat: receipt.vat }
      : {}),
    amount: receipt.amount,
    user_id: receipt.user_id,
    payload: receipt.payload ?? null,
    paid_at: iso(receipt.paid_at ?? receipt.created_at),
    verified_at: iso(verified_at),
  }
}

/** Verify a payment, once. */
function verifyRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('verifyPayment', key(kit)), (c) => {
    const { receipt_id, receipt } = ownReceipt(
      kit,
      c.var.app.app_key,
      c.req.valid('json'),
      c.req.valid('form'),
    )
    checkVerifiable(kit, receipt_id, receipt)
    receipt.verified_at = kit.now()
    return c.json(verification(receipt, receipt.verified_at), 200)
  })
  return router
}

// Server-side receipts: the widget's backend prices an order itself and gets a receipt id the
// page passes to `payment.pay({ receipt_id })`. The title and amount shown in the dialog come
// from here, never from the browser.
function receiptsRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('createReceipt', key(kit)), (c) => {
    const body = c.req.valid('json')
    const title = trimmed('title', body.title)
    if (UNSAFE_TEXT.test(title)) throw invalid('title: no control or bidi-override characters')
    if (!kit.state.users.has(body.user_id)) {
      throw new ApiError(
        400,
        'INVALID_INPUT',
        "user_id: expected the id of a platform user (the access token's sub)",
      )
    }
    checkSize(body.payload, 'payload')
    const receipt: ReceiptRecord = {
      id: kit.receiptId('receipt'),
      app_key: c.var.app.app_key,
      user_id: body.user_id,
      kind: 'receipt',
      title,
      amount: body.amount,
      status: 'issued',
      created_at: kit.now(),
      created_by_backend: true,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }
    kit.store(receipt.app_key, receipt)
    kit.state.receipts.set(receipt.id, receipt)
    const { amount, user_id } = body
    const issued = { receipt_id: receipt.id, title, amount, user_id, status: 'issued' as const }
    return c.json(
      { ...issued, payload: receipt.payload ?? null, created_at: iso(receipt.created_at) },
      201,
    )
  })
  return router
}

/** Refunds a doctor-service payment, once. A refunded receipt no longer verifies. */
function refundRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('refundProviderService', key(kit)), (c) => {
    const registered = c.var.app
    const { receipt_id, receipt } = ownReceipt(
      kit,
      registered.app_key,
      c.req.valid('json'),
      c.req.valid('form'),
    )
    if (receipt.kind !== 'doctor-service') {
      throw new ApiError(
        400,
        'INVALID_INPUT',
        `Receipt "${receipt_id}" is not a doctor-service payment; only those are refunded here`,
      )
    }
    if (receipt.status === 'refunded') {
      throw new ApiError(
        409,
        'RECEIPT_ALREADY_REFUNDED',
        `Receipt "${receipt_id}" was already refunded; a payment is refunded once`,
        { refunded_at: iso(receipt.refunded_at ?? kit.now()) },
      )
    }
    receipt.status = 'refunded'
    receipt.refunded_at = kit.now()
    kit.emit(registered, 'doctor_service.refunded', paymentData(kit, receipt, registered))
    const { amount, user_id } = receipt
    return c.json(
      {
        refunded: true as const,
        receipt_id,
        amount,
        user_id,
        refunded_at: iso(receipt.refunded_at),
      },
      200,
    )
  })
  return router
}

export function monetizationRouter(kit: Kit) {
  return createRouter()
    .route('/', verifyRoutes(kit))
    .route('/', receiptsRoutes(kit))
    .route('/', refundRoutes(kit))
}
