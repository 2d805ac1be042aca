// The control API: how tests and scripts steer the emulator (reset it, make a sandbox, mint a
// session token, complete a payment, set SMS, ask for failures). Public and documented
// (docs/dev-platform.md, "Control API"), with its own OpenAPI document at
// /control/v1/openapi.json, kept out of /openapi.json: these operations are the emulator's,
// not the platform's, and the server kit's platform types must not grow them.
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
import { CONTROL_PREFIX } from './schemas.js'
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

export const CONTROL_OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Platform emulator control API',
    version: '1.0.0',
    description:
      "Steers the local platform emulator from tests and scripts: sandboxes (an isolated state per test run), reset, session tokens, completed payments, SMS, scenarios (declines, failures, delays, token lifetimes), webhooks (trigger, log, resend) and the log of widget backends' calls to the open APIs. Not the platform's API: the real platform has none of it. Requests from a browser (with an Origin, Sec-Fetch-Site, Sec-Fetch-Dest or Sec-Fetch-User header, or a Sec-Fetch-Mode other than the cors of Node's fetch) are refused with 403 CONTROL_FROM_BROWSER. Errors are `{ error, message }`.",
  },
  tags: [
    { name: 'sandboxes', description: 'Isolated states, one per test run' },
    { name: 'state', description: 'Reset, session tokens, payments, SMS' },
    { name: 'scenario', description: 'What goes wrong next' },
    { name: 'webhooks', description: 'Trigger, list and resend webhook deliveries' },
    { name: 'calls', description: 'The calls widget backends made to the open APIs' },
  ],
}

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
  app.doc31(`${CONTROL_PREFIX}/openapi.json`, (c) => ({
    ...CONTROL_OPENAPI_INFO,
    servers: [{ url: new URL(c.req.url).origin + basePath, description: 'This emulator' }],
  }))
  return app
}
