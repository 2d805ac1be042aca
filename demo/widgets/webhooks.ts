// Webhooks from the platform, called server to server: a signature is checked instead of an
// origin. The signature covers the exact bytes sent, so the receiver reads the RAW body and
// verifies it (the package's `verifyWebhook`, Standard Webhooks) with the widget's webhook secret
// before it parses or trusts anything in it. A bad signature, a stale timestamp or missing
// headers: 400.

import { Hono } from 'hono'
import { PlatformError, verifyWebhook } from 'platform-widget-server'
import type { AppConfig } from '../shared/config-types.js'
import { mediaType } from './page-guard.js'

/** Bigger webhook bodies are refused unread. */
const MAX_WEBHOOK_BYTES = 256 * 1024
/** Verified events kept per widget, the newest. */
export const MAX_WEBHOOKS_KEPT = 100

/** A webhook whose signature checked out. */
export interface ReceivedWebhook {
  /** The `webhook-id` header: the event's id, the same on every retry of it. */
  id: string
  type: string
  received_at: string
  /** The verified JSON body: `{ type, id, created_at, app_key, data }`. */
  event: Record<string, unknown>
}

/** The receiver, and the verified events of one widget for its page (same origin) and tests. */
export function webhookRoutes(apps: Map<string, AppConfig>): Hono {
  const webhooks = new Map<string, ReceivedWebhook[]>()
  const routes = new Hono()
  routes.post('/api/webhooks/:app_key', async (c) => {
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

  // Oldest first.
  routes.get('/api/webhooks/:app_key/events', (c) => {
    const target = apps.get(c.req.param('app_key'))
    if (!target) return c.json({ error: 'NOT_FOUND', message: 'No such widget here' }, 404)
    return c.json({ events: webhooks.get(target.app_key) ?? [] })
  })
  return routes
}
