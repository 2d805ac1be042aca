// The widget of the pages journeys (e2e/engines/pages.journeys.ts): the calendar widget's layout
// (a 100dvh body, a fixed footer with Save, a toast moved below the viewport by a transform) and
// its pages registered by key, as the original platform registers them. Its server has no
// /launcher/ path, as the real widget's has none: only the registered page reaches it.
// It runs on an origin of its own (http://localhost:PORT), another site than the panel.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Demo } from '../demo/start'
import { startWorld, workerFixture } from './world'

const FILES = new URL('./fixtures/pages/', import.meta.url)
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}

export const PAGES_KEY = 'calendar-pages'

export interface PagesWorld {
  demo: Demo
  origin: string
  /** Every path the widget's server was asked for, in order. */
  readonly requests: string[]
  close(): Promise<void>
}

async function serveWidget(panel: string, port: number, requests: string[]) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${panel}`,
    "style-src 'self'",
    `frame-ancestors ${panel}`,
  ].join('; ')
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(`${url.pathname}${url.search}`)
    const file =
      url.pathname === '/'
        ? 'index.html'
        : /^\/[a-z]+\.(js|css)$/.test(url.pathname)
          ? url.pathname.slice(1)
          : undefined
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    const ext = file.split('.').pop() ?? 'html'
    let text = await readFile(new URL(file, FILES), 'utf8')
    if (ext === 'html') text = text.replaceAll('%PANEL%', panel).replaceAll('%KEY%', PAGES_KEY)
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'text/plain',
      'content-security-policy': csp,
      'cache-control': 'no-store',
    })
    res.end(text)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** A demo of its own with the widget in the doctor panel and on the doctor's profile. */
export async function startPagesWorld(): Promise<PagesWorld> {
  const requests: string[] = []
  const world = await startWorld(
    ({ panel, port }) => serveWidget(panel, port, requests),
    (widget) => ({
      app_key: PAGES_KEY,
      url: `${widget.origin}/`,
      name: { fa: 'همگام‌سازی تقویم', en: 'Calendar sync' },
      webhook_url: null,
      contexts: ['doctor-panel', 'doctor-profile'],
      scopes: ['provider.profile.read'],
      pages: [{ key: 'launcher', embed_src: `${widget.origin}/?page=launcher&direct=false` }],
    }),
  )
  return { demo: world.demo, origin: world.widget.origin, requests, close: world.close }
}

/** The worker fixture of the pages journeys: one world per worker. */
export const pagesWorld = workerFixture(startPagesWorld)
