import { PlatformError } from '../events/index.js'

/** `bytes` in base64url, without padding. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * A fresh verifier (256 random bits) and its challenge, `base64url(SHA-256(verifier))`, as PKCE
 * makes them (RFC 7636, S256): the challenge travels, the verifier stays in the tab.
 */
export async function verifierPair(win: Window): Promise<{ verifier: string; challenge: string }> {
  const subtle = win.crypto?.subtle
  if (!subtle) {
    throw new PlatformError(
      'UNSUPPORTED',
      'No WebCrypto (an https page): the sign-in cannot be bound to this page',
    )
  }
  const verifier = base64url(win.crypto.getRandomValues(new Uint8Array(32)))
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return { verifier, challenge: base64url(new Uint8Array(digest)) }
}
