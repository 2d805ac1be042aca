// A doctor's SMS as the panel shows and changes it: activated, and topped up (a paid receipt,
// with its webhook), each with the test outcome the dev panel's dialog chose.

import { type Context, Hono } from 'hono'
import type { ReceiptRecord } from '../../records.js'
import { internalRoute } from '../internal-routes.js'
import { ApiError, type Env, invalid, type Kit } from '../kit.js'
import { paymentData } from '../monetization.js'
import {
  declineIfAsked,
  outcomeOf,
  type PaymentOutcome,
  refuseIfChosen,
} from '../payment-outcome.js'
import { idempotent } from './idempotency.js'
import { appParam, jsonBody, notProvider, userParam } from './lookups.js'

/** A test outcome the SMS dialogs may send: one of `allowed`, else 400 naming them. */
function smsOutcome(value: unknown, allowed: readonly PaymentOutcome[]): PaymentOutcome {
  const outcome = outcomeOf(value)
  if (!allowed.includes(outcome))
    throw invalid(`test_outcome: expected one of ${allowed.join(', ')}`)
  return outcome
}

/** `POST …/sms/charge`: `count` messages bought for `price` Rials. */
async function topUp(kit: Kit, c: Context) {
  const user = userParam(kit, c)
  const registered = appParam(kit, c)
  if (user.kind !== 'provider') throw notProvider()
  // The same top-up sent again (its answer lost): the first answer, nothing charged.
  const { before, remember } = idempotent(kit.state.idempotent, c, 'sms')
  if (before) return c.json(before)
  const { count, price, test_outcome } = await jsonBody(c)
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) {
    throw invalid('count: expected a positive whole number')
  }
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) {
    throw invalid('price: expected whole Rials')
  }
  // A top-up is a payment: the scenario's declines and the dialog's test outcome apply.
  const outcome = smsOutcome(test_outcome, ['succeed', 'declined', 'platform_error'])
  declineIfAsked(kit)
  refuseIfChosen(outcome)
  const receipt: ReceiptRecord = {
    id: kit.receiptId('sms'),
    app_key: registered.app_key,
    user_id: user.id,
    kind: 'sms',
    amount: price,
    sms_count: count,
    status: 'paid',
    created_at: kit.now(),
    paid_at: kit.now(),
  }
  kit.store(receipt.app_key, receipt)
  user.sms.credit += count
  kit.state.receipts.set(receipt.id, receipt)
  kit.emit(
    registered,
    'sms_charge.succeeded',
    paymentData(kit, receipt, registered, user.sms.credit),
  )
  const answer = { receipt_id: receipt.id, credit: user.sms.credit }
  remember(answer)
  return c.json(answer)
}

export function smsRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'getSms', (c) => {
    const user = userParam(kit, c)
    return c.json({ active: user.sms.active, credit: user.sms.credit })
  })
  internalRoute(router, 'activateSms', async (c) => {
    const user = userParam(kit, c)
    appParam(kit, c)
    if (user.kind !== 'provider') throw notProvider()
    const { test_outcome } = await jsonBody(c)
    if (smsOutcome(test_outcome, ['succeed', 'declined']) === 'declined') {
      throw new ApiError(
        403,
        'SMS_ACTIVATION_DECLINED',
        'The platform declined to activate SMS (the test outcome chosen)',
      )
    }
    user.sms.active = true
    return c.json({ active: true, credit: user.sms.credit })
  })
  internalRoute(router, 'chargeSms', (c) => topUp(kit, c))
  return router
}
