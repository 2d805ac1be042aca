// A widget that does not come up, in the real panel: its server is down, its page has no SDK
// script, or its script comes from another panel (whose SDK refuses this one: UNTRUSTED_HOST).
// The host shows its neutral notice in the widget's place; the dev panel adds why, in Persian
// and English. Servers on this spec's own ports: the panel's, and small pages beside it.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { test as base, expect, type Page } from '@playwright/test'
import { quickApp } from '../demo/lib/quick-app'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'

// Beside E2E_PORT and DEMO_E2E_PORT's ranges: a base of this spec's own, moved by NOT_UP_PORT.
const BASE = Number(process.env.NOT_UP_PORT ?? 26600)
const PORTS = {
  panel: BASE + 10,
  emulator: BASE + 11,
  widgets: [BASE + 12, BASE + 13, BASE + 14],
  noScript: BASE + 20,
  otherPanel: BASE + 21,
  down: BASE + 22,
  foreign: BASE + 23,
}
const PLATFORM_JS = readFileSync('dist/platform.js')

function serve(port: number, pages: Record<string, [string, string | Buffer]>): Promise<Server> {
  const server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname]
    if (!page) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': page[0] }).end(page[1])
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}
const html = (body: string) =>
  ['text/html; charset=utf-8', `<!doctype html><title>w</title>${body}`] as [string, string]

const test = base.extend<object, { demo: Demo; opened: Map<string, Page> }>({
  demo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments
    async ({}, use) => {
      const servers = await Promise.all([
        serve(PORTS.noScript, { '/': html('<p>No SDK here</p>') }),
        // Another panel: it serves its own platform.js, which trusts it alone.
        serve(PORTS.otherPanel, { '/platform.js': ['text/javascript', PLATFORM_JS] }),
        serve(PORTS.foreign, {
          '/': html(`<script src="http://127.0.0.1:${PORTS.otherPanel}/platform.js"></script>`),
        }),
      ])
      const demo = await startDemo({
        ports: { panel: PORTS.panel, emulator: PORTS.emulator, widgets: PORTS.widgets },
        apps: [
          quickApp('down', `http://127.0.0.1:${PORTS.down}/`, 0, { name: 'Down' }),
          quickApp('noscript', `http://127.0.0.1:${PORTS.noScript}/`, 1, { name: 'No script' }),
          quickApp('foreign', `http://127.0.0.1:${PORTS.foreign}/`, 2, { name: 'Foreign' }),
        ],
        secrets: memorySecretStore(),
      })
      await use(demo)
      await demo.close()
      for (const server of servers) server.close()
    },
    { scope: 'worker' },
  ],
  // Every page of this file, opened at once: each waits out the SDK's handshake time (5 s) after
  // its load before the host shows its notice, and those waits then overlap instead of adding
  // up, test after test. One context, one page per app and language; each test reads its own.
  opened: [
    async ({ browser, demo }, use) => {
      expect(demo.origins.panel).toBe(PANEL)
      const context = await browser.newContext()
      const paths = [...PAGES, ANSWERS]
      const pages = await Promise.all(paths.map(() => context.newPage()))
      await Promise.all(paths.map((path, i) => openPanel(pages[i] as Page, path)))
      await use(new Map(paths.map((path, i) => [path, pages[i] as Page])))
      await context.close()
    },
    // Seven panel pages on a loaded machine: a worker's first took over 35 s to open here.
    { scope: 'worker', timeout: 180_000 },
  ],
})

const PANEL = `http://127.0.0.1:${PORTS.panel}`

/**
 * Opens a panel page without waiting for its load event: that waits for the widget's frame,
 * whose refused connection Chromium may take long to give up on under load.
 */
async function openPanel(page: Page, path: string): Promise<void> {
  await page.goto(`${PANEL}${path}`, { waitUntil: 'domcontentloaded' })
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 60_000 })
}
const CASES = [
  {
    app_key: 'down',
    // The dev panel's `diagnose` found why: the host's notice says it.
    fa: ['سرور ویجت Down در دسترس نیست.', `http://127.0.0.1:${PORTS.down}/`, 'npm run dev'],
    en: ['Down could not be reached.', 'did not load (ECONNREFUSED)', 'start your dev server'],
  },
  {
    app_key: 'noscript',
    fa: ['ویجت No script پاسخ نداد.', `<script src="${PANEL}/platform.js"></script>`],
    en: ['No script did not respond.', 'has no SDK script', `${PANEL}/platform.js`],
  },
  {
    app_key: 'foreign',
    fa: ['ویجت Foreign پاسخ نداد.', `http://127.0.0.1:${PORTS.otherPanel}`, 'UNTRUSTED_HOST'],
    en: [
      'Foreign did not respond.',
      `loads platform.js from http://127.0.0.1:${PORTS.otherPanel}, but this panel is ${PANEL}`,
      'UNTRUSTED_HOST',
    ],
  },
] as const

const LANGS = ['fa', 'en'] as const
const pathOf = (app_key: string, lang: string) => `/panel/apps/${app_key}?lang=${lang}`
const PAGES = LANGS.flatMap((lang) => CASES.map((c) => pathOf(c.app_key, lang)))
/** The widget that answers. */
const ANSWERS = pathOf('demo-doctor', 'en')

for (const lang of LANGS) {
  for (const c of CASES) {
    test(`${c.app_key} (${lang}): the notice in the widget's place, with why`, async ({
      opened,
    }) => {
      // Under load (eight checkouts on two cores), a frame of a refused connection took 27–41 s
      // to fail here: three times the timeout.
      test.slow()
      const page = opened.get(pathOf(c.app_key, lang)) as Page
      const notice = page.locator('[data-platform-no-answer]')
      // The SDK's handshake time (5 s) after the page loaded, then the emulator's look at it.
      await expect(notice.locator('.not-up-hint')).toHaveCount(1, { timeout: 15_000 })
      await expect(notice).toHaveAttribute('role', 'status')
      await expect(notice).toHaveAttribute('lang', lang)
      await expect(page.locator(`iframe[data-app-key="${c.app_key}"]`)).toBeHidden()
      for (const text of c[lang]) await expect(notice).toContainText(text)
      if (process.env.NOT_UP_SHOTS) {
        await notice.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${process.env.NOT_UP_SHOTS}/${c.app_key}-${lang}.png` })
      }
    })
  }
}

test('a widget that answers shows no notice', async ({ opened }) => {
  const page = opened.get(ANSWERS) as Page
  const frame = page.frameLocator('iframe[data-app-key="demo-doctor"]')
  await expect(frame.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
  // Past the handshake time after its load: still no notice.
  await page.waitForFunction(() => performance.now() > 6500)
  await expect(page.locator('[data-platform-no-answer]')).toHaveCount(0)
})
