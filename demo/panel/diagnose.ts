// Why a widget's page never connected to the dev panel, as its server sees it (the host's
// `diagnose`): the browser cannot read another origin's frame, this server can. It fetches the
// widget's page (only a URL on a registered widget's origin) and reads its status and its framing
// headers, `X-Frame-Options` and CSP `frame-ancestors`, against the panel's origin.

import type { Diagnosis } from 'platform-widget-sdk/host'

/** How long the page may take to answer, ms: within the host's time for `diagnose`. */
export const DIAGNOSE_FETCH_MS = 3000

/** Whether one `frame-ancestors` source lets `panel` frame a page of `self`. */
function allows(source: string, panel: URL, self: string): boolean {
  const s = source.toLowerCase()
  if (s === "'none'") return false
  if (s === '*') return panel.protocol === 'http:' || panel.protocol === 'https:'
  if (s === "'self'") return panel.origin === self
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return panel.protocol === s
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+|\*)(?::(\d+|\*))?(?:\/.*)?$/.exec(s)
  if (!m) return false
  const [, scheme, wildcard, host, port] = m
  if (scheme && `${scheme}:` !== panel.protocol) return false
  const name = panel.hostname.toLowerCase()
  if (host !== '*' && !(wildcard ? name.endsWith(`.${host}`) : name === host)) return false
  const panelPort = panel.port || (panel.protocol === 'https:' ? '443' : '80')
  const wanted =
    port ?? (scheme === 'https' || (!scheme && panel.protocol === 'https:') ? '443' : '80')
  return port === '*' || wanted === panelPort
}

/** What stops `panel` from framing the page, read from its headers; undefined when nothing. */
export function framingRefusal(
  headers: Headers,
  panelOrigin: string,
  pageUrl: string,
): string | undefined {
  const panel = new URL(panelOrigin)
  const self = new URL(pageUrl).origin
  // A policy's `frame-ancestors` wins over X-Frame-Options; every policy sent must allow it.
  const ancestors = (headers.get('content-security-policy') ?? '')
    .split(',')
    .map((policy) =>
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name?.toLowerCase() === 'frame-ancestors'),
    )
    .filter((d): d is string[] => d !== undefined)
  if (ancestors.length) {
    const refusing = ancestors.find((d) => !d.slice(1).some((s) => allows(s, panel, self)))
    return refusing && `Content-Security-Policy: ${refusing.join(' ')}`
  }
  const xfo = headers.get('x-frame-options')?.trim()
  if (
    xfo &&
    /^(deny|sameorigin)$/i.test(xfo) &&
    !(xfo.toLowerCase() === 'sameorigin' && self === panel.origin)
  ) {
    return `X-Frame-Options: ${xfo}`
  }
  return undefined
}

/** Fetches `url` and says why a panel on `panelOrigin` could not show it; undefined: no reason seen. */
export async function diagnosePage(
  url: string,
  panelOrigin: string,
  fetcher: typeof fetch = fetch,
): Promise<Diagnosis | undefined> {
  let res: Response
  try {
    res = await fetcher(url, { signal: AbortSignal.timeout(DIAGNOSE_FETCH_MS), redirect: 'follow' })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    return { reason: 'unreachable', detail: cause?.code ?? (error as Error).name ?? 'ERROR' }
  }
  await res.body?.cancel().catch(() => {})
  if (res.status >= 400) return { reason: 'http-error', status: res.status }
  const refusal = framingRefusal(res.headers, panelOrigin, res.url || url)
  return refusal ? { reason: 'refused-framing', detail: refusal } : undefined
}
