// The browsers `check` drives, behind one small interface the observation needs (CheckPage):
// Chromium through Playwright (`@playwright/test`, an optional peer of this package), Firefox ESR
// through puppeteer-core over WebDriver BiDi (`puppeteer-core`, an optional peer) and WebKitGTK
// through WebDriver classic (WebKitWebDriver and MiniBrowser under Xvfb), with the drivers of
// demo/engines. Each is found by its environment variable, then Debian's path. What an engine's
// protocol cannot observe is its `blind` senses: the checks that need one are "not checked" there.
import { existsSync } from 'node:fs'
import type { Observation, Sense } from './observation.js'
import type { ProbeRecord } from './probe.js'

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type Engine = (typeof ENGINES)[number]

/** `'top'` for the panel's page, else a CSS selector of an iframe in it. */
export type Target = 'top' | string

/** What the engine saw of the widget's frames while the page ran (empty where it is blind). */
export type Seen = Pick<Observation, 'requests' | 'console' | 'pageErrors' | 'sources' | 'failed'>

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
  /**
   * A top-level page's probe record as it last handed it over: what is left of a page that moved
   * on (a start page gone to the panel's sign-in). Where the engine can.
   */
  readonly left?: ProbeRecord
  close(): Promise<void>
}

export interface PageOptions {
  /** The init script: run in every frame before the page's own scripts, where the engine can. */
  init: string
  /** The widget's origin: what `seen` keeps. */
  widgetOrigin: string
  /** The widget's page is the tab's own (a top-level page), not a frame of the panel. */
  topLevel?: boolean
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
