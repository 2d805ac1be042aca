// The dev servers' front door, one middleware on every demo app (panel, each sample widget's
// server, emulator), registered before any route, so a route added later gets it too:
//
// - the Host check: only this machine's names (localhost, 127.0.0.1, [::1]) and the names added
//   with `--allowed-host` are answered. A page under another name rebound to 127.0.0.1 (DNS
//   rebinding) reaches the server with its own name in `Host` and is refused before any route
//   runs, so it reads no developer key and calls nothing. Vite does the same with
//   `server.allowedHosts` since its advisory GHSA-vg6x-rcgg-rjx6; its answer is also 403.
// - the headers of a page that must not be framed or opened by another site, on every answer
//   (a route that sets its own `frame-ancestors` or opener policy keeps it).

import type { MiddlewareHandler } from 'hono'

/** The names every dev server answers: this machine's. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]']

/**
 * What a server serves, so what may frame or open it:
 * - `panel`: no one frames it (`frame-ancestors 'none'`), and no other site's window keeps a
 *   handle on it (`Cross-Origin-Opener-Policy: same-origin`);
 * - `emulator`: no one frames it;
 * - `{ framedBy }`: a sample widget, framed by the panels' origins only (the dev panel's and
 *   `--panel-origin`'s).
 */
export type Framing = 'panel' | 'emulator' | { framedBy: string | readonly string[] }

export interface GuardOptions {
  framing: Framing
  /** Host names answered besides {@link LOOPBACK_HOSTS} (`--allowed-host`). */
  allowedHosts?: readonly string[]
}

/** The host name of a `Host` header (lower case, `[::1]` with its brackets), or undefined. */
export function hostName(header: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::([0-9]{1,5}))?$/i.exec(header.trim())
  return match ? match[1]!.toLowerCase() : undefined
}

/**
 * True when `header` names this machine or one of `extra`. The port is not compared: a page
 * rebound to 127.0.0.1 has to use the server's own port to reach it, so the name is what tells.
 */
export function isAllowedHost(header: string | undefined, extra: readonly string[] = []): boolean {
  if (!header) return false
  const name = hostName(header)
  if (!name) return false
  return LOOPBACK_HOSTS.includes(name) || extra.some((allowed) => allowed.toLowerCase() === name)
}

/** A name `--allowed-host` accepts: a host name or an IP address, without port or scheme. */
export function isHostNameOption(value: string): boolean {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/i.test(value)
}

/** The refusal's text: which name was refused, which are answered, and how to add one. */
export function refusedHostMessage(
  header: string | undefined,
  extra: readonly string[] = [],
): string {
  const name = (header && hostName(header)) ?? header ?? ''
  return [
    `Blocked request: this dev server answers only ${[...LOOPBACK_HOSTS, ...extra].join(', ')} in the Host header, not "${name.slice(0, 200)}".`,
    'A page under another name that reaches this machine (DNS rebinding) must not read or change anything here.',
    `To allow this name, start the dev command with --allowed-host ${/^[\w.[\]:-]{1,200}$/.test(name) ? name : 'NAME'} (repeatable), or list it in "allowedHosts" in the config file.`,
  ].join('\n')
}

function withFrameAncestors(csp: string | null, ancestors: string): string {
  if (csp && /(^|;)\s*frame-ancestors\s/i.test(csp)) return csp
  return csp ? `${csp}; frame-ancestors ${ancestors}` : `frame-ancestors ${ancestors}`
}

/** The middleware: the Host check, then the framing headers on whatever the route answered. */
export function devGuard(options: GuardOptions): MiddlewareHandler {
  const extra = options.allowedHosts ?? []
  const ancestors =
    typeof options.framing === 'object'
      ? [options.framing.framedBy]
          .flat()
          .map((o) => new URL(o).origin)
          .join(' ')
      : "'none'"
  return async (c, next) => {
    // Node's server builds the request URL from `Host`; `app.request()` in tests has none.
    const host = c.req.header('host') ?? new URL(c.req.url).host
    if (!isAllowedHost(host, extra)) {
      return c.text(refusedHostMessage(host, extra), 403, {
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      })
    }
    await next()
    // A copy with headers of its own: a Response built elsewhere may have immutable ones.
    c.res = new Response(c.res.body, c.res)
    const headers = c.res.headers
    headers.set(
      'content-security-policy',
      withFrameAncestors(headers.get('content-security-policy'), ancestors),
    )
    if (options.framing === 'panel' || options.framing === 'emulator') {
      if (!headers.has('x-frame-options')) headers.set('x-frame-options', 'DENY')
    }
    if (options.framing === 'panel' && !headers.has('cross-origin-opener-policy')) {
      headers.set('cross-origin-opener-policy', 'same-origin')
    }
    if (!headers.has('x-content-type-options')) headers.set('x-content-type-options', 'nosniff')
  }
}
