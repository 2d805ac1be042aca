// Step 2 of the authentication: the page's session token is exchanged, on the server, with the
// developer key, for an access token the backend keeps. The page only ever holds an opaque id of
// its backend session (`Authorization: Session <id>`).

import { Hono, type MiddlewareHandler } from 'hono'
import { exchangeSessionTokenForClient, type PlatformClient } from 'platform-widget-server'
import { opaque } from '../emulator/state.js'
import type { AppConfig } from '../shared/config-types.js'
import { keep } from './page-guard.js'
import { type PlatformAccess, refused } from './platform-access.js'

/** Backend sessions kept, the newest: one more forgets the oldest (that page connects again). */
export const MAX_SESSIONS = 1000

export interface BackendSession {
  app: AppConfig
  /** The platform client bound to the session's access token. */
  platform: PlatformClient
  expires_at: number
}

/** What a route behind {@link Sessions.required} finds in `c.var.session`. */
export type SessionEnv = { Variables: { session: BackendSession } }

export interface Sessions {
  /** `POST /api/session`: the exchange. */
  routes: Hono
  /** 401 without a live backend session; otherwise sets `c.var.session`. */
  required: MiddlewareHandler<SessionEnv>
}

export function createSessions(apps: Map<string, AppConfig>, access: PlatformAccess): Sessions {
  const sessions = new Map<string, BackendSession>()
  const routes = new Hono()
  // The package's server helper makes the call (`platform-widget-server`).
  routes.post('/api/session', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    const target = apps.get(String(body.app_key))
    if (!target) return c.json({ error: 'INVALID_INPUT', message: 'Unknown app_key' }, 400)
    let platform: PlatformClient
    try {
      ;({ client: platform } = await exchangeSessionTokenForClient({
        ...access.credentials(target),
        ...access.hosts,
        appId: target.app_id,
        sessionToken: String(body.session_token ?? ''),
      }))
    } catch (error) {
      return refused(c, error)
    }
    const id = opaque('ws')
    // The backend session lives as long as the emulator's access tokens (one hour).
    keep(sessions, id, { app: target, platform, expires_at: Date.now() + 3600_000 }, MAX_SESSIONS)
    return c.json({ session: id })
  })

  const required: MiddlewareHandler<SessionEnv> = async (c, next) => {
    const id = /^Session (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const found = id ? sessions.get(id) : undefined
    if (found && found.expires_at <= Date.now()) sessions.delete(id!)
    else if (found) {
      c.set('session', found)
      return next()
    }
    return c.json(
      { error: 'NO_SESSION', message: 'Connect first: no backend session for this page' },
      401,
    )
  }
  return { routes, required }
}
