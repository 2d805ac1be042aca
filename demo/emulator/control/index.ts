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
import type { MiddlewareHandler } from 'hono'
import type { Env, Kit, Router } from '../api/kit.js'
import { actionsRouter } from './actions.js'
import { controlCallsRouter } from './calls.js'
import type { SandboxRegistry } from './sandboxes.js'
import { sandboxesRouter } from './sandboxes.js'
import { scenarioRouter } from './scenario.js'
import { CONTROL_PREFIX, controlError } from './schemas.js'
import { controlWebhooksRouter } from './webhooks.js'

export { CONTROL_PREFIX } from './schemas.js'

/** What the control routers need besides the kit. */
export interface ControlContext {
  /** The sandboxes of this emulator; absent inside a sandbox (no sandbox in a sandbox). */
  sandboxes?: SandboxRegistry
}

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
 * Why a request looks sent by a browser, or undefined. A browser sends Origin on every POST (a
 * form, a `no-cors` fetch) and Sec-Fetch-Site and Sec-Fetch-Dest on every request to this
 * machine. Node's fetch (undici) sends `Sec-Fetch-Mode: cors` alone, and curl none of them:
 * that mode alone passes; any other mode (navigate, no-cors, same-origin) is a browser's.
 */
export function browserSign(header: (name: string) => string | undefined): string | undefined {
  const sent = ['origin', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user'].filter(
    (name) => header(name) !== undefined,
  )
  const mode = header('sec-fetch-mode')
  if (mode !== undefined && mode !== 'cors') sent.push(`sec-fetch-mode: ${mode.slice(0, 20)}`)
  return sent.length ? sent.join(', ') : undefined
}

/** 403 CONTROL_FROM_BROWSER for a request a browser sent, before any route reads it. */
export const refuseBrowsers: MiddlewareHandler = async (c, next) => {
  const sign = browserSign((name) => c.req.header(name))
  if (sign) {
    return controlError(
      403,
      'CONTROL_FROM_BROWSER',
      `The control API answers programs only (Node's fetch, curl), never a browser: this request carries ${sign}`,
    )
  }
  await next()
}

/**
 * 403 CONTROL_FROM_WEBHOOK for a request carrying a Standard Webhooks header: the emulator's own
 * webhook sent to its control API (a webhook URL at the emulator's port). Its body is a valid
 * trigger body, so it would send itself again, forever; the sender refuses that URL too.
 */
export const refuseWebhooks: MiddlewareHandler = async (c, next) => {
  const sign = ['webhook-id', 'webhook-signature'].find((name) => c.req.header(name) !== undefined)
  if (sign) {
    return controlError(
      403,
      'CONTROL_FROM_WEBHOOK',
      `The control API does not answer webhooks (this request carries ${sign}): a widget's webhook URL must be its backend's route, not the emulator`,
    )
  }
  await next()
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
