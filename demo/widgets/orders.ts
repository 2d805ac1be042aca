// Orders and their payment. Before the page asks the user to pay, the backend records the order
// at its own price; the page passes the order id as the payment's payload, which the platform
// stores with the receipt. After `payment.pay` succeeds in the page, the backend checks the
// receipt with the platform before it unlocks anything: the page's word is not proof of payment.

import { Hono } from 'hono'
import { verifyPayment } from 'platform-widget-server'
import { opaque } from '../emulator/state.js'
import type { AppConfig } from '../shared/config-types.js'
import { keep } from './page-guard.js'
import { type PlatformAccess, refused } from './platform-access.js'

/** Orders kept, the newest: creating one more forgets the oldest (paid or not). */
export const MAX_ORDERS = 1000

/** An order the backend created before the page asked the user to pay. */
export interface Order {
  id: string
  app_key: string
  product_key: string
  /** Rials: the backend's own price, never the page's. */
  amount: number
  status: 'open' | 'paid'
  receipt_id?: string
  user_id?: string
}

/**
 * Why a verified payment does not pay for `order`, or undefined when it does. Everything compared
 * comes from the platform's verify answer (the payload the platform stored with the receipt, the
 * key and amount it charged), none of it from the browser.
 */
export function orderMismatch(order: Order, verified: Record<string, unknown>): string | undefined {
  const payload = verified.payload as { order_id?: unknown } | null | undefined
  if (order.status !== 'open')
    return `order ${order.id} is already paid (receipt ${order.receipt_id})`
  if (payload?.order_id !== order.id) {
    return `the payment was made for ${payload?.order_id === undefined ? 'no order' : `order ${String(payload.order_id)}`}, not order ${order.id}`
  }
  if (verified.key !== order.product_key) {
    return `the payment bought "${String(verified.key)}", the order is for "${order.product_key}"`
  }
  if (verified.amount !== order.amount) {
    return `the payment was ${String(verified.amount)} Rials, the order is ${order.amount}`
  }
  return undefined
}

/** `POST /api/orders` and `POST /api/verify`. */
export function orderRoutes(apps: Map<string, AppConfig>, access: PlatformAccess): Hono {
  const orders = new Map<string, Order>()
  const routes = new Hono()
  routes.post('/api/orders', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    const target = apps.get(String(body.app_key))
    if (!target) return c.json({ error: 'INVALID_INPUT', message: 'Unknown app_key' }, 400)
    const product = target.products.find((p) => p.key === body.product_key)
    if (!product) return c.json({ error: 'INVALID_INPUT', message: 'Unknown product_key' }, 400)
    const order: Order = {
      id: opaque('ord'),
      app_key: target.app_key,
      product_key: product.key,
      amount: product.price,
      status: 'open',
    }
    keep(orders, order.id, order, MAX_ORDERS)
    return c.json({ order_id: order.id, product_key: order.product_key, amount: order.amount }, 201)
  })

  // With an `order_id`, the verified payment must also match that order (its payload, product
  // and amount, as the platform recorded them); a platform-issued receipt (the booking fee) is
  // its own order.
  routes.post('/api/verify', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    const target = apps.get(String(body.app_key))
    if (!target) return c.json({ error: 'INVALID_INPUT', message: 'Unknown app_key' }, 400)
    const order = body.order_id === undefined ? undefined : orders.get(String(body.order_id))
    if (body.order_id !== undefined && order?.app_key !== target.app_key) {
      return c.json({ error: 'ORDER_NOT_FOUND', message: 'No such order here' }, 404)
    }
    let verified: Record<string, unknown>
    try {
      const receiptId = String(body.receipt_id ?? '')
      verified = await verifyPayment({ ...access.credentials(target), receiptId })
    } catch (error) {
      return refused(c, error)
    }
    if (!order) return c.json(verified)
    const mismatch = orderMismatch(order, verified)
    if (mismatch) {
      return c.json({ error: 'ORDER_MISMATCH', message: `Not unlocked: ${mismatch}` }, 409)
    }
    order.status = 'paid'
    order.receipt_id = String(verified.receipt_id)
    order.user_id = String(verified.user_id)
    return c.json({ ...verified, order })
  })
  return routes
}
