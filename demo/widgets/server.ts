// Long: the sample backend, one example a developer reads top to bottom.
// A sample widget's site and its backend, on the widget's own origin: one server per sample
// widget, each answering only its own widget's page, assets and backend routes (another sample's
// page or webhook receiver is a 404 here), so the origin boundary between samples is real.
//
// The backend is an example to copy, so it keeps the rules a real one needs: it takes JSON bodies
// only (415 otherwise, decided on Content-Type before anything is parsed: a `text/plain` post needs
// no CORS preflight, so another site could send one), it answers state-changing routes only for
// requests from the widget's own origin (403 otherwise; the webhook receiver is called server to
// server and checks a signature instead), and it bounds what it keeps (MAX_* below).
//
// The backend is what a widget developer writes: it exchanges the session token from the page
// for an access token with the developer key, keeps the access token, and calls the platform's
// APIs for the page. The developer key and the access token never reach a browser: the page
// only holds an opaque id of its backend session. It also receives the platform's webhooks,
// verifies their signatures with the widget's webhook secret, and keeps the verified events.

import path from 'node:path'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  createPlatformClient,
  exchangeSessionTokenForClient,
  PlatformApiError,
  type PlatformClient,
  PlatformError,
  verifyPayment,
  verifyWebhook,
} from 'platform-widget-server'
import { opaque } from '../emulator/state.js'
import type { AppConfig } from '../emulator/types.js'
import { devGuard } from '../lib/guard.js'
import { page, serveFrom } from '../lib/http.js'
import { demoPath } from '../lib/paths.js'

const publicDir = demoPath('widgets', 'public')

export interface WidgetsOptions {
  panelOrigin: string
  emulatorOrigin: string
  /** The sample app this server and backend are for (it holds that app's developer key only). */
  app: AppConfig
  /** Host names answered besides this machine's (`--allowed-host`). */
  allowedHosts?: readonly string[]
}

interface BackendSession {
  app: AppConfig
  /** The platform client bound to the session's access token. */
  platform: PlatformClient
  expires_at: number
}

/** A webhook whose signature checked out. */
export interface ReceivedWebhook {
  /** The `webhook-id` header: the event's id, the same on every retry of it. */
  id: string
  type: string
  received_at: string
  /** The verified JSON body: `{ type, id, created_at, app_key, data }`. */
  event: Record<string, unknown>
}

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

/** Bigger webhook bodies are refused unread. */
const MAX_WEBHOOK_BYTES = 256 * 1024
/** Verified events kept per widget, the newest. */
export const MAX_WEBHOOKS_KEPT = 100
/** Bigger JSON bodies from the page are refused unread (413): its largest is an SMS text. */
export const MAX_JSON_BYTES = 16 * 1024
/** Orders kept, the newest: creating one more forgets the oldest (paid or not). */
export const MAX_ORDERS = 1000
/** Backend sessions kept, the newest: one more forgets the oldest (that page connects again). */
export const MAX_SESSIONS = 1000

/** The request's media type, without parameters, in lower case. */
const mediaType = (c: Context) =>
  (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

/** Adds `value` under `key`, forgetting the oldest entries (a Map keeps insertion order) past `max`. */
export function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value)
  for (const oldest of map.keys()) {
    if (map.size <= max) break
    map.delete(oldest)
  }
}

/** Each sample page (the path of its app's URL), the folder of its files, and its panel page. */
const PAGES: Record<string, { dir: string; panelPage: string }> = {
  '/doctor/': { dir: 'doctor', panelPage: '/panel' },
  '/booking-addon/': { dir: 'booking', panelPage: '/booking' },
  '/profile-widget/': { dir: 'profile', panelPage: '/profile' },
}

export function createWidgets(options: WidgetsOptions): Hono {
  // Long: the sample backend, kept as one example a developer reads top to bottom.
  const app = new Hono()
  // First: the Host check, and every answer framed by the panel only.
  app.use(
    '*',
    devGuard({ framing: { framedBy: options.panelOrigin }, allowedHosts: options.allowedHosts }),
  )
  const sessions = new Map<string, BackendSession>()
  const route = new URL(options.app.url).pathname
  const sample = PAGES[route]
  if (!sample) throw new Error(`No sample page at ${route} (${options.app.app_key})`)
  // One entry: the app_key the page sends must be this server's own widget.
  const apps = new Map([[options.app.app_key, options.app]])
  const webhooks = new Map<string, ReceivedWebhook[]>()
  const orders = new Map<string, Order>()
  const ownOrigin = new URL(options.app.url).origin

  /**
   * The page's state-changing calls: from the widget's own origin only (a browser always sends
   * `Origin` with a POST; a missing one is refused too), with a JSON body of at most
   * MAX_JSON_BYTES, its Content-Type checked before the body is read.
   */
  const fromPage: MiddlewareHandler = async (c, next) => {
    if (c.req.header('origin') !== ownOrigin) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: `Only pages of ${ownOrigin} may call this` },
        403,
      )
    }
    if (mediaType(c) !== 'application/json') {
      return c.json(
        {
          error: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send a JSON body (Content-Type: application/json)',
        },
        415,
      )
    }
    return next()
  }
  const jsonLimit = bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: (c) =>
      c.json(
        { error: 'PAYLOAD_TOO_LARGE', message: `Bodies are limited to ${MAX_JSON_BYTES} bytes` },
        413,
      ),
  })
  for (const route of ['/api/session', '/api/sms/send', '/api/orders', '/api/verify']) {
    app.post(route, fromPage, jsonLimit)
  }
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${options.panelOrigin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${options.panelOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')

  /**
   * Makes a platform call with the package's typed client and hands its answer back to the page
   * as it is: the data, or the platform's status and `{ error, message }`.
   */
  const relay = async (c: Context, call: () => Promise<{ data?: unknown }>) => {
    try {
      const { data } = await call()
      return c.json((data ?? {}) as Record<string, unknown>, 200)
    } catch (error) {
      if (error instanceof PlatformApiError) return c.json(error.body, error.status as 400)
      if (error instanceof PlatformError) {
        return c.json({ error: 'UPSTREAM_UNREACHABLE', message: error.message }, 502)
      }
      throw error
    }
  }
  const hosts = {
    gatewayUrl: options.emulatorOrigin,
    platformUrl: options.emulatorOrigin,
    openapiUrl: options.emulatorOrigin,
  }
  /** For the operations that need no token (service types). */
  const anonymous = createPlatformClient(hosts)

  /** The backend session named by the page's `Authorization: Session <id>` header. */
  const session = (c: Context): BackendSession | undefined => {
    const id = /^Session (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const found = id ? sessions.get(id) : undefined
    if (found && found.expires_at <= Date.now()) {
      sessions.delete(id!)
      return undefined
    }
    return found
  }
  const noSession = (c: Context) =>
    c.json({ error: 'NO_SESSION', message: 'Connect first: no backend session for this page' }, 401)

  app.get('/healthz', (c) => c.json({ ok: true }))

  const values = {
    PANEL: options.panelOrigin,
    APP_KEY: options.app.app_key,
    PAGE: route,
    PANEL_PAGE: sample.panelPage,
  }
  app.get(route, (c) => page(c, path.join(publicDir, sample.dir, 'index.html'), values, csp))
  app.get('/', (c) => page(c, path.join(publicDir, 'index.html'), values, csp))
  app.get('/shared/*', (c) => serveFrom(c, path.join(publicDir, 'shared'), '/shared/'))
  app.get(`/static/${sample.dir}/*`, (c) =>
    serveFrom(c, path.join(publicDir, sample.dir), `/static/${sample.dir}/`),
  )

  /** A refusal from the server helpers, as the page sees it: `{ error, message }`. */
  const refused = (c: Context, error: unknown) => {
    if (!(error instanceof PlatformError)) throw error
    const statuses: Record<string, number> = {
      INVALID_SESSION_TOKEN: 400,
      INVALID_INPUT: 400,
      DEVELOPER_NOT_AUTHORIZED: 401,
      PAYMENT_NOT_VERIFIED: 409,
    }
    return c.json(
      { error: error.code, message: error.message },
      (statuses[error.code] ?? 502) as 400,
    )
  }
  const credentials = (target: AppConfig) => ({
    appKey: target.app_key,
    apiKey: target.developer_key,
    platformUrl: options.emulatorOrigin,
  })

  // Step 2 of the authentication: exchange the session token, on the server, with the key.
  // The package's server helper makes the call (`platform-widget-server`).
  app.post('/api/session', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    const target = apps.get(String(body.app_key))
    if (!target) return c.json({ error: 'INVALID_INPUT', message: 'Unknown app_key' }, 400)
    let platform: PlatformClient
    try {
      ;({ client: platform } = await exchangeSessionTokenForClient({
        ...credentials(target),
        ...hosts,
        appId: target.app_id,
        sessionToken: String(body.session_token ?? ''),
      }))
    } catch (error) {
      return refused(c, error)
    }
    const id = opaque('ws')
    // The backend session lives as long as the emulator's access tokens (one hour).
    keep(sessions, id, { app: target, platform, expires_at: Date.now() + 3600_000 }, MAX_SESSIONS)
    return c.json({ session: id })
  })

  app.get('/api/profile', (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    return relay(c, () => s.platform.GET('/open-platform/v1/profile/information'))
  })

  app.get('/api/user', (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    return relay(c, () => s.platform.GET('/v1/user/information'))
  })

  app.get('/api/rx/service-types', (c) => relay(c, () => anonymous.GET('/v1/rx/service-types')))

  app.get('/api/rx/search', (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    // The page's values go on as they are; the platform validates them (400 for a bad one).
    const given = (name: string) => {
      const value = c.req.query(name)
      return value === undefined || value === '' ? undefined : value
    }
    const number = (name: string) => (given(name) === undefined ? undefined : Number(given(name)))
    return relay(c, () =>
      s.platform.GET('/v1/rx/services/search', {
        params: {
          query: {
            _q: given('_q') ?? '',
            provider: given('provider') as 'tamin' | 'salamat' | undefined,
            type: number('type'),
            _limit: number('_limit'),
            _start: number('_start'),
          },
        },
      }),
    )
  })

  app.get('/api/rx/insurance', (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    const national_code = c.req.query('national_code') ?? ''
    return relay(c, () =>
      s.platform.GET('/v1/rx/insurance-type', { params: { query: { national_code } } }),
    )
  })

  app.get('/api/sms/balance', (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    return relay(c, () => s.platform.GET('/v1/sms/balance'))
  })

  app.post('/api/sms/send', async (c) => {
    const s = session(c)
    if (!s) return noSession(c)
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    return relay(c, () =>
      s.platform.POST('/v1/sms/messages', {
        body: { to: String(body.to ?? ''), text: String(body.text ?? '') },
      }),
    )
  })

  // Before the page asks the user to pay, the backend records the order at its own price; the
  // page passes the order id as the payment's payload, which the platform stores with the receipt.
  app.post('/api/orders', async (c) => {
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

  // After `payment.pay` succeeds in the page, the server checks the receipt with the platform
  // before it unlocks anything: the page's word is not proof of payment. With an `order_id`, the
  // verified payment must also match that order (its payload, product and amount, as the platform
  // recorded them); a platform-issued receipt (the booking fee) is its own order.
  app.post('/api/verify', async (c) => {
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
      verified = await verifyPayment({ ...credentials(target), receiptId })
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

  // Webhooks from the platform. The signature covers the exact bytes sent, so the receiver reads
  // the RAW body and verifies it (the package's `verifyWebhook`, Standard Webhooks) before it
  // parses or trusts anything in it. A bad signature, a stale timestamp or missing headers: 400.
  app.post('/api/webhooks/:app_key', async (c) => {
    const target = apps.get(c.req.param('app_key'))
    if (!target) return c.json({ error: 'NOT_FOUND', message: 'No such widget here' }, 404)
    // JSON only, decided before the body is read (the platform sends application/json).
    if (mediaType(c) !== 'application/json') {
      return c.json({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Webhooks are JSON' }, 415)
    }
    if (Number(c.req.header('content-length') ?? 0) > MAX_WEBHOOK_BYTES) {
      return c.json({ error: 'INVALID_INPUT', message: 'The body is too large' }, 413)
    }
    const raw = await c.req.text()
    if (raw.length > MAX_WEBHOOK_BYTES) {
      return c.json({ error: 'INVALID_INPUT', message: 'The body is too large' }, 413)
    }
    let verified: unknown
    try {
      verified = verifyWebhook(raw, c.req.raw.headers, target.webhook_secret)
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error
      return c.json({ error: error.code, message: error.message }, 400)
    }
    const event = verified as Record<string, unknown> | null
    if (!event || typeof event !== 'object' || event.app_key !== target.app_key) {
      return c.json({ error: 'INVALID_INPUT', message: 'The event is not for this widget' }, 400)
    }
    const id = c.req.header('webhook-id') ?? ''
    const kept = webhooks.get(target.app_key) ?? []
    webhooks.set(target.app_key, kept)
    // A retry of an event already received is acknowledged again, and not recorded twice.
    if (!kept.some((received) => received.id === id)) {
      kept.push({ id, type: String(event.type), received_at: new Date().toISOString(), event })
      if (kept.length > MAX_WEBHOOKS_KEPT) kept.splice(0, kept.length - MAX_WEBHOOKS_KEPT)
    }
    return c.json({ received: true })
  })

  // The verified events of one widget, oldest first, for its page (same origin) and the tests.
  app.get('/api/webhooks/:app_key/events', (c) => {
    const target = apps.get(c.req.param('app_key'))
    if (!target) return c.json({ error: 'NOT_FOUND', message: 'No such widget here' }, 404)
    return c.json({ events: webhooks.get(target.app_key) ?? [] })
  })

  return app
}
