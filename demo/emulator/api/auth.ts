// Spec 4.5 and part 5: the token exchange. The backend trades the page's session token for an
// access token with its developer key.

import { operation } from './document.js'
import { ApiError, createRouter, type Kit } from './kit.js'
import { developerKey } from './middleware.js'

const SESSION_TOKEN_HINT =
  'Expected a body { "session_token": "..." }, as JSON or application/x-www-form-urlencoded'
export function authRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    operation('exchangeSessionToken', [developerKey(kit)]),
    async (c) => {
      const registered = c.var.app
      const body: { session_token?: string } = { ...c.req.valid('form'), ...c.req.valid('json') }
      const { session_token } = body
      if (!session_token) throw new ApiError(400, 'INVALID_INPUT', SESSION_TOKEN_HINT)
      const { state, now } = kit
      const verified = await kit.tokens.verify('session', session_token)
      const record = verified.ok ? state.sessionTokens.get(verified.claims.jti) : undefined
      const expired = `expired (session tokens live ${kit.ttl().session_token_ttl_seconds} s)`
      const reason = !verified.ok
        ? verified.reason === 'expired'
          ? expired
          : 'is not a session token this platform issued'
        : !record
          ? 'is not a session token this platform issued (or the emulator was reset since)'
          : record.app_key !== registered.app_key
            ? 'was issued to another widget'
            : record.used
              ? 'was already exchanged (session tokens are single-use)'
              : record.expires_at <= now()
                ? expired
                : undefined
      if (reason || !record) {
        throw new ApiError(400, 'INVALID_SESSION_TOKEN', `The session token ${reason}`)
      }
      record.used = true
      const expires_in = kit.ttl().access_token_ttl_seconds
      const { token: access_token, claims } = await kit.tokens.sign('access', record, expires_in)
      state.accessTokens.set(claims.jti, {
        user_id: record.user_id,
        app_key: record.app_key,
        scopes: record.scopes,
        expires_at: claims.exp * 1000,
      })
      return c.json(
        { access_token, token_type: 'Bearer' as const, expires_in, scope: record.scopes.join(' ') },
        200,
      )
    },
    // Whichever part is wrong, say what the body should be.
    (result) => {
      if (!result.success) throw new ApiError(400, 'INVALID_INPUT', SESSION_TOKEN_HINT)
      return undefined
    },
  )
  return router
}
