// Where a webhook may go (a URL on this machine, never the emulator's own port), and what a
// webhook secret looks like.

import { isLocalWebhookUrl } from 'platform-widget-sdk/events'

// One definition with the dev config's checks (the test kit reads the same file).

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
