import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import type { Page as PlaywrightPage } from '@playwright/test'
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core'

/**
 * An engine-neutral driver: the few things the cross-engine journeys need, backed by Playwright
 * (Chromium), puppeteer-core over WebDriver BiDi (Firefox) or W3C WebDriver classic (WebKit).
 * Journeys read the host's dialogs through `evaluate` and act on them with real input (mouse
 * clicks at coordinates, key presses), so no protocol needs to pierce the dialogs' shadow root.
 */
export type Engine = 'chromium' | 'firefox' | 'webkit'

/** `'top'` for the page, else a CSS selector of an iframe in the page. */
export type Target = 'top' | string

/** A digit types itself (into the focused field). */
export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Escape' | Digit

export interface Driver {
  readonly engine: Engine
  goto(url: string): Promise<void>
  /** Runs `fn(arg)` in the target's document and returns its (awaited, JSON-like) result. */
  evaluate<A, R>(target: Target, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  /** A real left click at viewport coordinates of the page. */
  click(x: number, y: number): Promise<void>
  press(key: Key): Promise<void>
  /**
   * What the page and its frames logged since the driver opened (console messages, the engine's
   * own warnings such as a `postMessage` origin mismatch, uncaught errors), as `type: text`; and
   * empties the list. `undefined` where the engine's driver gives no log: WebKit's WebDriver
   * classic has no log command, and a `console` wrapped by script would miss the engine's own.
   */
  logs?(): string[]
  close(): Promise<void>
}

/** Collects `type: text` lines; `take()` returns and empties them. */
function logBook() {
  const lines: string[] = []
  return {
    add: (type: string, text: string) => void lines.push(`${type}: ${text}`),
    take: () => lines.splice(0),
  }
}

/** Debian's paths, each overridable by an environment variable. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver'
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const XVFB_PATH = process.env.XVFB_PATH || '/usr/bin/Xvfb'

/** Why an engine cannot run here, or undefined when it can. */
export function missing(engine: Engine): string | undefined {
  const need: Record<Engine, string[]> = {
    chromium: [],
    firefox: [FIREFOX_PATH],
    webkit: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
  }
  const absent = need[engine].filter((p) => !existsSync(p))
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

// --- Chromium: Playwright -------------------------------------------------------------------

export function playwrightDriver(page: PlaywrightPage): Driver {
  const frameOf = async (target: Target) => {
    if (target === 'top') return page.mainFrame()
    const frame = await (await page.$(target))?.contentFrame()
    if (!frame) throw new Error(`no frame ${target}`)
    return frame
  }
  const book = logBook()
  page.on('console', (message) => book.add(message.type(), message.text()))
  page.on('pageerror', (error) => book.add('pageerror', error.message))
  return {
    engine: 'chromium',
    logs: book.take,
    goto: async (url) => void (await page.goto(url)),
    evaluate: async (target, fn, arg) =>
      (await frameOf(target)).evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    click: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(key),
    close: () => page.close(),
  }
}

// --- Firefox: puppeteer-core over WebDriver BiDi ---------------------------------------------

/**
 * Puppeteer's Firefox profile (`@puppeteer/browsers`, `defaultProfilePreferences`) sets one pref
 * that changes what a page may do: `dom.disable_open_during_load: false`, the popup blocker off.
 * It is set back to Firefox's default here. Its other page-facing prefs are Firefox 153's
 * defaults already (`privacy.trackingprotection.enabled: false`,
 * `network.cookie.sameSite.laxByDefault: false`), or inert: Firefox 153 no longer reads
 * `browser.contentblocking.features.standard` (puppeteer's `cookieBehavior0`), so cookies keep
 * the default behaviour 5, Total Cookie Protection (the storage journey measures it). Kept on
 * purpose: `fission.webContentIsolationStrategy: 0` (puppeteer forces one content process, to
 * dispatch mouse events into cross-origin frames) and `focusmanager.testmode` (the headless
 * window has no system focus; a doctor's window, which they type in, has). DEVELOPERS.md
 * (Browsers) lists the rest: updates, telemetry, first-run pages and the browser's own dialogs.
 */
export const FIREFOX_DEFAULTS_RESTORED = { 'dom.disable_open_during_load': true }

export async function launchFirefox(): Promise<PuppeteerBrowser> {
  const puppeteer = (await import('puppeteer-core')).default
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 1280, height: 720 },
    extraPrefsFirefox: FIREFOX_DEFAULTS_RESTORED,
  })
}

export async function firefoxDriver(browser: PuppeteerBrowser): Promise<Driver> {
  const context = await browser.createBrowserContext()
  const page: PuppeteerPage = await context.newPage()
  const frameOf = async (target: Target) => {
    if (target === 'top') return page.mainFrame()
    const frame = await (await page.$(target))?.contentFrame()
    if (!frame) throw new Error(`no frame ${target}`)
    return frame
  }
  const book = logBook()
  page.on('console', (message) => book.add(message.type(), message.text()))
  page.on('pageerror', (error) => book.add('pageerror', String(error)))
  return {
    engine: 'firefox',
    logs: book.take,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: async (target, fn, arg) =>
      (await frameOf(target)).evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    click: (x, y) => page.mouse.click(x, y),
    press: async (key) => {
      if (key === 'Shift+Tab') {
        await page.keyboard.down('Shift')
        await page.keyboard.press('Tab')
        await page.keyboard.up('Shift')
      } else await page.keyboard.press(key)
    },
    close: () => context.close(),
  }
}

// --- WebKit: W3C WebDriver classic over fetch --------------------------------------------------

/** A WebKitWebDriver with a private Xvfb display. `stop()` ends both (by their process ids). */
export interface WebKitService {
  url: string
  stop(): Promise<void>
  /**
   * Stops this Xvfb and WebKitWebDriver and starts new ones (a new `url`): for a driver whose
   * session start hung (see {@link webkitDriver}).
   */
  restart(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

export async function startWebKit(): Promise<WebKitService> {
  // -displayfd: Xvfb picks a free display itself and writes its number, so parallel workers
  // (and other users of this machine) never race for one.
  const xvfb = spawn(
    XVFB_PATH,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const display = await new Promise<string>((resolve, reject) => {
    let out = ''
    xvfb.stdio[3]!.on('data', (chunk) => {
      out += chunk
      if (out.includes('\n')) resolve(out.trim())
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)))
  })
  const port = await freePort()
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: `:${display}` },
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopProcess(driver)
    await stopProcess(xvfb)
  }
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) break
    } catch (error) {
      if (i > 100) {
        await stop()
        throw error
      }
    }
    await new Promise((r) => setTimeout(r, 50)) // polling the driver's start, not a test wait
  }
  const service: WebKitService = {
    url,
    stop,
    async restart() {
      await service.stop()
      const next = await startWebKit()
      Object.assign(service, { url: next.url, stop: next.stop })
    },
  }
  return service
}

const KEYS: Record<string, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Shift: '\uE008',
}

/** An error answer from the WebDriver server (it answered: not a hang or a lost connection). */
class WebDriverError extends Error {
  override name = 'WebDriverError'
  constructor(message: string) {
    super(`WebDriver ${message}`)
  }
}

/** How long WebKitWebDriver may take to start a MiniBrowser session (typically 1–2 s). */
const SESSION_START_MS = 15_000

/**
 * A WebDriver session on `service`. Starting it is bounded: once, under load, WebKitWebDriver
 * never answered `POST /session` (MiniBrowser did not come up) and the test hit its 45 s guard
 * while setting up the driver. A start that takes over {@link SESSION_START_MS} restarts the
 * service (new Xvfb, new driver) and asks once more; `onRestart` records it, so the test
 * reports it as an annotation. This is the harness's browser launch, not a retry of a test.
 */
export async function webkitDriver(
  service: WebKitService,
  onRestart: (reason: string) => void = () => {},
): Promise<Driver> {
  const send = async (method: string, path: string, body?: unknown, signal?: AbortSignal) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
    const json = (await response.json()) as { value: { error?: string; message?: string } }
    if (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error)
      throw new WebDriverError(`${method} ${path}: ${json.value.error}: ${json.value.message}`)
    return json.value as unknown
  }
  // MiniBrowser in `--automation` mode keeps WebKitGTK's defaults, nothing to undo: the popup
  // blocker on, and its cookie policy, no third-party cookies (storage.journeys.ts checks both).
  const capabilities = {
    alwaysMatch: {
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
    },
  }
  const startSession = () =>
    send('POST', '/session', { capabilities }, AbortSignal.timeout(SESSION_START_MS)) as Promise<{
      sessionId: string
    }>
  let created: { sessionId: string }
  try {
    created = await startSession()
  } catch (error) {
    // Only a start that hung or lost its connection; a WebDriver error answer is thrown as is.
    if (error instanceof WebDriverError) throw error
    onRestart(String(error))
    await service.restart()
    created = await startSession()
  }
  const session = `/session/${created.sessionId}`
  await send('POST', `${session}/window/rect`, { width: 1280, height: 800 })
  const cmd = (method: string, path: string, body?: unknown) =>
    send(method, `${session}${path}`, body)
  const toTop = () => cmd('POST', '/frame', { id: null })
  const actions = (list: unknown[]) => cmd('POST', '/actions', { actions: list })
  const keys = (...seq: [type: 'keyDown' | 'keyUp', key: string][]) =>
    actions([
      {
        type: 'key',
        id: 'keyboard',
        actions: seq.map(([type, key]) => ({ type, value: KEYS[key] ?? key })),
      },
    ])
  return {
    engine: 'webkit',
    goto: async (url) => void (await cmd('POST', '/url', { url })),
    evaluate: async (target, fn, arg) => {
      await toTop()
      if (target !== 'top') {
        const element = await cmd('POST', '/element', { using: 'css selector', value: target })
        await cmd('POST', '/frame', { id: element })
      }
      const value = await cmd('POST', '/execute/sync', {
        script: `return (${fn.toString()})(arguments[0])`,
        args: [arg === undefined ? null : arg],
      })
      return value as never
    },
    click: async (x, y) => {
      await toTop()
      await actions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ])
    },
    press: async (key) => {
      await toTop()
      if (key === 'Shift+Tab')
        await keys(['keyDown', 'Shift'], ['keyDown', 'Tab'], ['keyUp', 'Tab'], ['keyUp', 'Shift'])
      else await keys(['keyDown', key], ['keyUp', key])
    },
    close: async () => void (await send('DELETE', session)),
  }
}
