// No session token or grant in a URL: URLs end up in logs, history, referrers and link dialogs.
// Seen in a URL the page asked for or moved to; else named in a URL its scripts build (a start
// page that moves on only after the doctor's sign-in, which a check does not give).
import type { Check } from '../observation.js'

const NAMES = /^(?:token|access_token|session_token|id_token|grant|refresh_token)$/i
/**
 * A query or fragment parameter named as a token in a script's text (`?session_token=`). Not the
 * bare `token=`, which dev servers' own clients build for their sockets (Vite's hot reload).
 */
const IN_SCRIPT = /[?&#](?:access_token|session_token|id_token|refresh_token|grant)=/i

/** The URLs that carry a token the SDK gave, or a parameter named like one. */
export function tokenUrls(urls: string[], tokens: string[]): string[] {
  return urls.filter((raw) => {
    if (tokens.some((t) => raw.includes(t) || raw.includes(encodeURIComponent(t)))) return true
    try {
      const url = new URL(raw)
      const hash = new URLSearchParams(url.hash.slice(1))
      return [...url.searchParams.keys(), ...hash.keys()].some((k) => NAMES.test(k))
    } catch {
      return false
    }
  })
}

const SEEN =
  "Nothing, but the token lands in server logs, the browser's history and Referer headers, and a link dialog shows it."
const FIX =
  'Send the token in a request body or an Authorization header, never in a URL (nor an OAuth state).'

export const tokenUrl: Check = ({ requests, probe, sources }) => {
  const found = tokenUrls(requests, probe?.tokens ?? [])
  if (found.length) {
    const shown = found[0]!.replace(/([?&#][^=]+=)[^&#]{12,}/g, '$1…')
    return [
      {
        check: 'toplevel.token-in-url',
        severity: 'error',
        title: `A session token or grant travels in a URL: ${shown}`,
        seen: SEEN,
        fix: FIX,
      },
    ]
  }
  const named = sources.map((text) => IN_SCRIPT.exec(text)?.[0]).find(Boolean)
  if (!named) return []
  return [
    {
      check: 'toplevel.token-in-url',
      severity: 'warning',
      title: `The page's scripts build a URL with a token in it (${named.slice(1)}…)`,
      seen: `Once the page has a token (after the doctor's sign-in, which this check does not give), it goes into a URL: ${SEEN.slice('Nothing, but '.length)}`,
      fix: FIX,
    },
  ]
}
