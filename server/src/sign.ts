// The other side of verifyWebhook, for tests: signs an event as the platform does (Standard
// Webhooks, with the `standardwebhooks` library verifyWebhook uses), so a backend's webhook route
// can be tested without the emulator.

import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import { Webhook } from 'standardwebhooks'
import type { PlatformWebhookEvent } from './webhooks.js'

export interface SignWebhookOptions {
  /** The widget's `whsec_…` webhook secret: the one the route under test verifies with. */
  secret: string
  /** The event; its JSON is the body. */
  event: PlatformWebhookEvent
  /** The `webhook-id` header. Default: `event.id`, as the platform sends it. */
  id?: string
  /**
   * The `webhook-timestamp`. Default: now. One over 5 minutes old (or ahead) tests that the
   * route refuses a replayed delivery.
   */
  timestamp?: Date
}

/** A signed delivery: POST `body` with `headers`, byte for byte. */
export interface SignedWebhook {
  body: string
  headers: {
    'content-type': 'application/json'
    'webhook-id': string
    'webhook-timestamp': string
    'webhook-signature': string
  }
}

/**
 * Signs a webhook event as the platform does, for tests of a webhook route: `verifyWebhook`
 * accepts what it returns, with the same secret, for 5 minutes from `timestamp`. Throws
 * `PlatformError` with `INVALID_ARGUMENT` for a secret that is not one.
 *
 * @example
 * const { body, headers } = signWebhook({ secret, event: {
 *   type: 'installation.created', id: 'evt_1', created_at: new Date().toISOString(),
 *   app_key: 'my-widget', data: { user_ids: ['dr-1'] } } })
 * const res = await app.request('/webhooks', { method: 'POST', body, headers })
 */
export function signWebhook(options: SignWebhookOptions): SignedWebhook {
  const { secret, event, id = event.id, timestamp = new Date() } = options
  let signer: Webhook
  try {
    signer = new Webhook(secret)
  } catch (error) {
    throw new PlatformError(
      ErrorCode.INVALID_ARGUMENT,
      `signWebhook: secret is not a webhook secret (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  const body = JSON.stringify(event)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signer.sign(id, timestamp, body),
    },
  }
}
