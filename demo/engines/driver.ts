// One driver per engine, shared by `platform-widget-dev check` (demo/check) and the cross-engine
// journeys (e2e/engines, which re-exports this folder): Playwright for Chromium, puppeteer-core
// over WebDriver BiDi for Firefox ESR (firefox.ts), W3C WebDriver classic for WebKitGTK
// (webkit.ts). Each engine's binaries are found by an environment variable, then Debian's path.
import { existsSync } from 'node:fs'
import type { Page as PlaywrightPage } from '@playwright/test'

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
  /**
   * Opens `url` in a new window (WebKit, minimized: hidden, never focused again) or tab
   * (Chromium, Firefox) that the page did not open, and brings this driver's window back to the
   * front, so the new one loads behind it: hidden and unfocused in WebKit and Firefox; headless
   * Chromium under Playwright still draws it and reports it focused. `evaluate` on the result
   * runs in the new window's page (in WebKit it switches to it, which may focus it: only once
   * its outcome is known); `close` closes it.
   */
  openBehind(url: string): Promise<Behind>
  close(): Promise<void>
}

/** A window opened by {@link Driver.openBehind}. */
export interface Behind {
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  close(): Promise<void>
}

/**
 * A page of Playwright's or puppeteer's opened behind the driver's own, sent to `url` without
 * waiting for its load (the page leaves at once to sign in), as a {@link Behind}.
 */
export function behindPage(
  behind: {
    goto(url: string): Promise<unknown>
    mainFrame(): { evaluate(fn: (a: unknown) => unknown, arg: unknown): Promise<unknown> }
    close(): Promise<void>
  },
  url: string,
): Behind {
  void behind.goto(url).catch(() => {})
  return {
    evaluate: (fn, arg) =>
      behind.mainFrame().evaluate(fn as (a: unknown) => unknown, arg as unknown) as never,
    close: () => behind.close(),
  }
}

/** Collects `type: text` lines; `take()` returns and empties them. */
export function logBook() {
  const lines: string[] = []
  return {
    add: (type: string, text: string) => void lines.push(`${type}: ${text}`),
    take: () => lines.splice(0),
  }
}

export interface EnginePaths {
  firefox: string
  webkitDriver: string
  miniBrowser: string
  xvfb: string
}

/** Debian's paths, each overridable by an environment variable. */
export function enginePaths(env: Record<string, string | undefined> = process.env): EnginePaths {
  return {
    firefox: env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    webkitDriver: env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver',
    miniBrowser: env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    xvfb: env.XVFB_PATH || '/usr/bin/Xvfb',
  }
}

/** Why an engine cannot run here, or undefined when it can. */
export function missing(
  engine: Engine,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const paths = enginePaths(env)
  const need: Record<Engine, string[]> = {
    chromium: [],
    firefox: [paths.firefox],
    webkit: [paths.webkitDriver, paths.miniBrowser, paths.xvfb],
  }
  const absent = need[engine].filter((p) => !existsSync(p))
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

// --- Chromium: Playwright -------------------------------------------------------------------

/** The page's frame, or the frame of the iframe `target` selects in it. */
export async function playwrightFrame(page: PlaywrightPage, target: Target) {
  if (target === 'top') return page.mainFrame()
  const frame = await (await page.$(target))?.contentFrame()
  if (!frame) throw new Error(`no frame ${target}`)
  return frame
}

/** A driver on `page`; closing it runs `close` (default: closes the page). */
export function playwrightDriver(
  page: PlaywrightPage,
  close: () => Promise<void> = () => page.close(),
): Driver {
  const book = logBook()
  page.on('console', (message) => book.add(message.type(), message.text()))
  page.on('pageerror', (error) => book.add('pageerror', error.message))
  return {
    engine: 'chromium',
    logs: book.take,
    goto: async (url) => void (await page.goto(url)),
    evaluate: async (target, fn, arg) =>
      (await playwrightFrame(page, target)).evaluate(
        fn as (a: unknown) => unknown,
        arg as unknown,
      ) as never,
    click: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(key),
    openBehind: async (url) => {
      const behind = await page.context().newPage()
      // Behind in name only: headless Chromium draws every page and Playwright makes each one
      // focused (turning that off did not outlast a cross-site navigation).
      await page.bringToFront()
      return behindPage(behind, url)
    },
    close,
  }
}
