// Spec part 6 (webhooks): the emulator's delivery log, readable from a browser tab (a navigation
// sends no Origin, so it is not under /internal). It holds events, what was sent (body, signed
// headers) and each attempt's answer, never a key or a secret. The sending is in ../webhooks.ts;
// triggering and resending in ../control/webhooks.ts.

import { operation } from './document.js'
import { createRouter, type Kit } from './kit.js'

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
