// What the panel-only routes share: their lenient JSON body, and the user, widget and scopes a
// path or body names (404 or 400 when there is no such thing).

import type { Context } from 'hono'
import { isScopeName } from 'platform-widget-sdk/events'
import type { Localized } from '../../../shared/config-types.js'
import { ApiError, invalid, type Kit } from '../kit.js'

/** The body as an object: `{}` when it is not JSON or not an object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json()
    return body && typeof body === 'object' && !Array.isArray(body) ? body : {}
  } catch {
    return {}
  }
}

export const localized = (text: Localized | undefined, locale: string) =>
  text === undefined ? '' : typeof text === 'string' ? text : locale === 'en' ? text.en : text.fa

export const notProvider = () =>
  new ApiError(403, 'NOT_A_PROVIDER', 'The user of this access token is not a provider')

/** The user of the path's `user_id`, or 404. */
export function userParam(kit: Kit, c: Context) {
  const user = kit.state.users.get(c.req.param('user_id') ?? '')
  if (!user) throw new ApiError(404, 'NOT_FOUND', 'Unknown user')
  return user
}

/** The path's user, who must be a provider (403 otherwise). */
export function providerParam(kit: Kit, c: Context) {
  const user = userParam(kit, c)
  if (user.kind !== 'provider') throw notProvider()
  return user
}

/** The widget of the path's `app_key`, or 404. */
export function appParam(kit: Kit, c: Context) {
  const app = kit.state.apps.get(c.req.param('app_key') ?? '')
  if (!app) throw new ApiError(404, 'NOT_FOUND', 'Unknown app_key')
  return app
}

/** The body's `scopes`, each a scope name, without repeats; 400 otherwise. */
export async function scopesOf(c: Context) {
  const scopes = (await jsonBody(c)).scopes
  if (!Array.isArray(scopes) || !scopes.every(isScopeName)) {
    throw invalid('scopes: expected an array of scope names (dotted lowercase words)')
  }
  return [...new Set(scopes)]
}
