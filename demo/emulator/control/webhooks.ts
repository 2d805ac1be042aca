// The control API's webhook routes (mounted under /control/v1 by the control app, which refuses
// browser callers): send a sample event of any documented type, read the delivery log, resend a
// delivery. Programs call them: tests, and the dev command's `trigger`, `resend`, `deliveries`.

import type { Context } from 'hono'
import { doctorServiceAmounts } from 'platform-widget-sdk/events'
import type { ZodError } from 'zod'
import type { AppConfig, PlanConfig } from '../../shared/config-types.js'
import { ApiError, createRouter, invalid, invalidInput, type Kit } from '../api/kit.js'
import { paymentData } from '../api/monetization.js'
import { checkSize, MAX_PAYLOAD_JSON_BYTES } from '../api/storage.js'
import type { ReceiptKind, ReceiptRecord } from '../records.js'
import {
  type WebhookDelivery as Delivery,
  nextAttemptEnded,
  resendDelivery,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  WebhookNotSendableError,
} from '../webhooks.js'
import { controlOperation } from './schemas.js'

/** How long trigger and resend wait for the first attempt's answer before they answer anyway. */
export const ANSWER_WAIT_MS = 10_000

/**
 * The largest `data` a trigger takes, in bytes of JSON, as a receipt's payload: a real event's is
 * under 1 KiB, and every delivery is kept in the log (MemoryBudget bounds the whole).
 */
export const MAX_TRIGGER_DATA_BYTES = MAX_PAYLOAD_JSON_BYTES

/**
 * A trigger's refused body: an unknown event type is named with the types there are (the
 * document lists them), else the first problems.
 */
async function refusedTrigger(error: ZodError, c: Context): Promise<never> {
  if (error.issues.some((issue) => issue.path[0] === 'type')) {
    const given = ((await c.req.json().catch(() => ({}))) as { type?: unknown }).type
    throw invalid(
      `type: unknown event type ${JSON.stringify(given)}; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    )
  }
  throw invalidInput(error)
}

function appOf(kit: Kit, app_key: string): AppConfig {
  const app = kit.state.apps.get(app_key)
  if (!app) {
    throw new ApiError(
      404,
      'APP_NOT_FOUND',
      `No widget "${app_key}" is registered with this emulator (registered: ${[...kit.state.apps.keys()].join(', ')})`,
    )
  }
  return app
}

function deliveryOf(kit: Kit, id: string): Delivery {
  const delivery = kit.state.webhooks.find((d) => d.id === id)
  if (!delivery) {
    throw new ApiError(
      404,
      'DELIVERY_NOT_FOUND',
      `No delivery "${id}" in this emulator's log (it keeps the newest 500, fewer when the memory budget it shares with the sandboxes is tight; a reset empties it)`,
    )
  }
  return delivery
}

/** The user a sample event is about: a patient for the booking flow's payments, else a doctor. */
function sampleUser(kit: Kit, app: AppConfig, type: WebhookEventType): string {
  const patient =
    type.startsWith('doctor_service.') ||
    (type === 'payment.succeeded' && app.contexts.every((c) => c === 'booking-flow'))
  const kind = patient ? 'patient' : 'provider'
  return [...kit.state.users.values()].find((u) => u.kind === kind)?.id ?? 'dr-1'
}

const RECEIPT_KINDS: Partial<Record<WebhookEventType, ReceiptKind>> = {
  'payment.succeeded': 'pay',
  'subscription.succeeded': 'subscribe',
  'doctor_service.succeeded': 'doctor-service',
  'doctor_service.refunded': 'doctor-service',
  'sms_charge.succeeded': 'sms',
}

/**
 * A realistic `data` for an event type, shaped by the code that sends the real events
 * (`paymentData`): the widget's first product or plan, a fixture user, a fresh receipt id. The
 * receipt is not recorded: verifying it answers 404 (`POST /control/v1/payments` makes a real one).
 */
export function sampleData(kit: Kit, app: AppConfig, type: WebhookEventType) {
  const user_id = sampleUser(kit, app, type)
  const kind = RECEIPT_KINDS[type]
  if (!kind) return { user_ids: [user_id] }
  const now = kit.now()
  const product = app.products[0] ?? { key: 'pro', price: 1_250_000 }
  const plan: PlanConfig = app.plans[0] ?? {
    key: 'monthly',
    title: 'Monthly',
    price: 300_000,
    period: 'month',
  }
  const service = doctorServiceAmounts(500_000)
  const receipt: ReceiptRecord = {
    id: kit.receiptId(kind),
    app_key: app.app_key,
    user_id,
    kind,
    amount: 0,
    status: type === 'doctor_service.refunded' ? 'refunded' : 'paid',
    created_at: now,
    paid_at: now,
    ...(kind === 'pay' ? { product_key: product.key, amount: product.price } : {}),
    ...(kind === 'subscribe' ? { plan_key: plan.key, amount: plan.price } : {}),
    ...(kind === 'doctor-service'
      ? { service_amount: service.amount, vat: service.vat, amount: service.payable }
      : {}),
    ...(kind === 'sms' ? { sms_count: 100, amount: 1_000_000 } : {}),
    ...(type === 'doctor_service.refunded' ? { refunded_at: now } : {}),
  }
  const registered = kind === 'subscribe' ? { ...app, plans: [plan, ...app.plans] } : app
  const credit = (kit.state.users.get(user_id)?.sms.credit ?? 0) + 100
  return paymentData(kit, receipt, registered, credit)
}

/** The delivery once its next attempt has ended (or after ANSWER_WAIT_MS), for the answer. */
async function afterAttempt(delivery: Delivery) {
  await nextAttemptEnded(delivery, ANSWER_WAIT_MS)
  return delivery
}

/** Send a sample event. */
function triggerRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    controlOperation('triggerWebhook', []),
    async (c) => {
      const { type, app_key, data } = c.req.valid('json')
      checkSize(data, 'data', MAX_TRIGGER_DATA_BYTES)
      const app = appOf(kit, app_key)
      const delivery = kit.emit(app, type, { ...sampleData(kit, app, type), ...data })
      return c.json(await afterAttempt(delivery), 201)
    },
    (result, c) => (result.success ? undefined : refusedTrigger(result.error, c)),
  )
  return router
}

/** The delivery log: list it, read one delivery, send one again. */
function deliveriesRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(controlOperation('listControlWebhookDeliveries', []), (c) => {
    const { app_key } = c.req.valid('query')
    if (app_key !== undefined) appOf(kit, app_key)
    const deliveries = kit.state.webhooks.filter(
      (d) => app_key === undefined || d.app_key === app_key,
    )
    return c.json({ deliveries: deliveries.reverse() }, 200)
  })
  router.openapi(controlOperation('getWebhookDelivery', []), (c) =>
    c.json(deliveryOf(kit, c.req.valid('param').id), 200),
  )
  router.openapi(controlOperation('resendWebhookDelivery', []), async (c) => {
    const delivery = deliveryOf(kit, c.req.valid('param').id)
    const app = appOf(kit, delivery.app_key)
    try {
      resendDelivery(delivery, app)
    } catch (error) {
      if (error instanceof WebhookNotSendableError) {
        throw new ApiError(409, 'WEBHOOK_NOT_SENDABLE', error.message)
      }
      throw error
    }
    return c.json(await afterAttempt(delivery), 201)
  })
  return router
}

/** The webhook routes of the control API. Mount under `/control/v1`. */
export function controlWebhooksRouter(kit: Kit) {
  return createRouter().route('/', triggerRoutes(kit)).route('/', deliveriesRoutes(kit))
}
