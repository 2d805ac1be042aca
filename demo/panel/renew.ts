// The platform's endpoints for a widget's top-level page, after its sign-in (`/signin`):
// - `POST /signin/redeem` trades the one-time code the sign-in page put in the address bar, with
//   the verifier the page that started the sign-in kept, for the session token and the tab's
//   renewal grant (the emulator keeps the codes: demo/emulator/signin-codes.ts);
// - `POST /signin/renew` trades the tab's renewal grant for a session token and the next grant,
//   without leaving the page (src/sdk/toplevel.ts; the emulator keeps the grants:
//   demo/emulator/grants.ts).
// These routes check who is asking and pass the request on.
//
// The code's verifier and the grant are the credentials: the widget's page runs on its own site,
// so its request carries no cookie of the platform's (third-party cookies are off by default),
// and none is wanted. What it does carry is `Origin`, which a page cannot forge: only a registered
// widget's origin is answered, and the emulator refuses a code or grant used from any origin but
// the one it was issued to.

import type { Context, Handler, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppConfig } from '../shared/config-types.js'

/** A form of `app_key`, `scope` and `grant` (or `code` and `verifier`) is a few hundred bytes. */
const MAX_BODY = 8 * 1024

export interface RenewOptions {
  panelOrigin: string
  emulatorOrigin: string
  apps: AppConfig[]
}

const noStore = { 'cache-control': 'no-store' }
type Form = Record<string, string>
type Headers = Record<string, string>

/**
 * A route for a registered widget's page: a body limit, then `handle` with the form (its string
 * fields) once `Origin` is the registered origin of the form's `app_key`.
 */
function pageRoute(
  options: RenewOptions,
  handle: (c: Context, form: Form, origin: string, headers: Headers) => Promise<Response>,
): [MiddlewareHandler, Handler] {
  const origins = new Set(options.apps.map((app) => new URL(app.url).origin))
  const limit = bodyLimit({
    maxSize: MAX_BODY,
    onError: (c) => c.json({ error: 'INVALID_INPUT', message: 'Body too large' }, 413, noStore),
  })
  const route = async (c: Context) => {
    const origin = c.req.header('origin') ?? ''
    // Not a registered widget's page (another site, or no browser at all): no answer it can read.
    if (!origins.has(origin)) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: 'Only a registered widget’s page may ask' },
        403,
        noStore,
      )
    }
    const headers = { ...noStore, 'access-control-allow-origin': origin, vary: 'Origin' }
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const form = Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    )
    const registered = options.apps.find((app) => app.app_key === form.app_key)
    if (form.app_key !== undefined && (!registered || new URL(registered.url).origin !== origin)) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: `${origin} is not the origin of ${form.app_key}` },
        403,
        headers,
      )
    }
    return handle(c, form, origin, headers)
  }
  return [limit, route]
}

/** The emulator's answer to an internal request, passed on to the page. */
async function forward(
  c: Context,
  options: RenewOptions,
  path: string,
  body: unknown,
  headers: Headers,
) {
  const res = await fetch(`${options.emulatorOrigin}${path}`, {
    method: 'POST',
    // The emulator's internal routes answer the panel alone.
    headers: { origin: options.panelOrigin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined)
  if (!res) {
    return c.json(
      { error: 'PLATFORM_UNREACHABLE', message: 'The platform did not answer' },
      502,
      headers,
    )
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>
  return c.json(answer, res.status as 200, headers)
}

const invalidForm = (c: Context, message: string, headers: Headers) =>
  c.json({ error: 'INVALID_INPUT', message }, 400, headers)

/** `POST /signin/renew`'s handlers: a body limit, then the renewal. */
export function renewRoute(options: RenewOptions): [MiddlewareHandler, Handler] {
  return pageRoute(options, async (c, form, origin, headers) => {
    const { app_key, scope, grant } = form
    if (app_key === undefined || scope === undefined || grant === undefined) {
      return invalidForm(c, 'Expected a form of app_key, scope and grant', headers)
    }
    const scopes = scope.split(' ').filter(Boolean)
    // A token with no scope still names the user: renewal asks for at least one consented scope.
    if (!scopes.length) return invalidForm(c, 'scope: must name at least one scope', headers)
    const body = { grant, origin, app_key, scopes }
    return forward(c, options, '/internal/grants/renew', body, headers)
  })
}

/** `POST /signin/redeem`'s handlers: a body limit, then the code traded once. */
export function redeemRoute(options: RenewOptions): [MiddlewareHandler, Handler] {
  return pageRoute(options, async (c, form, origin, headers) => {
    const { app_key, code, verifier } = form
    if (app_key === undefined || code === undefined || verifier === undefined) {
      return invalidForm(c, 'Expected a form of app_key, code and verifier', headers)
    }
    const body = { code, verifier, origin, app_key }
    return forward(c, options, '/internal/signin-codes/redeem', body, headers)
  })
}
