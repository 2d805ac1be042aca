// The internal endpoints of the demo panel's backend adapter, not part of the platform's APIs
// (so not in /openapi.json). The panel says which user is signed in (`user_id`): the emulator
// has no login. One sub-app per resource (./internal/), mounted here behind the Origin check.
//
// These answer the demo panel and the panels named with `--panel-origin` only: every request,
// reads included, must carry one of their Origins. A browser sets Origin on every cross-origin fetch and a page cannot forge it; a
// request with no Origin at all (curl, a script, a top-level navigation) is refused too, so
// nothing but the panel can mint consent-free session tokens, top up SMS or mark receipts paid.
// A script on this machine can still send the header: the emulator is a local tool, bound to
// 127.0.0.1, not a security boundary against the machine's own user.

import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { activityRoutes } from './internal/activity.js'
import { paymentsRoutes } from './internal/payments.js'
import { profileRoutes } from './internal/profile.js'
import { consentRoutes, sessionsRoutes } from './internal/sessions.js'
import { smsRoutes } from './internal/sms.js'
import { usersRoutes } from './internal/users.js'
import { INTERNAL_DOCUMENT, internalRoute } from './internal-routes.js'
import { ApiError, type Env, type Kit } from './kit.js'

export function internalRouter(kit: Kit) {
  const router = new Hono<Env>()
  const allowed = kit.internalOrigins
  // Its description, to anyone (it holds nothing of the state), with this emulator as server.
  router.get('/openapi.json', (c) =>
    c.json({
      ...INTERNAL_DOCUMENT,
      servers: [{ url: new URL(c.req.url).origin, description: 'This emulator' }],
    }),
  )

  router.use('*', async (c, next) => {
    if (!allowed.includes(c.req.header('origin') ?? '')) {
      throw new ApiError(
        403,
        'FORBIDDEN_ORIGIN',
        allowed.length
          ? `Only a panel (${allowed.join(', ')}) may call this: the request must carry its Origin header`
          : 'No panel may call this emulator: name its origin with --panel-origin (the dev command) or panelOrigins (startEmulator)',
      )
    }
    await next()
  })
  router.use(
    '*',
    cors({
      origin: (origin) => (allowed.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowHeaders: ['content-type', 'idempotency-key'],
      maxAge: 600,
    }),
  )

  internalRoute(router, 'health', (c) => c.json({ ok: true }))
  for (const routes of [
    usersRoutes,
    sessionsRoutes,
    consentRoutes,
    paymentsRoutes,
    smsRoutes,
    profileRoutes,
    activityRoutes,
  ]) {
    router.route('/', routes(kit))
  }
  internalRoute(router, 'reset', (c) => {
    kit.reset()
    return c.json({ ok: true })
  })
  return router
}
