// What the example panel's tests run against, started once per worker: the dev platform
// (`platform-widget-dev dev --panel-origin`, the package's own command line), the example panel
// on Vite's dev server, and the pages of widgets that do not come up, each on an origin of its own.
// Ports from E2E_PORT: the panel at + 10, those widgets at + 11 to + 16, the platform at + 20.

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { createServer as createVite, type ViteDevServer } from 'vite'

const BASE = Number(process.env.E2E_PORT ?? 4301)
const PORT = {
  panel: 10,
  silent: 11,
  down: 12,
  bare: 13,
  missing: 14,
  framed: 15,
  wrong: 16,
  platform: 20,
} as const
export const PANEL = `http://localhost:${BASE + PORT.panel}`
const PLATFORM = `http://127.0.0.1:${BASE + PORT.platform}`
/** The dev platform's emulator: its panel's port + 2. */
export const EMULATOR = `http://127.0.0.1:${BASE + PORT.platform + 2}`
const widgetUrl = (key: keyof typeof PORT) => `http://localhost:${BASE + PORT[key]}/`

/** The widgets that do not come up, registered with `--app`: the reason each one gets. */
export const BROKEN = {
  silent: 'no-initialize', // loads the SDK, never calls initialize
  bare: 'no-handshake', // a page without the SDK
  missing: 'http-error', // answers 404
  down: 'unreachable', // nothing listens
  framed: 'refused-framing', // frame-ancestors 'none'
  wrong: 'app-key-mismatch', // initializes as another widget
} as const

const SDK = `<script src="${PLATFORM}/dist/platform.js" data-trusted-origins="${PANEL}"></script>`

/** Each page's status, HTML and headers. */
const PAGES: Partial<Record<keyof typeof BROKEN, [number, string, Record<string, string>?]>> = {
  silent: [
    200,
    `<!doctype html><html lang="en"><title>Silent</title>
${SDK}<p>Loads the SDK and never initializes.</p>`,
  ],
  bare: [200, '<!doctype html><html lang="en"><title>Bare</title><p>No SDK here.</p>'],
  missing: [404, '<!doctype html><html lang="en"><title>Not found</title><p>Not found.</p>'],
  framed: [
    200,
    '<!doctype html><html lang="en"><title>Framed</title><p>Not in a frame.</p>',
    { 'content-security-policy': "frame-ancestors 'none'" },
  ],
  wrong: [
    200,
    `<!doctype html><html lang="en"><title>Wrong</title>${SDK}
<script>platform.initialize({ app_key: 'demo-doctor' }).catch(() => {})</script>`,
  ],
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/** Resolves once the dev platform answers; rejects with its output if it exits first. */
async function startPlatform(): Promise<ChildProcess> {
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('platform-widget-dev/package.json')),
    'dist/cli.js',
  )
  const apps = Object.keys(BROKEN).flatMap((key) => [
    '--app',
    `${key}=${widgetUrl(key as keyof typeof BROKEN)};name=${key}`,
  ])
  const args = ['dev', '--port', String(BASE + PORT.platform), '--panel-origin', PANEL, ...apps]
  // A folder of its own: the command keeps its secrets beside its config, else where it runs.
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: mkdtempSync(path.join(tmpdir(), 'example-panel-')),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the dev platform exited (${code}):\n${output}`)),
    ),
  )
  const up = (async () => {
    for (;;) {
      const res = await fetch(`${PLATFORM}/healthz`).catch(() => undefined)
      if (res?.ok) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  await Promise.race([up, exited])
  return child
}

export const test = base.extend<object, { servers: undefined }>({
  servers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take an object pattern.
    async ({}, use) => {
      const widgets = await Promise.all(
        Object.entries(PAGES).map(([key, [status, html, headers]]) =>
          listen(
            createServer((_, res) =>
              res.writeHead(status, { 'content-type': 'text/html', ...headers }).end(html),
            ),
            BASE + PORT[key as keyof typeof PORT],
          ),
        ),
      )
      const platform = await startPlatform()
      process.env.PORT = String(BASE + PORT.panel)
      process.env.PLATFORM = PLATFORM
      let vite: ViteDevServer | undefined
      try {
        vite = await createVite({
          configFile: path.join(import.meta.dirname, '../vite.config.ts'),
          logLevel: 'warn',
        })
        await vite.listen()
        await use(undefined)
      } finally {
        await vite?.close()
        platform.kill()
        for (const server of widgets) server.close()
      }
    },
    { scope: 'worker', auto: true },
  ],
})

export { expect } from '@playwright/test'
