// A sample widget's site and its backend, on the widget's own origin: one server per sample
// widget, each answering only its own widget's page, assets and backend routes (another sample's
// page or webhook receiver is a 404 here), so the origin boundary between samples is real.
//
// The backend is an example to copy, so it keeps the rules a real one needs: it takes JSON bodies
// only (415 otherwise, decided on Content-Type before anything is parsed), it answers
// state-changing routes only for requests from the widget's own origin (403 otherwise; the
// webhook receiver is called server to server and checks a signature instead), and it bounds
// what it keeps (the MAX_* limits).
//
// The backend is what a widget developer writes: it exchanges the session token from the page
// for an access token with the developer key, keeps the access token, and calls the platform's
// APIs for the page. The developer key and the access token never reach a browser: the page
// only holds an opaque id of its backend session. It also receives the platform's webhooks,
// verifies their signatures with the widget's webhook secret, and keeps the verified events.
//
// Read it by resource, each a Hono router mounted here: pages.ts (the page and its files),
// page-guard.ts (the page's posts), sessions.ts (the token exchange), platform-routes.ts (the
// platform calls made for the page), orders.ts (orders and their payment), webhooks.ts.

import { Hono } from 'hono'
import { devGuard } from '../lib/guard.js'
import type { AppConfig } from '../shared/config-types.js'
import { orderRoutes } from './orders.js'
import { pageGuard } from './page-guard.js'
import { pageRoutes } from './pages.js'
import { platformAccess } from './platform-access.js'
import { platformRoutes } from './platform-routes.js'
import { createSessions } from './sessions.js'
import { webhookRoutes } from './webhooks.js'

export { MAX_ORDERS, type Order, orderMismatch } from './orders.js'
export { keep, MAX_JSON_BYTES } from './page-guard.js'
export { MAX_SESSIONS } from './sessions.js'
export { MAX_WEBHOOKS_KEPT, type ReceivedWebhook } from './webhooks.js'

export interface WidgetsOptions {
  panelOrigin: string
  /** Panels of your own (`--panel-origin`) that may frame the sample too. */
  panelOrigins?: readonly string[]
  emulatorOrigin: string
  /** The sample app this server and backend are for (it holds that app's developer key only). */
  app: AppConfig
  /** Host names answered besides this machine's (`--allowed-host`). */
  allowedHosts?: readonly string[]
}

/** The state-changing routes a page calls: its own origin, JSON, bounded. */
const PAGE_POSTS = ['/api/session', '/api/sms/send', '/api/orders', '/api/verify']

export function createWidgets(options: WidgetsOptions): Hono {
  const app = new Hono()
  const framers = [options.panelOrigin, ...(options.panelOrigins ?? [])]
  // First: the Host check, and every answer framed by the panels only.
  app.use('*', devGuard({ framing: { framedBy: framers }, allowedHosts: options.allowedHosts }))
  const pages = pageRoutes({
    panelOrigin: options.panelOrigin,
    panelOrigins: options.panelOrigins ?? [],
    app_key: options.app.app_key,
    route: new URL(options.app.url).pathname,
  })
  // One entry: the app_key the page sends must be this server's own widget.
  const apps = new Map([[options.app.app_key, options.app]])
  const { fromPage, jsonLimit } = pageGuard(new URL(options.app.url).origin)
  for (const route of PAGE_POSTS) app.post(route, fromPage, jsonLimit)

  app.get('/healthz', (c) => c.json({ ok: true }))
  app.route('/', pages)
  const access = platformAccess(options.emulatorOrigin)
  const sessions = createSessions(apps, access)
  app.route('/', sessions.routes)
  app.route('/', platformRoutes(access, sessions.required))
  app.route('/', orderRoutes(apps, access))
  app.route('/', webhookRoutes(apps))
  return app
}
