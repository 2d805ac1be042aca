// No session token or grant in a URL: URLs end up in logs, history, referrers and link dialogs.
import type { Check } from '../observation.js'

const NAMES = /^(?:token|access_token|session_token|id_token|grant|refresh_token)$/i

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

export const tokenUrl: Check = ({ requests, probe }) => {
  const found = tokenUrls(requests, probe?.tokens ?? [])
  if (found.length === 0) return []
  const shown = found[0]!.replace(/([?&#][^=]+=)[^&#]{12,}/g, '$1…')
  return [
    {
      check: 'toplevel.token-in-url',
      severity: 'error',
      title: `A session token or grant travels in a URL: ${shown}`,
      seen: "Nothing, but the token lands in server logs, the browser's history and Referer headers, and a link dialog shows it.",
      fix: 'Send the token in a request body or an Authorization header, never in a URL (nor an OAuth state).',
    },
  ]
}
