// Session and access tokens as the platform issues them: JWTs (RFC 7519) signed by the emulator
// with HS256, built and checked with `jose` (well kept, no dependencies, web-crypto based).
//
// A widget backend written for the real platform may decode the access token to read the user
// id (`sub`) without calling the platform; these tokens let it. The emulator still checks every
// token against its own state (single use, lifetime, binding to user, app and scopes), so
// decoding is a convenience for the backend, never a way around a rule.

import { randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { isScopeName, type ScopeName } from 'platform-widget-sdk/events'

export type TokenUse = 'session' | 'access'

/** The claims of both kinds of token. */
export interface TokenClaims {
  /** Who issued it: `platform-emulator`. */
  iss: string
  /** The user id. */
  sub: string
  /** The widget's `app_key`: the audience, the only app that may use the token. */
  aud: string
  /** The same `app_key` (RFC 9068's name for it). */
  client_id: string
  /** The scopes, space-separated (RFC 8693 / RFC 9068). */
  scope: string
  /** Issued at and expiry, in seconds since the epoch. */
  iat: number
  exp: number
  /** The token's id: the emulator's state is keyed by it (single use, revocation on reset). */
  jti: string
}

export const TOKEN_ISSUER = 'platform-emulator'

/** The JOSE `typ` of each kind: RFC 9068's `at+jwt` for access tokens, `st+jwt` for sessions. */
const TYP: Record<TokenUse, string> = { session: 'st+jwt', access: 'at+jwt' }

export type VerifyOutcome =
  | { ok: true; claims: TokenClaims; scopes: ScopeName[] }
  | { ok: false; reason: 'invalid' | 'expired' }

export interface TokenSigner {
  sign(
    use: TokenUse,
    subject: { user_id: string; app_key: string; scopes: ScopeName[] },
    ttlSeconds: number,
  ): Promise<{ token: string; claims: TokenClaims }>
  /** Checks the signature, the kind, the issuer and the expiry (against the emulator's clock). */
  verify(use: TokenUse, token: string): Promise<VerifyOutcome>
}

/**
 * @param secret The HS256 key. Default: 32 random bytes per emulator, so tokens of an earlier
 *   run never verify.
 * @param now The emulator's clock, in ms.
 */
export function createTokenSigner(
  now: () => number,
  secret: Uint8Array = randomBytes(32),
): TokenSigner {
  return {
    async sign(use, { user_id, app_key, scopes }, ttlSeconds) {
      const iat = Math.floor(now() / 1000)
      const claims: TokenClaims = {
        iss: TOKEN_ISSUER,
        sub: user_id,
        aud: app_key,
        client_id: app_key,
        scope: scopes.join(' '),
        iat,
        exp: iat + ttlSeconds,
        jti: randomBytes(16).toString('base64url'),
      }
      const token = await new SignJWT({ client_id: claims.client_id, scope: claims.scope })
        .setProtectedHeader({ alg: 'HS256', typ: TYP[use] })
        .setIssuer(claims.iss)
        .setSubject(claims.sub)
        .setAudience(claims.aud)
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .setJti(claims.jti)
        .sign(secret)
      return { token, claims }
    },
    async verify(use, token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          typ: TYP[use],
          issuer: TOKEN_ISSUER,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'aud', 'scope', 'iat', 'exp', 'jti'],
        })
        const claims = payload as unknown as TokenClaims
        const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : []
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.aud !== 'string' ||
          typeof claims.jti !== 'string' ||
          !scopes.every((s) => s === '' || isScopeName(s))
        ) {
          return { ok: false, reason: 'invalid' }
        }
        return { ok: true, claims, scopes: scopes.filter(isScopeName) }
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
      }
    },
  }
}
