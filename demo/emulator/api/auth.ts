// Spec 4.5 and part 5: the token exchange. The backend trades the page's session token for an
// access token with its developer key.

import { createRoute, z } from '@hono/zod-openapi'
import { ApiError, AppKeyParam, createRouter, errors, type Kit, ok } from './kit.js'
import { apiKeySecurity, developerKey } from './middleware.js'

const SESSION_TOKEN_HINT =
  'Expected a body { "session_token": "..." }, as JSON or application/x-www-form-urlencoded'
const ExchangeBody = z
  .object({ session_token: z.string({ error: SESSION_TOKEN_HINT }).min(1, SESSION_TOKEN_HINT) })
  .openapi('ExchangeRequest')

export const AccessTokenResponse = z
  .object({
    access_token: z.string().openapi({ description: 'A JWT (`at+jwt`)' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ description: 'Seconds' }),
    scope: z.string().openapi({ description: 'The scopes, space-separated' }),
  })
  .openapi('AccessToken')

export function authRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'exchangeSessionToken',
      tags: ['auth'],
      summary: 'Exchange a session token for an access token',
      method: 'post',
      path: '/api/v1/apps/{app_key}/oauth/access_token',
      security: apiKeySecurity,
      middleware: [developerKey(kit)],
      request: {
        params: AppKeyParam,
        // Not `required`: a JSON or a form body, whichever the client sends.
        body: {
          content: {
            'application/json': { schema: ExchangeBody },
            'application/x-www-form-urlencoded': { schema: ExchangeBody },
          },
        },
      },
      responses: { ...ok(AccessTokenResponse), ...errors(400, 401) },
    }),
    async (c) => {
      const registered = c.var.app
      const body = { ...c.req.valid('form'), ...c.req.valid('json') }
      const { session_token } = body as Partial<z.infer<typeof ExchangeBody>>
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
  )
  return router
}
