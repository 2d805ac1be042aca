// The platform's renewal endpoint for a widget's top-level page, `POST /signin/renew`: after one
// sign-in in a tab (`/signin`), the page's SDK trades the tab's renewal grant here for a session
// token and the next grant, without leaving the page (src/sdk/toplevel.ts). The emulator keeps the
// grants (demo/emulator/grants.ts); this route checks who is asking and passes the request on.
//
// The grant is the credential: the widget's page runs on its own site, so its request carries no
// cookie of the platform's (third-party cookies are off by default), and none is wanted. What it
// does carry is `Origin`, which a page cannot forge: only a registered widget's origin is
// answered, and the emulator refuses a grant used from any origin but the one it was issued to.

import type { Context, Handler, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppConfig } from '../emulator/types.js'

/** A form of `app_key`, `scope` and `grant` is a few hundred bytes. */
const MAX_BODY = 8 * 1024

export interface RenewOptions {
  panelOrigin: string
  emulatorOrigin: string
  apps: AppConfig[]
}

const noStore = { 'cache-control': 'no-store' }

/** The route's handlers: a body limit, then the renewal. */
export function renewRoute(options: RenewOptions): [MiddlewareHandler, Handler] {
  const origins = new Set(options.apps.map((app) => new URL(app.url).origin))
  const limit = bodyLimit({
    maxSize: MAX_BODY,
    onError: (c) => c.json({ error: 'INVALID_INPUT', message: 'Body too large' }, 413, noStore),
  })
  const renew = async (c: Context) => {
    const origin = c.req.header('origin') ?? ''
    // Not a registered widget's page (another site, or no browser at all): no answer it can read.
    if (!origins.has(origin)) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: 'Only a registered widget’s page may renew' },
        403,
        noStore,
      )
    }
    const headers = { ...noStore, 'access-control-allow-origin': origin, vary: 'Origin' }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const { app_key, scope, grant } = form
    if (typeof app_key !== 'string' || typeof scope !== 'string' || typeof grant !== 'string') {
      return c.json(
        { error: 'INVALID_INPUT', message: 'Expected a form of app_key, scope and grant' },
        400,
        headers,
      )
    }
    const scopes = scope.split(' ').filter(Boolean)
    // A token with no scope still names the user: renewal asks for at least one consented scope.
    if (!scopes.length) {
      return c.json(
        { error: 'INVALID_INPUT', message: 'scope: must name at least one scope' },
        400,
        headers,
      )
    }
    const registered = options.apps.find((app) => app.app_key === app_key)
    if (!registered || new URL(registered.url).origin !== origin) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: `${origin} is not the origin of ${app_key}` },
        403,
        headers,
      )
    }
    const res = await fetch(`${options.emulatorOrigin}/internal/grants/renew`, {
      method: 'POST',
      // The emulator's internal routes answer the panel alone.
      headers: { origin: options.panelOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ grant, origin, app_key, scopes }),
    }).catch(() => undefined)
    if (!res) {
      return c.json(
        { error: 'PLATFORM_UNREACHABLE', message: 'The platform did not answer' },
        502,
        headers,
      )
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
    return c.json(body, res.status as 200, headers)
  }
  return [limit, renew]
}
