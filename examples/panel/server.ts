// The example panel's server side, as a Vite plugin: what a panel's own backend does for it.
// - GET /api/platform: the widgets the platform registers (here the dev platform's, read from its
//   panel's /config.json) and the emulator's origin for `createEmulatorBackend`.
// - GET /api/diagnose?url=: why a widget's page did not connect, for the host's `diagnose`. The
//   browser cannot read another origin's frame; this server fetches the page and reads its status
//   and framing headers. Only a registered widget's origin is fetched: it is no open proxy.
// - A strict Content-Security-Policy on the pages, as a panel in production sends.

import type { ServerResponse } from 'node:http'
import type { Diagnosis } from 'platform-widget-sdk/host'
import type { Plugin } from 'vite'

interface Registered {
  app_key: string
  url: string
}

interface PlatformConfig {
  emulator: string
  apps: Registered[]
}

/** What stops `panelOrigin` from framing a page, from its headers; undefined when nothing. */
export function framingRefusal(headers: Headers, panelOrigin: string): string | undefined {
  const ancestors = (headers.get('content-security-policy') ?? '')
    .split(/[;,]/)
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'frame-ancestors')
  // A simplified reading: exact origins and `*` only (no wildcard hosts, no `'self'`).
  if (ancestors) {
    const sources = ancestors.slice(1).map((s) => s.replace(/\/$/, ''))
    return sources.includes(panelOrigin) || sources.includes('*')
      ? undefined
      : `Content-Security-Policy: ${ancestors.join(' ')}`
  }
  const xfo = headers.get('x-frame-options')?.trim()
  return xfo && /^(deny|sameorigin)$/i.test(xfo) ? `X-Frame-Options: ${xfo}` : undefined
}

export async function diagnose(url: string, panelOrigin: string): Promise<Diagnosis | undefined> {
  let res: Response
  try {
    res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(3000) })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    return { reason: 'unreachable', detail: cause ?? String(error) }
  }
  await res.body?.cancel()
  if (res.status >= 400) return { reason: 'http-error', status: res.status }
  const refusal = framingRefusal(res.headers, panelOrigin)
  return refusal ? { reason: 'refused-framing', detail: refusal } : undefined
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/** The plugin: `platform` is the dev platform's panel (`http://127.0.0.1:4400`). */
export function panelServer({ platform, origin }: { platform: string; origin: string }): Plugin {
  const config = async (): Promise<PlatformConfig> =>
    (await fetch(`${platform}/config.json`)).json() as Promise<PlatformConfig>
  return {
    name: 'example-panel-server',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', origin)
        if (url.pathname === '/api/platform') {
          const { emulator, apps } = await config()
          return json(res, 200, { emulator, widgets: apps })
        }
        if (url.pathname === '/api/diagnose') {
          const target = url.searchParams.get('url') ?? ''
          const { apps } = await config()
          const known = apps.some(
            (app) => URL.canParse(target) && new URL(app.url).origin === new URL(target).origin,
          )
          if (!known) return json(res, 400, { error: 'url: not a registered widget' })
          return json(res, 200, (await diagnose(target, origin)) ?? null)
        }
        if (req.headers.accept?.includes('text/html')) {
          const { emulator, apps } = await config()
          const frames = [...new Set(apps.map((app) => new URL(app.url).origin))].join(' ')
          res.setHeader(
            'content-security-policy',
            `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${emulator}; frame-src ${frames}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
          )
        }
        next()
      })
    },
  }
}
