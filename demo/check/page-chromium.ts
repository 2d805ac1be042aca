// Chromium for `check`, through Playwright: every sense (init scripts in every frame, console
// messages with their source, requests and response bodies, uncaught errors).
import { existsSync } from 'node:fs'
import type { Browser, Frame, Page, Request } from '@playwright/test'
import { chromiumLaunchOptions } from '../engines/chromium.js'
import { playwrightFrame } from '../engines/driver.js'
import { type CheckBrowser, type CheckPage, chromiumPath, type Seen } from './browser.js'
import type { ProbeRecord } from './probe.js'

export async function launchChromium(
  env: Record<string, string | undefined>,
): Promise<CheckBrowser> {
  const { chromium } = await import('@playwright/test')
  const executablePath = chromiumPath(env)
  const path = executablePath ?? chromium.executablePath()
  if (!path || !existsSync(path)) {
    throw new Error(`no Chromium found (looked for ${path || "Playwright's build"})`)
  }
  // As shipped, as the tests launch it: the popup blocker on, third-party storage partitioned.
  const browser: Browser = await chromium.launch({
    ...chromiumLaunchOptions(),
    executablePath,
    headless: true,
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return {
    engine: 'chromium',
    blind: [],
    atOnce: 3,
    async newPage({ init, widgetOrigin, topLevel = false }) {
      const page = await context.newPage()
      const checkPage = chromiumPage(page, listen(page, widgetOrigin, topLevel))
      // Before the probe, which looks for the binding as it starts.
      if (topLevel) await keepOnLeaving(page, checkPage)
      await page.addInitScript({ content: init })
      return checkPage
    },
    close: () => browser.close(),
  }
}

/**
 * The top-level page's probe hands over its record at each call: a start page that moves on to
 * the panel's sign-in would take it with it.
 */
async function keepOnLeaving(page: Page, into: { left?: ProbeRecord }) {
  await page.exposeBinding('__platformCheckKeep', (source, record: ProbeRecord) => {
    if (source.frame === page.mainFrame()) into.left = record
  })
}

function chromiumPage(page: Page, seen: Seen): CheckPage & { left?: ProbeRecord } {
  const frameOf = (target: string) => playwrightFrame(page, target)
  return {
    seen,
    goto: async (url) => void (await page.goto(url)),
    evaluate: async (target, fn, arg) =>
      (await frameOf(target)).evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    run: async (target, source) => void (await (await frameOf(target)).evaluate(source)),
    frameUrl: async (target) => (await frameOf(target).catch(() => undefined))?.url() ?? '',
    resize: (width, height) => page.setViewportSize({ width, height }),
    close: () => page.close(),
  }
}

/** The requests and console lines of the widget's frames (anything not the panel's own page). */
function listen(page: Page, widgetOrigin: string, topLevel: boolean): Seen {
  const seen: Seen = { requests: [], console: [], pageErrors: [], sources: [], failed: [] }
  page.on('response', async (response) => {
    try {
      const kind = response.request().resourceType()
      const own = new URL(response.url()).origin === widgetOrigin
      if (!own || (kind !== 'script' && kind !== 'document')) return
      if (response.frame() === page.mainFrame() && !topLevel) return
      seen.sources.push((await response.text()).slice(0, 2 * 1024 * 1024))
    } catch {
      // A redirect or a body gone with its page: nothing to read.
    }
  })
  page.on('pageerror', (error) => {
    seen.pageErrors.push({ message: error.message, stack: error.stack ?? '' })
  })
  // The widget's frames only (the booking flow and the profile show other widgets beside it):
  // each frame once at the widget's origin, wherever it goes next (a redirect to sign-in).
  const widgetFrames = new WeakSet<Frame>()
  const ours = (frame: Frame, url: string) => {
    if (frame === page.mainFrame() && !topLevel) return false
    try {
      // A frame's first request leaves from about:blank: the URL it asks for then says whose.
      const at = /^https?:/.test(frame.url()) ? frame.url() : url
      if (new URL(at).origin === widgetOrigin) widgetFrames.add(frame)
    } catch {}
    return widgetFrames.has(frame)
  }
  page.on('request', (request) => {
    try {
      if (ours(request.frame(), request.url())) seen.requests.push(request.url())
    } catch {
      // A service worker's request has no frame.
    }
  })
  page.on('framenavigated', (frame) => {
    if (ours(frame, frame.url())) seen.requests.push(frame.url())
  })
  // A file of the page that did not load; the page's own document has page.status, and a load
  // the page or the browser gave up (a navigation away, the tab closed) is no failure.
  const failed = (request: Request, why: string) => {
    try {
      if (request.isNavigationRequest() || !ours(request.frame(), request.url())) return
      seen.failed.push({ url: request.url(), why })
    } catch {}
  }
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? 'failed'
    if (!why.includes('ERR_ABORTED')) failed(request, why)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) failed(response.request(), `HTTP ${response.status()}`)
  })
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    let origin = ''
    try {
      origin = new URL(message.location().url).origin
    } catch {}
    if (origin !== widgetOrigin) return
    // A console call has arguments; the browser's own lines (a refused load) have none.
    const call = message.args().length > 0
    seen.console.push({ level: type, text: message.text(), ...(call ? { call } : {}) })
  })
  return seen
}
