// Spec part 6 (webhooks): the emulator's delivery log, readable from a browser tab (a navigation
// sends no Origin, so it is not under /internal). It holds events, what was sent (body, signed
// headers) and each attempt's answer, never a key or a secret. The sending is in ../webhooks.ts;
// triggering and resending in ../control/webhooks.ts.

import { z } from '@hono/zod-openapi'
import { WEBHOOK_EVENT_TYPES } from '../webhooks.js'
import { operation } from './document.js'
import { createRouter, type Kit } from './kit.js'

const SentHeaders = z
  .object({
    'content-type': z.string(),
    'webhook-id': z.string(),
    'webhook-timestamp': z.string(),
    'webhook-signature': z.string(),
  })
  .openapi('WebhookHeaders', { description: 'The headers of one attempt, each signed on its own' })

export const WebhookAttempt = z
  .object({
    series: z.number().int().openapi({ description: '1, then one more per resend' }),
    sent_at: z.string(),
    headers: SentHeaders,
    duration_ms: z.number().int(),
    response_status: z.number().int().optional(),
    response_body: z.string().optional().openapi({
      description: "The first 2 KiB of the receiver's answer (UTF-8)",
    }),
    response_truncated: z.boolean().optional(),
    error: z.string().optional(),
  })
  .openapi('WebhookAttempt')

export const WebhookDelivery = z
  .object({
    id: z.string().openapi({ description: "The event's id, the `webhook-id` header" }),
    app_key: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    url: z.string().nullable(),
    status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
    attempts: z.number().int().openapi({ description: 'Attempts started, over every series' }),
    response_status: z.number().int().optional(),
    error: z.string().optional(),
    delivered_at: z.string().optional(),
    next_attempt_at: z.string().optional().openapi({ description: 'When the next retry is due' }),
    event: z.object({
      type: z.enum(WEBHOOK_EVENT_TYPES),
      id: z.string(),
      created_at: z.string(),
      app_key: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
    body: z.string().openapi({ description: 'The body sent, byte for byte (what is signed)' }),
    headers: SentHeaders.optional().openapi({ description: 'The headers of the last attempt' }),
    history: z
      .array(WebhookAttempt)
      .openapi({ description: 'The attempts, oldest first (the last 20)' }),
    series: z.number().int(),
  })
  .openapi('WebhookDelivery')

export const WebhookLog = z.object({ deliveries: z.array(WebhookDelivery) }).openapi('WebhookLog')

/** The log, oldest first; `?app_key=` keeps one widget's. */
export const webhookLog = (kit: Kit, app_key: string | undefined) => ({
  deliveries: kit.state.webhooks.filter((d) => app_key === undefined || d.app_key === app_key),
})

export function webhooksRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('listWebhookDeliveries', []), (c) =>
    c.json(webhookLog(kit, c.req.valid('query').app_key), 200),
  )
  return router
}
