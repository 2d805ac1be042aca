// The browsers `check` drives, behind one small interface the observation needs (CheckPage):
// Chromium through Playwright (`@playwright/test`, an optional peer of this package), Firefox ESR
// through puppeteer-core over WebDriver BiDi (`puppeteer-core`, an optional peer) and WebKitGTK
// through WebDriver classic (WebKitWebDriver and MiniBrowser under Xvfb), with the drivers of
// demo/engines. Each is found by its environment variable, then Debian's path. What an engine's
// protocol cannot observe is its `blind` senses: the checks that need one are "not checked" there.
import { existsSync } from 'node:fs'
import { missing } from '../engines/driver.js'
import type { Observation, Sense } from './observation.js'

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type Engine = (typeof ENGINES)[number]

/** `'top'` for the panel's page, else a CSS selector of an iframe in it. */
export type Target = 'top' | string

/** What the engine saw of the widget's frames while the page ran (empty where it is blind). */
export type Seen = Pick<Observation, 'requests' | 'console' | 'pageErrors' | 'sources'>

/** One page (a tab, or WebKit's one window) as the observation uses it. */
export interface CheckPage {
  goto(url: string): Promise<void>
  /** Runs `fn(arg)` in the target's document: its awaited, JSON-like result. */
  evaluate<A, R>(target: Target, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  /** Runs a script's source in the target (axe, the height watch), as the engine sends it. */
  run(target: Target, source: string): Promise<void>
  /** The URL the iframe ended at; '' when it cannot be read (an engine's error page). */
  frameUrl(target: Target): Promise<string>
  /** The panel's viewport (WebKit: its window, which keeps a minimum width of its own). */
  resize(width: number, height: number): Promise<void>
  readonly seen: Seen
  close(): Promise<void>
}

export interface PageOptions {
  /** The init script: run in every frame before the page's own scripts, where the engine can. */
  init: string
  /** The widget's origin: what `seen` keeps. */
  widgetOrigin: string
}

export interface CheckBrowser {
  readonly engine: Engine
  /** What this engine cannot observe. */
  readonly blind: readonly Sense[]
  /** How many pages it loads at once. */
  readonly atOnce: number
  newPage(options: PageOptions): Promise<CheckPage>
  close(): Promise<void>
}

export type Launched =
  | { engine: Engine; browser: CheckBrowser }
  | { engine: Engine; skipped: string }

/** The Chromium to run: the variables, then Debian's path, else Playwright's own (undefined). */
export function chromiumPath(env: Record<string, string | undefined>): string | undefined {
  const given = env.CHROMIUM_PATH || env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (given) return given
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

/** How to get each engine, for a report that could not find it. */
export const INSTALL: Record<Engine, string> = {
  chromium:
    'npm install -D @playwright/test, then apt install chromium or npx playwright install chromium',
  firefox: 'apt install firefox-esr (or set FIREFOX_PATH), and npm install -D puppeteer-core',
  webkit:
    'apt install webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb (or set WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH)',
}

const PACKAGES: Record<Engine, string | undefined> = {
  chromium: '@playwright/test',
  firefox: 'puppeteer-core',
  webkit: undefined,
}

/** Launches `engine` headless, or says why it cannot run here and how to get it. */
export async function launch(
  engine: Engine,
  env: Record<string, string | undefined>,
): Promise<Launched> {
  const absent = missing(engine, env)
  if (absent) return { engine, skipped: `${absent}; to run it: ${INSTALL[engine]}` }
  const module = PACKAGES[engine]
  if (module) {
    try {
      await import(module)
    } catch {
      return { engine, skipped: `${module} is not installed: npm install -D ${module}` }
    }
  }
  try {
    const start =
      engine === 'chromium'
        ? (await import('./page-chromium.js')).launchChromium
        : engine === 'firefox'
          ? (await import('./page-firefox.js')).launchFirefoxPages
          : (await import('./page-webkit.js')).launchWebKitPages
    return { engine, browser: await start(env) }
  } catch (error) {
    return {
      engine,
      skipped: `${engine} did not start: ${(error as Error).message.split('\n')[0]}; ${INSTALL[engine]}`,
    }
  }
}
