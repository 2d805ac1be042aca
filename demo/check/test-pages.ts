// Tests of `check`: small widget pages, each on an origin of its own (a server on a free port),
// and a config registering them on a dev platform of free ports.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface TestPage {
  html: string
  /** Default 200. */
  status?: number
  headers?: Record<string, string>
  /** Other answers, by path (`/fonts/x.woff2`); every other path gets this page. */
  routes?: Record<string, Omit<TestPage, 'routes'>>
}

/** Serves `page` at every path of a new server on a free port of 127.0.0.1. */
export async function servePage(
  page: TestPage | ((url: string) => TestPage),
): Promise<{ url: string; close(): Promise<void> }> {
  let origin = ''
  const server: Server = createServer((req, res) => {
    const whole = typeof page === 'function' ? page(`${origin}${req.url}`) : page
    const p = whole.routes?.[new URL(req.url ?? '/', origin).pathname] ?? whole
    res.writeHead(p.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...p.headers })
    res.end(p.html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Whether a server can listen on `port` of 127.0.0.1 now (it is closed again at once). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** The ports this test process handed out so far, from its own thousand. */
let handedOut = 0

/**
 * Free ports for a dev platform the test starts later. Not from port 0: a port the kernel gave
 * and took back here is in its ephemeral range, where any `listen(0)` of the run (a test page's
 * server, another test file's) may get it before the platform binds it. These are below that
 * range (32768 and up on Linux), a thousand for each vitest worker, none handed out twice.
 */
export async function freePorts(n: number): Promise<number[]> {
  const base = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 12) * 1000
  const ports: number[] = []
  while (ports.length < n) {
    if (handedOut >= 1000) throw new Error('freePorts: this test process used its 1,000 ports')
    const port = base + handedOut++
    if (await canListen(port)) ports.push(port)
  }
  return ports
}

export interface PageParts {
  panel: string
  app_key: string
  /** In <head> before the SDK's tag. */
  pre?: string
  /** Replaces the SDK's tag. */
  sdk?: string
  /** In <head> after the SDK's tag. */
  head?: string
  /** The widget's script; default: awaits initialize with `app_key`, in a try. */
  script?: string
  body?: string
  /** `<html>`'s attributes. */
  html?: string
}

/** A widget page with nothing wrong, unless a part is changed. */
export function widgetHtml(p: PageParts): string {
  const sdk = p.sdk ?? `<script src="${p.panel}/dist/platform.js"></script>`
  const script =
    p.script ??
    `try { await platform.initialize({ app_key: ${JSON.stringify(p.app_key)} }) } catch (e) { document.querySelector('p').textContent = e.code }`
  return `<!doctype html>
<html ${p.html ?? 'lang="en"'}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test widget</title>${p.pre ?? ''}${sdk}${p.head ?? ''}
<script type="module">${script}</script></head>
<body><main><h1>Test widget</h1><p>Ready.</p>${p.body ?? ''}</main></body></html>`
}

/** A config file in a new folder: the dev platform on `ports`, registering `apps`. */
export function writeConfig(ports: number[], apps: object[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-'))
  const [panel, a, emulator, b, c] = ports
  const file = path.join(dir, 'platform.config.json')
  writeFileSync(file, JSON.stringify({ ports: { panel, widgets: [a, b, c], emulator }, apps }))
  return file
}
