// What the widget's server answers for a page, read from Node (the browser hides another
// origin's headers from a page): the status, each redirect, and the headers that decide whether
// the panel may frame it and what it may connect to.

export interface HttpFacts {
  url: string
  /** Undefined when nothing answered; `error` says why. */
  status?: number
  error?: string
  /** Each redirect's target, in order. */
  redirects: string[]
  xFrameOptions?: string
  /** Every Content-Security-Policy, headers and `<meta http-equiv>` alike. */
  csp: string[]
}

const MAX_REDIRECTS = 5
const META_CSP = /<meta\s[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/gi
const CONTENT = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i

/** The CSPs in `<meta http-equiv>` tags of the page's first 512 KiB. */
export function metaPolicies(html: string): string[] {
  return (html.slice(0, 512 * 1024).match(META_CSP) ?? []).flatMap((tag) => {
    const m = CONTENT.exec(tag)
    const value = m?.[1] ?? m?.[2]
    return value ? [value] : []
  })
}

/** Fetches `url` as the panel's frame would, following redirects by hand to list them. */
export async function httpFacts(url: string, fetcher: typeof fetch = fetch): Promise<HttpFacts> {
  const facts: HttpFacts = { url, redirects: [], csp: [] }
  let at = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let res: Response
    try {
      res = await fetcher(at, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause
      facts.error = cause?.code ?? (error as Error).name
      return facts
    }
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      at = new URL(location, at).href
      facts.redirects.push(at)
      await res.body?.cancel()
      continue
    }
    facts.status = res.status
    const xfo = res.headers.get('x-frame-options')
    if (xfo) facts.xFrameOptions = xfo
    const header = res.headers.get('content-security-policy')
    if (header) facts.csp.push(header)
    facts.csp.push(...metaPolicies(await res.text()))
    return facts
  }
  facts.error = 'TOO_MANY_REDIRECTS'
  return facts
}

/** The sources a policy's directive allows (`default-src` standing in where named), or undefined. */
export function directive(policy: string, name: string, fallback?: string): string[] | undefined {
  const parts = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0])
  const find = (n: string) => parts.find((d) => d[0]!.toLowerCase() === n)?.slice(1)
  return find(name) ?? (fallback ? find(fallback) : undefined)
}

/** Whether a CSP source list allows `origin` (`*`, the scheme, the origin, a host wildcard). */
export function allows(sources: string[], origin: string): boolean {
  const { protocol, host, hostname } = new URL(origin)
  return sources.some((raw) => {
    const s = raw.toLowerCase().replace(/\/$/, '')
    if (s === '*') return protocol === 'http:' || protocol === 'https:'
    if (s === protocol) return true
    const noScheme = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    if (s.includes('://') && !s.startsWith(protocol)) return false
    if (noScheme === host) return true
    if (noScheme.startsWith('*.')) return hostname.endsWith(noScheme.slice(1))
    return noScheme === `${hostname}:*`
  })
}
