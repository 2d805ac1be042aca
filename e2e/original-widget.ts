// The "original widget" of the compatibility journeys: a page that uses the SDK as the one public
// third-party widget uses the original (e2e/fixtures/original), and its backend, which exchanges
// the session token with the platform as that widget's backend does (a form body, `x-api-key`).
// It runs on an origin of its own (http://localhost:PORT), another site than the panel.
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startWorld, type World, workerFixture } from './world'

const FILES = new URL('./fixtures/original/', import.meta.url)
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}
/** Paths that are pages of the widget; any other path below `/` is its app page (`/launcher/`). */
const PAGES: Record<string, string> = {
  '/start': 'start.html',
  '/done': 'done.html',
  '/oauth': 'oauth.html',
  '/settings': 'settings.html',
  '/attack': 'attack.html',
}

export interface OriginalWidget {
  app_key: string
  origin: string
  /** Every path the widget's server was asked for, in order (pages and files). */
  readonly requests: string[]
  close(): Promise<void>
}

export interface OriginalWidgetOptions {
  app_key: string
  panel: string
  emulator: string
  developerKey: string
  /** The port to listen on; 0 picks a free one. */
  port?: number
}

/** The payload of a JWT, unverified: the widget's backend only reads `sub` and `scope` from it. */
function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))
}

/** The widget's pages' policy: its own files, the platform's script, framed by the panel only. */
function pageCsp(panel: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${panel}`,
    // Its top-level pages renew their session tokens at the platform's origin.
    `connect-src 'self' ${panel}`,
    "style-src 'self'",
    `frame-ancestors ${panel}`,
  ].join('; ')
}

/** What the widget's server answers from: its options, its origin once listening, its log. */
interface Served {
  options: OriginalWidgetOptions
  /** `http://localhost:PORT`, set once the server listens. */
  origin: string
  csp: string
  requests: string[]
}

/** The widget's backend: the session token for the platform's access token, as that one does. */
async function exchange(options: OriginalWidgetOptions, session_token: unknown) {
  const res = await fetch(`${options.emulator}/api/v1/apps/${options.app_key}/oauth/access_token`, {
    method: 'POST',
    headers: {
      'x-api-key': options.developerKey,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ session_token: String(session_token ?? '') }),
  })
  const body = (await res.json()) as Record<string, unknown>
  if (!res.ok) return { status: res.status, body }
  const { sub, scope } = claims(String(body.access_token))
  return { status: 200, body: { sub, scope } }
}

/** `POST /api/token`: from the widget's own pages only. */
async function token(served: Served, req: IncomingMessage, res: ServerResponse) {
  if (req.headers.origin !== served.origin) {
    res.writeHead(403, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'cross-site request refused' }))
    return
  }
  let raw = ''
  for await (const chunk of req) raw += chunk
  const { status, body } = await exchange(
    served.options,
    (JSON.parse(raw) as { session_token?: unknown }).session_token,
  )
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/** A page or file of the widget's, its panel and key filled in. */
async function file(served: Served, url: URL, res: ServerResponse) {
  const { options } = served
  const name = /^\/[a-z]+\.(js|css)$/.test(url.pathname)
    ? url.pathname.slice(1)
    : (PAGES[url.pathname] ?? 'index.html')
  const ext = name.split('.').pop() ?? 'html'
  let text = await readFile(new URL(name, FILES), 'utf8')
  if (ext === 'html') {
    text = text.replaceAll('%PANEL%', options.panel).replaceAll('%KEY%', options.app_key)
  }
  res.writeHead(200, {
    'content-type': TYPES[ext] ?? 'text/plain',
    'content-security-policy': served.csp,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  })
  res.end(text)
}

async function answer(served: Served, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  served.requests.push(`${req.method} ${url.pathname}${url.search}`)
  try {
    if (req.method === 'POST' && url.pathname === '/api/token') return await token(served, req, res)
    // A page of the widget's that sends the tab on (a common `?next=` or logout redirect): a
    // 302 keeps the fragment, so a sign-in answer sent here goes on to wherever `to` says.
    if (url.pathname === '/redir') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' })
      res.end()
      return
    }
    await file(served, url, res)
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' })
    res.end(String(error))
  }
}

export async function startOriginalWidget(options: OriginalWidgetOptions): Promise<OriginalWidget> {
  const served: Served = { options, origin: '', csp: pageCsp(options.panel), requests: [] }
  const server: Server = createServer((req, res) => answer(served, req, res))
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  served.origin = `http://localhost:${(server.address() as AddressInfo).port}`
  return {
    app_key: options.app_key,
    origin: served.origin,
    requests: served.requests,
    close: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

export const ORIGINAL_KEY = 'calendar-sync'
/** The public widget's scopes; `provider.appointment.webhook` is not in the spec's table. */
export const ORIGINAL_SCOPES = [
  'provider.profile.read',
  'provider.appointment.webhook',
  'provider.appointment.read',
  'provider.appointment.write',
  'provider.management.write',
]

export interface OriginalWorld extends World<OriginalWidget> {
  /** Back to the fixtures' state: no consent given. */
  reset(): Promise<void>
}

/**
 * The original widget's config entry: its five scopes, in the doctor panel, no webhook, and its
 * two top-level pages (as the public widget's are: the settings page an outside sign-in returns
 * to, here `/settings`, and its start page), the only pages a sign-in goes back to.
 */
export function originalEntry(widget: OriginalWidget, developerKey: string) {
  return {
    app_key: ORIGINAL_KEY,
    url: `${widget.origin}/`,
    name: { fa: 'همگام‌سازی تقویم', en: 'Calendar sync' },
    developer_key: developerKey,
    webhook_url: null,
    contexts: ['doctor-panel'],
    scopes: ORIGINAL_SCOPES,
    topLevelPages: ['/settings', '/start'],
  }
}

/**
 * A demo of its own (panel, emulator, sample widgets on free ports) with the original widget
 * registered in the doctor panel, and the widget's own server.
 */
export async function startOriginalWorld(): Promise<OriginalWorld> {
  const developerKey = 'dk_original_widget_e2e_key'
  const world = await startWorld(
    (at) => startOriginalWidget({ app_key: ORIGINAL_KEY, developerKey, ...at }),
    (widget) => originalEntry(widget, developerKey),
  )
  return { ...world, reset: () => world.internal('/reset', 'POST') }
}

/**
 * The worker fixture both original journeys extend their `test` with: one world per worker.
 *
 * @example
 * const test = base.extend<object, { world: OriginalWorld }>({ world: originalWorld })
 */
export const originalWorld = workerFixture(startOriginalWorld)
