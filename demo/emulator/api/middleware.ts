// Authentication and look-ups as middleware: each checks one thing, sets what it found on
// `c.var`, or throws an ApiError. A route lists them in its `middleware`, before validation, so
// credentials are checked before the input (401 and 403 before 400).

import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Scope } from 'platform-widget-sdk/events'
import { ApiError, type Env, type Kit } from './kit.js'

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const insufficientScope = (scope: Scope) =>
  new ApiError(403, 'INSUFFICIENT_SCOPE', `This access token does not carry the scope ${scope}`, {
    required_scope: scope,
  })

/**
 * `Authorization: Bearer <access token>` carrying `scope`. `missingHeader` is the status for a
 * request with no Authorization header at all (the catalog search declares 400).
 */
export function bearer(
  kit: Kit,
  scope: Scope,
  missingHeader: 400 | 401 = 401,
): MiddlewareHandler<Env> {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (header === undefined) {
      throw missingHeader === 400
        ? new ApiError(400, 'INVALID_INPUT', 'The Authorization header is missing')
        : new ApiError(401, 'INVALID_ACCESS_TOKEN', 'The Authorization header is missing')
    }
    const match = /^Bearer ([^\s]+)$/i.exec(header)
    const verified = match ? await kit.tokens.verify('access', match[1]!) : undefined
    const token = verified?.ok ? kit.state.accessTokens.get(verified.claims.jti) : undefined
    if (!token && !(verified && !verified.ok && verified.reason === 'expired')) {
      throw new ApiError(401, 'INVALID_ACCESS_TOKEN', 'The access token is not valid')
    }
    if (!token || token.expires_at <= kit.now()) {
      throw new ApiError(
        401,
        'INVALID_ACCESS_TOKEN',
        'The access token expired; exchange a new session token',
      )
    }
    if (!token.scopes.includes(scope)) throw insufficientScope(scope)
    const user = kit.state.users.get(token.user_id)
    if (!user) throw new ApiError(401, 'INVALID_ACCESS_TOKEN', 'The user of this token is gone')
    c.set('token', token)
    c.set('user', user)
    await next()
  }
}

/** After `bearer`: the token's user must be a provider (a doctor), with a profile. */
export const asProvider: MiddlewareHandler<Env> = async (c, next) => {
  const user = c.var.user
  if (user.kind !== 'provider' || !user.profile) {
    throw new ApiError(403, 'NOT_A_PROVIDER', 'The user of this access token is not a provider')
  }
  c.set('provider', user as Env['Variables']['provider'])
  await next()
}

/** `x-api-key`: the developer key of the path's `app_key`. */
export function developerKey(kit: Kit): MiddlewareHandler<Env> {
  return async (c, next) => {
    const app_key = c.req.param('app_key') ?? ''
    const registered = kit.state.apps.get(app_key)
    if (!registered || !sameSecret(c.req.header('x-api-key'), registered.developer_key)) {
      throw new ApiError(
        401,
        'DEVELOPER_NOT_AUTHORIZED',
        registered
          ? `The x-api-key header does not hold the developer key of "${app_key}"`
          : `No widget "${app_key}" is registered, so no developer key is authorized for it`,
      )
    }
    c.set('app', registered)
    await next()
  }
}

/**
 * Bot messaging: `x-api-key` and `app_id` (the widget's internal id) must name the same widget,
 * and the widget must have `app.chatbot.messaging` enabled.
 */
export function botKey(kit: Kit): MiddlewareHandler<Env> {
  return async (c, next) => {
    const app_id = c.req.header('app_id')
    const registered = [...kit.state.apps.values()].find((a) => a.app_id === app_id)
    if (!registered || !sameSecret(c.req.header('x-api-key'), registered.developer_key)) {
      throw new ApiError(
        401,
        'DEVELOPER_NOT_AUTHORIZED',
        app_id === undefined
          ? 'Bot messaging needs the headers x-api-key and app_id'
          : `The x-api-key header does not hold the developer key of the widget with app_id "${app_id}"`,
      )
    }
    if (!registered.scopes.includes('app.chatbot.messaging')) {
      throw insufficientScope('app.chatbot.messaging')
    }
    c.set('app', registered)
    await next()
  }
}
