// `MountedWidget.ready` in a real panel, for each reason a widget does not come up: a page that
// never initializes, a 404, a server that is down, a page that refuses framing, a page that
// initializes as another widget; and one that comes up. A small panel page of this spec's own
// mounts one widget, awaits `ready` and writes how it settled; its `diagnose` asks the dev
// panel's own check (demo/panel/diagnose.ts) through this spec's server. Servers on this spec's
// own ports (beside not-up.spec.ts's, moved by NOT_UP_PORT).
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { diagnosePage } from '../demo/panel/diagnose'

const BASE = Number(process.env.NOT_UP_PORT ?? 26600) + 40
const PANEL = `http://127.0.0.1:${BASE}`
const port = { good: 1, silent: 2, missing: 3, down: 4, framed: 5, wrong: 6 } as const
type Key = keyof typeof port
const url = (key: Key) => `http://127.0.0.1:${BASE + port[key]}/`

const WIDGETS = (Object.keys(port) as Key[]).map((key) => ({
  app_key: key,
  url: url(key),
  name: `The ${key} widget`,
  scopes: [],
}))

const SDK = `<script src="${PANEL}/dist/platform.js"></script>`
const html = (body: string) => `<!doctype html><title>w</title><body>${body}`
const init = (app_key: string) =>
  `<script>platform.initialize({ app_key: ${JSON.stringify(app_key)} }).catch(() => {})</script>`

const PANEL_SCRIPT = `
import { createHost } from '/dist/host.js'
import { createMemoryBackend } from '/dist/testing.js'
const params = new URLSearchParams(location.search)
window.unresponsive = []
window.traced = []
const host = createHost({
  context: 'doctor-panel',
  locale: params.get('locale') ?? 'en',
  widgets: ${JSON.stringify(WIDGETS)},
  backend: createMemoryBackend(),
  readyTimeout: Number(params.get('timeout')),
  ...(params.has('diagnose') && {
    diagnose: async (url) =>
      (await (await fetch('/diagnose?url=' + encodeURIComponent(url))).json()) ?? undefined,
  }),
  onUnresponsive: ({ notice, ...info }) => window.unresponsive.push(info),
  onTrace: (entry) => entry.type === 'widget' && window.traced.push(entry),
})
const widget = host.mount(document.getElementById('slot'), params.get('app'))
widget.ready.then(
  () => { window.outcome = { ok: true } },
  (e) => { window.outcome = { ok: false, name: e.name, code: e.code, reason: e.reason, detail: e.detail } },
)
`

function listen(server: Server, at: number): Promise<Server> {
  return new Promise((resolve) => server.listen(at, '127.0.0.1', () => resolve(server)))
}

/** The panel: its page and script, the built SDK, and `diagnose` over the dev panel's check. */
function panelServer(): Server {
  return createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', PANEL)
    if (u.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void res.end(
        html('<div id="slot"></div><script type="module" src="/panel.js"></script>'),
      )
    }
    if (u.pathname === '/panel.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      return void res.end(PANEL_SCRIPT)
    }
    if (u.pathname === '/diagnose') {
      const found = await diagnosePage(u.searchParams.get('url') ?? '', PANEL)
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify(found ?? null))
    }
    const file = /^\/dist\/([A-Za-z0-9_-]+\.js)$/.exec(u.pathname)?.[1]
    if (!file) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/javascript' })
    res.end(readFileSync(path.join('dist', file)))
  })
}

/** A widget's server: one page, with the headers given; 404 for anything else. */
function widgetServer(body: string | undefined, headers: Record<string, string> = {}): Server {
  return createServer((req, res) => {
    if (body === undefined || new URL(req.url ?? '/', 'http://x').pathname !== '/') {
      return void res.writeHead(404).end('not here')
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html(body))
  })
}

/** Each case: the panel's query, and how `ready` settles. */
const CASES: { key: Key; query: string; outcome: Record<string, unknown>; notice?: string }[] = [
  { key: 'good', query: 'timeout=15000', outcome: { ok: true } },
  {
    key: 'silent',
    query: 'timeout=10000',
    outcome: { reason: 'no-initialize' },
    notice: 'The silent widget loaded but did not start.',
  },
  {
    key: 'wrong',
    query: 'timeout=15000',
    outcome: {
      reason: 'app-key-mismatch',
      detail: 'its page initialized as "someone-else", not "wrong"',
    },
    notice: 'The wrong widget started as another widget and was not connected.',
  },
  {
    key: 'missing',
    query: 'timeout=3000&diagnose',
    outcome: { reason: 'http-error', detail: 'HTTP 404' },
    notice: 'The missing widget could not load its page (HTTP 404).',
  },
  {
    key: 'down',
    query: 'timeout=3000&diagnose',
    outcome: { reason: 'unreachable', detail: 'ECONNREFUSED' },
    notice: 'The down widget could not be reached.',
  },
  {
    key: 'down',
    query: 'timeout=3000',
    outcome: { reason: 'no-handshake' },
    notice: 'The down widget did not respond.',
  },
  {
    key: 'framed',
    query: 'timeout=3000&diagnose',
    outcome: { reason: 'refused-framing', detail: 'X-Frame-Options: DENY' },
    notice: 'The framed widget does not allow this panel to show it.',
  },
  {
    key: 'framed',
    query: 'timeout=3000&diagnose&locale=fa',
    outcome: { reason: 'refused-framing' },
    notice: 'ویجت The framed widget اجازهٔ نمایش در این پنل را نمی‌دهد.',
  },
]
const pathOf = (c: (typeof CASES)[number]) => `/?app=${c.key}&${c.query}`

const test = base.extend<object, { opened: Map<string, Page> }>({
  opened: [
    async ({ browser }, use) => {
      const servers = await Promise.all([
        listen(panelServer(), BASE),
        listen(widgetServer(SDK + init('good')), BASE + port.good),
        listen(widgetServer(`${SDK}<p>Loaded, never initializes</p>`), BASE + port.silent),
        listen(widgetServer(undefined), BASE + port.missing),
        listen(widgetServer(SDK + init('good'), { 'x-frame-options': 'DENY' }), BASE + port.framed),
        listen(widgetServer(SDK + init('someone-else')), BASE + port.wrong),
      ])
      // Every page at once: each waits out its own time, and the waits overlap.
      const context = await browser.newContext()
      const pages = await Promise.all(CASES.map(() => context.newPage()))
      await Promise.all(
        CASES.map((c, i) =>
          pages[i]!.goto(`${PANEL}${pathOf(c)}`, { waitUntil: 'domcontentloaded' }),
        ),
      )
      await use(new Map(CASES.map((c, i) => [pathOf(c), pages[i] as Page])))
      await context.close()
      for (const server of servers) server.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

for (const c of CASES) {
  test(`${c.key} (${c.query}): ready ${c.outcome.ok ? 'resolves' : `rejects, ${c.outcome.reason}`}`, async ({
    opened,
  }) => {
    test.slow()
    const page = opened.get(pathOf(c)) as Page
    await page.waitForFunction(() => 'outcome' in window, null, { timeout: 40_000 })
    const outcome = await page.evaluate(() => (window as unknown as { outcome: unknown }).outcome)
    if (c.outcome.ok) {
      expect(outcome).toEqual({ ok: true })
      await expect(page.locator('[data-platform-no-answer]')).toHaveCount(0)
      const traced = await page.evaluate(() => (window as unknown as { traced: unknown[] }).traced)
      expect(traced).toEqual([expect.objectContaining({ app_key: 'good', state: 'ready' })])
      return
    }
    expect(outcome).toMatchObject({
      ok: false,
      name: 'PlatformError',
      code: 'WIDGET_UNAVAILABLE',
      ...c.outcome,
    })
    const notice = page.locator('[data-platform-no-answer]')
    await expect(notice).toHaveText(c.notice!)
    await expect(page.locator(`iframe[data-app-key="${c.key}"]`)).toBeHidden()
    const told = await page.evaluate(() => {
      const w = window as unknown as { unresponsive: unknown[]; traced: unknown[] }
      return { unresponsive: w.unresponsive, traced: w.traced }
    })
    const { ok: _, ...why } = c.outcome
    expect(told.unresponsive).toEqual([
      expect.objectContaining({ app_key: c.key, url: url(c.key), ...why }),
    ])
    expect(told.traced).toEqual([
      expect.objectContaining({ app_key: c.key, state: 'unavailable', ...why }),
    ])
  })
}
