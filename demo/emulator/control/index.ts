// The control API: how tests and scripts steer the emulator (reset it, make a sandbox, mint a
// session token, complete a payment, set SMS, ask for failures). Public and documented
// (docs/dev-platform.md, "Control API"), with its own OpenAPI document at
// /control/v1/openapi.json (server/control-openapi.json, which its routes are built from), kept
// out of /openapi.json: these operations are the emulator's, not the platform's, and the server
// kit's platform types must not grow them.
//
// Callers are programs. A request a browser sent (it carries Origin or a Sec-Fetch-* header
// other than Node's `Sec-Fetch-Mode: cors`; curl sends none) is refused before any route runs:
// a web page the developer visits while the dev command runs can POST to 127.0.0.1, and must not
// mint tokens, complete payments, send webhooks or reset the state (SECURITY.md).

import { OpenAPIHono } from '@hono/zod-openapi'
import type { Env, Kit, Router } from '../api/kit.js'
import { actionsRouter } from './actions.js'
import { refuseBrowsers, refuseWebhooks } from './guards.js'
import { controlCallsRouter } from './platform-calls.js'
import { type ControlContext, sandboxesRouter } from './sandboxes.js'
import { scenarioRouter } from './scenario.js'
import { CONTROL_DOCUMENT, CONTROL_PREFIX } from './schemas.js'
import { controlWebhooksRouter } from './webhooks.js'

export { browserSign, refuseBrowsers, refuseWebhooks } from './guards.js'
export type { ControlContext } from './sandboxes.js'
export { CONTROL_PREFIX } from './schemas.js'

/** A router of the control API: its routes' paths are relative to `/control/v1`, where it is mounted. */
export type ControlRouterFactory = (kit: Kit, control: ControlContext) => Router

/** Every router of the control API, in order. A new group is one more entry. */
export const CONTROL_ROUTERS: ControlRouterFactory[] = [
  actionsRouter,
  scenarioRouter,
  sandboxesRouter,
  controlWebhooksRouter,
  controlCallsRouter,
]

/**
 * The control API as one Hono app, to mount on the emulator with `app.route('/', …)`. Wrapped in
 * a plain Hono app so the emulator's OpenAPIHono does not merge these routes into /openapi.json.
 * `basePath` is where this emulator answers (a sandbox's `/sandboxes/{id}`), for the document's
 * server URL.
 */
export function controlApp(kit: Kit, control: ControlContext, basePath = '') {
  const app = new OpenAPIHono<Env>()
  app.use(`${CONTROL_PREFIX}/*`, refuseBrowsers, refuseWebhooks)
  for (const router of CONTROL_ROUTERS) app.route(CONTROL_PREFIX, router(kit, control))
  app.get(`${CONTROL_PREFIX}/openapi.json`, (c) =>
    c.json({
      ...CONTROL_DOCUMENT,
      servers: [{ url: new URL(c.req.url).origin + basePath, description: 'This emulator' }],
    }),
  )
  return app
}
