// The demo panel's server: three pages (doctor panel, booking flow, doctor profile), the built SDK
// under /dist, and the page scripts. The page scripts are TypeScript, checked by `tsc` with the
// rest of the project, and served with their types stripped (no bundling: each page imports the
// built /dist/host.js at run time, as a panel developer's page would).

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { devGuard } from '../lib/guard.js'
import { page, readInside, serveFrom } from '../lib/http.js'
import { BUNDLED, demoPath, SDK_DIST } from '../lib/paths.js'
import type { AppConfig } from '../shared/config-types.js'
import { diagnosePage } from './diagnose.js'
import { redeemRoute, renewRoute } from './renew.js'

const here = demoPath('panel')

export interface PanelOptions {
  panelOrigin: string
  emulatorOrigin: string
  apps: AppConfig[]
  /** Who is signed in on each side of the demo. */
  users: { doctor: string; patient: string }
  /** Host names answered besides this machine's (`--allowed-host`). */
  allowedHosts?: readonly string[]
  /** The built SDK's folder (tests give one of their own). Default: the package's dist/. */
  sdkDist?: string
}

/**
 * The files of the built SDK a page may load from /dist: the script tag's platform.js and the
 * ESM entries a panel page imports (host.js, sdk.js, events.js, testing.js) with their chunks
 * and source maps, all at the top of the SDK package's dist/. Not the type declarations, and
 * nothing below dist/; nor server.js or cli.js, which an older SDK build carried (the
 * server kit and this command, now packages of their own).
 */
export function isServedBundle(rel: string): boolean {
  return /^[A-Za-z0-9_-]+\.js(\.map)?$/.test(rel) && !/^(server|cli)\.js/.test(rel)
}

/** What the pages get from /config.json: no developer keys, no webhook secrets. */
export function publicConfig(options: PanelOptions) {
  return {
    emulator: options.emulatorOrigin,
    users: options.users,
    apps: options.apps.map(
      ({ app_key, url, name, contexts, scopes, products, plans, pages, topLevelPages }) => ({
        app_key,
        url,
        name,
        contexts,
        scopes,
        products,
        plans,
        ...(pages && { pages }),
        ...(topLevelPages && { topLevelPages }),
      }),
    ),
  }
}

/**
 * Whether the route's segments after the app key name a page `widget` shows: its root (none), a
 * registered page with as many parameters as the segments after its key, or, for a widget that
 * registers no pages, any path below its URL (the host checks it).
 */
export function hasPage(widget: Pick<AppConfig, 'pages'>, segments: string[]): boolean {
  const rest = segments.at(-1) === '' ? segments.slice(0, -1) : segments
  if (!rest.length || !widget.pages?.length) return true
  const [key, ...params] = rest
  return widget.pages.some((p) => p.key === key && (p.parameters?.length ?? 0) === params.length)
}

export function panelCsp(options: PanelOptions): string {
  const frames = [...new Set(options.apps.map((app) => new URL(app.url).origin))]
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${options.emulatorOrigin}`,
    `frame-src ${frames.join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const transpiled = new Map<string, { mtime: string; code: string }>()

async function script(file: string): Promise<string | undefined> {
  // The package ships them transpiled (typescript is a dev dependency only).
  if (BUNDLED) {
    return (await readInside(path.join(here, 'app'), file.replace(/\.ts$/, '.js')))?.toString()
  }
  const { default: ts } = await import('typescript')
  const source = await readInside(path.join(here, 'app'), file)
  if (source === undefined) return undefined
  const text = source.toString('utf8')
  const cached = transpiled.get(file)
  if (cached?.mtime === text) return cached.code
  const { outputText } = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  })
  transpiled.set(file, { mtime: text, code: outputText })
  return outputText
}

export function createPanel(options: PanelOptions): Hono {
  const app = new Hono()
  // First: the Host check and the framing headers, for every route, also those added later.
  app.use('*', devGuard({ framing: 'panel', allowedHosts: options.allowedHosts }))
  const csp = panelCsp(options)
  const pages = path.join(here, 'pages')
  const html = (c: Parameters<typeof page>[0], name: string, status: 200 | 404 = 200) =>
    page(c, path.join(pages, name), {}, csp, status)

  app.get('/healthz', (c) => c.json({ ok: true }))
  // The host's `diagnose`: why a widget's page never connected. Only a registered widget's
  // origin is fetched: this is no proxy to anywhere else.
  const widgetOrigins = new Set(options.apps.map((a) => new URL(a.url).origin))
  app.get('/dev/diagnose', async (c) => {
    let url: URL
    try {
      url = new URL(c.req.query('url') ?? '')
    } catch {
      return c.json({ error: 'url: not an absolute URL' }, 400)
    }
    if (!widgetOrigins.has(url.origin))
      return c.json({ error: 'url: not a widget of this panel' }, 400)
    const found = await diagnosePage(url.href, options.panelOrigin)
    return c.json(found ?? null, 200, { 'cache-control': 'no-store' })
  })
  app.get('/config.json', (c) =>
    c.json(publicConfig(options), 200, { 'cache-control': 'no-store' }),
  )
  app.get('/dist/*', (c) =>
    isServedBundle(c.req.path.slice('/dist/'.length))
      ? serveFrom(c, options.sdkDist ?? SDK_DIST, '/dist/')
      : c.text('not found', 404),
  )
  app.get('/assets/*', (c) => serveFrom(c, path.join(here, 'assets'), '/assets/'))
  app.get('/app/*', async (c) => {
    const name = c.req.path.slice('/app/'.length).replace(/\.js$/, '.ts')
    const code = /^[a-z0-9-]+\.ts$/.test(name) ? await script(name) : undefined
    if (code === undefined) return c.text('not found', 404)
    return c.body(code, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
  })
  app.get('/favicon.ico', async (c) =>
    c.body(await readFile(path.join(here, 'assets', 'logo.svg')), 200, {
      'content-type': 'image/svg+xml',
    }),
  )
  app.get('/', (c) => c.redirect('/panel'))
  app.get('/panel', (c) => html(c, 'doctor.html'))
  app.get('/panel/*', (c) => html(c, 'doctor.html'))
  // A widget's own page in the doctor panel (`redirect.dispatch({ path: '/_/KEY/page' })`): the
  // panel's page, which mounts the widget at that page (the host matches it again, and refuses a
  // hostile segment); not found for a widget it does not show, or a page it does not register.
  const doctorApps = new Map(
    options.apps.filter((a) => a.contexts.includes('doctor-panel')).map((a) => [a.app_key, a]),
  )
  app.get('/_/:key{[^/]+}/*', (c) => {
    const widget = doctorApps.get(c.req.param('key'))
    const rest = c.req.path.split('/').slice(3)
    return widget && hasPage(widget, rest) ? html(c, 'doctor.html') : html(c, 'not-found.html', 404)
  })
  // The platform's sign-in page for a widget's top-level page (see src/host/signin.ts).
  app.get('/signin', (c) => html(c, 'signin.html'))
  // Its renewal endpoint: a top-level page's next session tokens, without leaving the page.
  app.post('/signin/renew', ...renewRoute(options))
  // Its code endpoint: the sign-in's one-time code and the page's verifier, for the token.
  app.post('/signin/redeem', ...redeemRoute(options))
  app.get('/booking', (c) => html(c, 'booking.html'))
  app.get('/booking/*', (c) => html(c, 'booking.html'))
  app.get('/profile', (c) => html(c, 'profile.html'))
  app.notFound((c) => html(c, 'not-found.html', 404))
  return app
}
