// The control API's actions on the state: reset it, mint a session token as the panel would,
// complete a payment as if the user paid (the webhook is sent), set a doctor's SMS.

import { isScopeName, type ScopeName } from 'platform-widget-sdk/events'
import type { CompletePaymentRequest } from 'platform-widget-server'
import type { AppConfig } from '../../shared/config-types.js'
import { ApiError, createRouter, invalid, iso, issueSessionToken, type Kit } from '../api/kit.js'
import { kindName, sendPaid } from '../api/monetization.js'
import { refuseIfChosen } from '../api/payment-outcome.js'
import { checkSize } from '../api/storage.js'
import type { ReceiptRecord } from '../records.js'
import { controlOperation } from './schemas.js'

/** The user a call names, or the fixtures' first (dr-1, a doctor). */
export const DEFAULT_USER = 'dr-1'

/** The widget `app_key`, or 404 APP_NOT_FOUND (as the webhook routes answer it). */
function appOf(kit: Kit, app_key: string) {
  const registered = kit.state.apps.get(app_key)
  // APP_NOT_FOUND, as the webhook routes answer it: one error, one code in the control API.
  if (!registered) {
    throw new ApiError(
      404,
      'APP_NOT_FOUND',
      `No widget "${app_key}" is registered with this emulator (registered: ${[...kit.state.apps.keys()].join(', ')})`,
    )
  }
  return registered
}

/** The user a call names (default {@link DEFAULT_USER}), or 404. */
function userOf(kit: Kit, user_id = DEFAULT_USER) {
  const found = kit.state.users.get(user_id)
  if (!found) throw new ApiError(404, 'NOT_FOUND', `No user "${user_id}" in the fixtures`)
  return found
}

type PaymentInput = CompletePaymentRequest
interface Paying {
  registered: AppConfig
  input: PaymentInput
  now: number
}

/** `kind: pay` with a `receipt_id`: the receipt the widget's backend created, now paid. */
function payIssued(
  kit: Kit,
  { registered, input, receipt_id, now }: Paying & { receipt_id: string },
) {
  const issued = kit.state.receipts.get(receipt_id)
  if (issued?.kind !== 'receipt' || issued.app_key !== registered.app_key) {
    throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}"`)
  }
  if (issued.status !== 'issued') {
    throw new ApiError(409, 'RECEIPT_ALREADY_PAID', `Receipt "${issued.id}" is paid`)
  }
  if (input.user_id !== undefined && input.user_id !== issued.user_id) {
    throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${issued.id}" for this user`)
  }
  refuseIfChosen(input.outcome ?? 'succeed')
  if (issued.payload === undefined && input.payload !== undefined) {
    kit.store(registered.app_key, input.payload)
    issued.payload = input.payload
  }
  issued.status = 'paid'
  issued.paid_at = now
  return issued
}

/** A product (`kind: pay`) or plan (`kind: subscribe`) of the widget, bought now. */
function payItem(kit: Kit, { registered, input, user_id, now }: Paying & { user_id: string }) {
  const [what, key, list] =
    input.kind === 'pay'
      ? (['product', input.product_key, registered.products] as const)
      : (['plan', input.plan_key, registered.plans] as const)
  const item = list.find((p) => p.key === key)
  if (!item) {
    throw new ApiError(
      key === undefined ? 400 : 404,
      key === undefined ? 'INVALID_INPUT' : 'NOT_FOUND',
      key === undefined
        ? `${what}_key: expected one of ${registered.app_key}'s ${what}s (${list.map((p) => p.key).join(', ') || 'none'})`
        : `${registered.app_key} has no ${what} "${key}"`,
    )
  }
  refuseIfChosen(input.outcome ?? 'succeed')
  const receipt: ReceiptRecord = {
    id: kit.receiptId(input.kind),
    app_key: registered.app_key,
    user_id,
    kind: input.kind,
    amount: item.price,
    title: item.title,
    ...(input.kind === 'pay' ? { product_key: item.key } : { plan_key: item.key }),
    ...(input.payload === undefined ? {} : { payload: input.payload }),
    status: 'paid',
    created_at: now,
    paid_at: now,
  }
  kit.store(receipt.app_key, receipt)
  kit.state.receipts.set(receipt.id, receipt)
  return receipt
}

/** What completePayment answers. */
const paymentView = (receipt: ReceiptRecord, now: number) => ({
  receipt_id: receipt.id,
  kind: kindName(receipt.kind) as 'product' | 'subscription' | 'receipt',
  app_key: receipt.app_key,
  user_id: receipt.user_id,
  amount: receipt.amount,
  ...(receipt.product_key ? { product_key: receipt.product_key } : {}),
  ...(receipt.plan_key ? { plan_key: receipt.plan_key } : {}),
  payload: receipt.payload ?? null,
  paid_at: iso(now),
})

/** Back to the fixtures, and a session token as the panel mints one. */
function stateRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(controlOperation('reset', []), (c) => {
    kit.reset()
    return c.json({ reset: true as const }, 200)
  })
  router.openapi(controlOperation('mintSessionToken', []), async (c) => {
    const input = c.req.valid('json')
    input.scopes?.forEach((scope, i) => {
      if (!isScopeName(scope)) {
        throw invalid(`scopes.${i}: expected a scope name (dotted lowercase words)`)
      }
    })
    const registered = appOf(kit, input.app_key)
    const { id: user_id, kind } = userOf(kit, input.user_id)
    const booking = input.context === 'booking-flow'
    // By default, the scopes this user could give here: no provider's for a patient.
    const patient = booking || kind !== 'provider'
    const scopes: ScopeName[] = [
      ...new Set(
        input.scopes ?? registered.scopes.filter((s) => !(patient && s.startsWith('provider.'))),
      ),
    ].filter(isScopeName)
    // As the panel: a session token carries at least one scope (getSessionToken refuses []).
    if (scopes.length === 0) {
      throw new ApiError(
        403,
        'INVALID_SCOPE',
        `No scope to give: ${input.app_key} enables none that ${user_id} could give${booking ? ' in the booking flow' : ''}`,
      )
    }
    const provider = scopes.filter((s) => s.startsWith('provider.'))
    if (booking && provider.length) {
      throw new ApiError(
        403,
        'INVALID_SCOPE',
        `Not in the booking flow, where the user is a patient: ${provider.join(', ')}`,
      )
    }
    const { session_token, expires_in, expires_at, bound } = await issueSessionToken(
      kit,
      user_id,
      registered,
      scopes,
    )
    return c.json({ session_token, expires_at: iso(expires_at), expires_in, ...bound }, 201)
  })
  return router
}

/** A completed payment, and a doctor's SMS. */
function paymentRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(controlOperation('completePayment', []), (c) => {
    const input = c.req.valid('json')
    checkSize(input.payload, 'payload')
    const registered = appOf(kit, input.app_key)
    const { id: user_id } = userOf(kit, input.user_id)
    const now = kit.now()
    const receipt =
      input.kind === 'pay' && input.receipt_id !== undefined
        ? payIssued(kit, { registered, input, receipt_id: input.receipt_id, now })
        : payItem(kit, { registered, input, user_id, now })
    sendPaid(kit, registered, receipt)
    return c.json(paymentView(receipt, now), 201)
  })
  router.openapi(controlOperation('setSms', []), (c) => {
    const input = c.req.valid('json')
    appOf(kit, input.app_key)
    const doctor = userOf(kit, input.user_id)
    if (doctor.kind !== 'provider') {
      throw new ApiError(409, 'NOT_A_PROVIDER', `User "${doctor.id}" is not a provider`)
    }
    if (input.activated !== undefined) doctor.sms.active = input.activated
    if (input.credit !== undefined) doctor.sms.credit = input.credit
    return c.json(
      { user_id: doctor.id, activated: doctor.sms.active, credit: doctor.sms.credit },
      200,
    )
  })
  return router
}

export function actionsRouter(kit: Kit) {
  return createRouter().route('/', stateRoutes(kit)).route('/', paymentRoutes(kit))
}
