// Firefox ESR for `check`, through puppeteer-core over WebDriver BiDi (demo/engines/firefox.ts):
// a preload script runs the probe in every frame before the page's own scripts, and BiDi's log
// and network events give console messages, uncaught errors and requests.
import type { Frame, HTTPRequest, Page } from 'puppeteer-core'
import { enginePaths } from '../engines/driver.js'
import { launchFirefox, puppeteerFrame } from '../engines/firefox.js'
import type { CheckBrowser, CheckPage, Seen } from './browser.js'
import type { ProbeRecord } from './probe.js'

export async function launchFirefoxPages(
  env: Record<string, string | undefined>,
): Promise<CheckBrowser> {
  const browser = await launchFirefox(enginePaths(env).firefox)
  const context = await browser.createBrowserContext()
  return {
    engine: 'firefox',
    blind: [],
    atOnce: 2,
    async newPage({ init, widgetOrigin, topLevel = false }) {
      const page = await context.newPage()
      await page.setViewport({ width: 1280, height: 800 })
      const checkPage = firefoxPage(page, listen(page, widgetOrigin, topLevel))
      // Before the probe, which looks for it as it starts: see page-chromium.ts. Firefox drops
      // what a page sends as it leaves, so a page that moves on at once may still lose its record.
      if (topLevel) {
        await page.exposeFunction('__platformCheckKeep', (record: ProbeRecord) => {
          checkPage.left = record
        })
      }
      await page.evaluateOnNewDocument(init)
      return checkPage
    },
    close: () => browser.close(),
  }
}

function firefoxPage(page: Page, seen: Seen): CheckPage & { left?: ProbeRecord } {
  const frameOf = (target: string) => puppeteerFrame(page, target)
  return {
    seen,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: async (target, fn, arg) =>
      (await frameOf(target)).evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    run: async (target, source) => void (await (await frameOf(target)).evaluate(source)),
    frameUrl: async (target) => (await frameOf(target).catch(() => undefined))?.url() ?? '',
    resize: (width, height) => page.setViewport({ width, height }),
    close: () => page.close(),
  }
}

/** What BiDi reports of the widget's frames (anything not the panel's own page). */
function listen(page: Page, widgetOrigin: string, topLevel: boolean): Seen {
  const seen: Seen = { requests: [], console: [], pageErrors: [], sources: [], failed: [] }
  const widgetFrames = new WeakSet<Frame>()
  const ours = (frame: Frame | null, url: string) => {
    if (!frame || (frame === page.mainFrame() && !topLevel)) return false
    try {
      const at = /^https?:/.test(frame.url()) ? frame.url() : url
      if (new URL(at).origin === widgetOrigin) widgetFrames.add(frame)
    } catch {}
    return widgetFrames.has(frame)
  }
  const originOf = (url: string | undefined) => {
    try {
      return new URL(url ?? '').origin
    } catch {
      return ''
    }
  }
  page.on('request', (request) => {
    // A WebSocket's handshake is left out, as Chromium's request events leave it out (a dev
    // server's socket carries its own ?token=, Vite's hot reload for one).
    if (request.headers()['sec-fetch-mode'] === 'websocket') return
    if (ours(request.frame(), request.url())) seen.requests.push(request.url())
  })
  page.on('framenavigated', (frame) => {
    if (ours(frame, frame.url())) seen.requests.push(frame.url())
  })
  // As in Chromium: the page's files that did not load, not its document, not a load given up.
  const failed = (request: HTTPRequest, why: string) => {
    if (request.isNavigationRequest() || !ours(request.frame(), request.url())) return
    seen.failed.push({ url: request.url(), why })
  }
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? 'failed'
    if (!why.includes('ABORTED')) failed(request, why)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) failed(response.request(), `HTTP ${response.status()}`)
  })
  page.on('response', async (response) => {
    try {
      // BiDi gives no resource type: the content type says a page or a script.
      const type = response.headers()['content-type'] ?? ''
      if (originOf(response.url()) !== widgetOrigin) return
      if (!/html|javascript|ecmascript/.test(type)) return
      if (response.frame() === page.mainFrame() && !topLevel) return
      seen.sources.push((await response.text()).slice(0, 2 * 1024 * 1024))
    } catch {
      // BiDi may not keep a body: the sources are then read from the page (observe.ts).
    }
  })
  page.on('pageerror', (error: unknown) => {
    const e = error as { message?: string; stack?: string }
    seen.pageErrors.push({ message: e.message ?? String(error), stack: e.stack ?? '' })
  })
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warn') return
    if (originOf(message.location().url) !== widgetOrigin) return
    // puppeteer's text names each object JSHandle@…: its value in words instead.
    const text = message
      .args()
      .map((arg) => fromRemote((arg as { remoteValue?: () => RemoteValue }).remoteValue?.()))
      .join(' ')
    seen.console.push({ level: type === 'warn' ? 'warning' : 'error', text, call: true })
  })
  return seen
}

/** A value as WebDriver BiDi serialises it (enough of it for words). */
interface RemoteValue {
  type: string
  value?: unknown
}

/**
 * A console argument in words, from BiDi's serialised value: as words.ts says a value in the page
 * (strings as they are, objects as JSON), except an Error, whose message BiDi does not send: the
 * probe's record has it, and the console check prefers that (checks/console.ts).
 */
export function fromRemote(remote: RemoteValue | undefined): string {
  if (!remote) return '?'
  if (remote.type === 'string') return String(remote.value)
  if (remote.type === 'error') return 'Error'
  if (['object', 'array', 'map', 'set'].includes(remote.type)) {
    try {
      return JSON.stringify(plain(remote))
    } catch {
      return remote.type
    }
  }
  const value = plain(remote)
  return typeof value === 'string' ? value : String(value)
}

/** BiDi's serialised value as a plain value (nested at most as deep as BiDi sends it). */
function plain(remote: RemoteValue): unknown {
  const { type, value } = remote
  switch (type) {
    case 'undefined':
      return undefined
    case 'null':
      return null
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return typeof value === 'number' ? value : String(value)
    case 'bigint':
      return `${String(value)}n`
    case 'array':
    case 'set':
      return Array.isArray(value) ? value.map((v) => plain(v as RemoteValue)) : []
    case 'object':
    case 'map':
      return Array.isArray(value)
        ? Object.fromEntries(
            value.map(([k, v]: [string | RemoteValue, RemoteValue]) => [
              typeof k === 'string' ? k : String(plain(k)),
              plain(v),
            ]),
          )
        : {}
    default:
      // A node, a window, a function, a promise…: its kind.
      return `[${type}]`
  }
}
