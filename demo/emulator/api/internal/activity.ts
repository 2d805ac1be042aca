// What people looking at the demo read: what happened so far (no keys, no tokens), the webhook
// log, why a widget's page did not come up, and the inspector's "Platform calls".

import { Hono } from 'hono'
import { probePage } from '../../page-probe.js'
import { internalRoute } from '../internal-routes.js'
import { ApiError, type Env, type Kit } from '../kit.js'
import { webhookLog } from '../webhooks.js'

/** Receipts, SMS and messages so far, for people looking at the demo. */
function activity(kit: Kit) {
  return {
    receipts: [...kit.state.receipts.values()].map((r) => ({
      id: r.id,
      app_key: r.app_key,
      user_id: r.user_id,
      kind: r.kind,
      amount: r.amount,
      status: r.status,
      verified: r.verified_at !== undefined,
    })),
    sms: [...kit.state.users.values()]
      .filter((u) => u.kind === 'provider')
      .map((u) => ({ user_id: u.id, ...u.sms })),
    messages: kit.state.messages.map(({ id, user_id, app_key, to, parts }) => ({
      id,
      user_id,
      app_key,
      to,
      parts,
    })),
  }
}

export function activityRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'getActivity', (c) => c.json(activity(kit)))
  internalRoute(router, 'listWebhooks', (c) => c.json(webhookLog(kit, c.req.query('app_key'))))
  // Its registered page, fetched from here (that URL only).
  internalRoute(router, 'probePage', async (c) => {
    const registered = kit.state.apps.get(c.req.param('app_key') ?? '')
    if (!registered) throw new ApiError(404, 'APP_NOT_FOUND', 'No such widget')
    const panel_origin = kit.panelOrigin ?? c.req.header('origin') ?? ''
    return c.json({ ...(await probePage(registered.url)), panel_origin })
  })
  // The platform-call log of one widget, newest last.
  internalRoute(router, 'listCalls', (c) => {
    const after = Number(c.req.query('after'))
    return c.json({
      calls: kit.calls.list({
        app_key: c.req.query('app_key'),
        ...(Number.isSafeInteger(after) && after > 0 ? { after } : {}),
      }),
    })
  })
  return router
}
