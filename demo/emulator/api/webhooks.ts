// Spec part 6 (webhooks): the emulator's delivery log, readable from a browser tab (a navigation
// sends no Origin, so it is not under /internal). It holds events and delivery outcomes, never a
// key or a secret. The sending itself is in ../webhooks.ts.

import { createRoute, z } from '@hono/zod-openapi'
import { WEBHOOK_EVENT_TYPES } from '../webhooks.js'
import { createRouter, type Kit, ok } from './kit.js'

export const WebhookLog = z
  .object({
    deliveries: z.array(
      z.object({
        id: z.string(),
        app_key: z.string(),
        type: z.enum(WEBHOOK_EVENT_TYPES),
        url: z.string().nullable(),
        status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
        attempts: z.number().int(),
        response_status: z.number().int().optional(),
        error: z.string().optional(),
        delivered_at: z.string().optional(),
        event: z.object({
          type: z.enum(WEBHOOK_EVENT_TYPES),
          id: z.string(),
          created_at: z.string(),
          app_key: z.string(),
          data: z.record(z.string(), z.unknown()),
        }),
      }),
    ),
  })
  .openapi('WebhookLog')

/** The log, oldest first; `?app_key=` keeps one widget's. */
export const webhookLog = (kit: Kit, app_key: string | undefined) => ({
  deliveries: kit.state.webhooks.filter((d) => app_key === undefined || d.app_key === app_key),
})

export function webhooksRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'listWebhookDeliveries',
      tags: ['webhooks'],
      summary: 'The webhook delivery log of the emulator, oldest first (emulator only)',
      description: "The emulator's own operation, not in the specification.",
      method: 'get',
      path: '/webhooks',
      request: { query: z.object({ app_key: z.string().optional() }) },
      responses: ok(WebhookLog),
    }),
    (c) => c.json(webhookLog(kit, c.req.valid('query').app_key), 200),
  )
  return router
}
