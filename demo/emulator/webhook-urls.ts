// Where a webhook may go (a URL on this machine, never the emulator's own port), and what a
// webhook secret looks like.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An http(s) URL on this machine (localhost, 127.0.0.1 or [::1]), without credentials. */
export function isLocalWebhookUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    LOCAL_HOSTS.has(parsed.hostname) &&
    !parsed.username &&
    !parsed.password
  )
}

/** The port a URL names, its scheme's default when it names none. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80')
}

/**
 * True when `url` is on this machine at the port of `origin` (the emulator's own): whatever the
 * loopback name, that port is the emulator, and a webhook sent there would call its own routes
 * (the control API's trigger takes an event's body: an endless loop).
 */
export function isOwnOrigin(url: string, origin: string | undefined): boolean {
  if (!origin || !isLocalWebhookUrl(url)) return false
  try {
    return portOf(new URL(url)) === portOf(new URL(origin))
  } catch {
    return false
  }
}

/** The refusal's text for a webhook URL at the emulator's own origin. */
export const ownOriginMessage = (origin: string) =>
  `The webhook URL is on the emulator's own port (${origin}): it would post to the emulator itself, in a loop. Give your backend's webhook route`

/** `whsec_` followed by the standard base64 of a key of 24 to 64 bytes. */
export function isWebhookSecret(secret: unknown): secret is string {
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) return false
  const encoded = secret.slice('whsec_'.length)
  const key = Buffer.from(encoded, 'base64')
  return key.toString('base64') === encoded && key.length >= 24 && key.length <= 64
}
