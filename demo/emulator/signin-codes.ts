// Sign-in codes: what the platform's sign-in page hands a widget's top-level page in the address
// bar instead of its session token and renewal grant. The page that started the sign-in kept a
// random verifier in its tab and sent only its SHA-256 (the challenge, as PKCE does, RFC 7636);
// the code is traded once, within `SIGN_IN_CODE_TTL_MS`, for the token and grant, by a request
// from the widget's registered origin with that verifier. A code read by anyone else (a redirect
// of the widget's that forwards the fragment to another site) is worth nothing: they lack the
// verifier, and the first try, right or wrong, spends the code.

import { createHash, randomBytes } from 'node:crypto'

/** How long a code waits for its page: the way back is one navigation, a few seconds. */
export const SIGN_IN_CODE_TTL_MS = 60_000
/** Codes kept at most (the oldest dropped first): the emulator's memory stays bounded. */
export const MAX_SIGN_IN_CODES = 1000

export interface SignInCodeSubject {
  app_key: string
  /** The widget's registered origin: the only one that may redeem. */
  origin: string
  /** base64url(SHA-256(verifier)). */
  challenge: string
  session_token: string
  grant?: string
}

export type CodeRedemption =
  | { ok: true; session_token: string; grant?: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'origin' | 'app' | 'verifier' }

export interface SignInCodeStore {
  issue(subject: SignInCodeSubject, now: number): { code: string; expires_in: number }
  /** Spends `code` whatever the outcome; answers what it stood for if everything matches. */
  redeem(
    code: string,
    request: { origin: string; app_key: string; verifier: string },
    now: number,
  ): CodeRedemption
  readonly size: number
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url')

export function createSignInCodeStore(): SignInCodeStore {
  /** By the code's hash: the store never holds a redeemable code itself. */
  const codes = new Map<string, SignInCodeSubject & { expires_at: number }>()
  return {
    issue(subject, now) {
      for (const [h, entry] of codes) if (entry.expires_at <= now) codes.delete(h)
      while (codes.size >= MAX_SIGN_IN_CODES) codes.delete(codes.keys().next().value as string)
      const code = `psc_${randomBytes(32).toString('base64url')}`
      codes.set(hash(code), { ...subject, expires_at: now + SIGN_IN_CODE_TTL_MS })
      return { code, expires_in: SIGN_IN_CODE_TTL_MS / 1000 }
    },
    redeem(code, request, now) {
      const h = hash(typeof code === 'string' ? code : '')
      const entry = codes.get(h)
      if (!entry) return { ok: false, reason: 'unknown' }
      // Single use: a wrong try spends it too, so a thief cannot guess the verifier at leisure.
      codes.delete(h)
      if (entry.expires_at <= now) return { ok: false, reason: 'expired' }
      if (request.origin !== entry.origin) return { ok: false, reason: 'origin' }
      if (request.app_key !== entry.app_key) return { ok: false, reason: 'app' }
      if (typeof request.verifier !== 'string' || hash(request.verifier) !== entry.challenge) {
        return { ok: false, reason: 'verifier' }
      }
      return {
        ok: true,
        session_token: entry.session_token,
        ...(entry.grant ? { grant: entry.grant } : {}),
      }
    },
    get size() {
      return codes.size
    },
  }
}
