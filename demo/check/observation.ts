// What one load of a widget in the panel showed: the facts every check reads. The browser part
// (observe.ts) fills it; the checks (checks/*.ts) only read it, so each is tested with a
// hand-made observation as well as with a real page.
import type { AppConfig } from '../shared/config-types.js'
import type { Target } from './finding.js'
import type { HttpFacts } from './http-facts.js'
import type { ProbeRecord } from './probe.js'

export interface AxeViolation {
  id: string
  impact: string
  help: string
  /** How many elements. */
  nodes: number
}

export interface FixedControl {
  /** The control's text or label, shortened. */
  text: string
  /** How far (px) it lies below the first viewport. */
  below: number
}

export interface Observation {
  target: Target
  /** The widget as registered (its key, scopes, contexts). */
  app: Pick<AppConfig, 'app_key' | 'scopes' | 'contexts' | 'url'>
  /** The platform's (the panel's) origin. */
  platform: string
  /** The production panel's origins, from the config's `productionPanelOrigins` (none when it has none). */
  panelOrigins: string[]
  http: HttpFacts
  /** The widget's frame was in the panel's page. */
  framed: boolean
  /** The URL the widget's frame ended at (empty when it never loaded). */
  frameUrl: string
  /** The panel's "did not come up" hint, when it showed one. */
  notUp?: string
  /** From inside the frame; undefined when the frame could not be read (refused, another error page). */
  probe?: ProbeRecord
  /** The frame's height: whether it stopped growing for 2 s, and the heights seen. */
  height: { settled: boolean; heights: string[] }
  /** The frame fills the page's area (a full-height page) and scrolls inside. */
  fullHeight: boolean
  fixedOutside: FixedControl[]
  /** The page has right-to-left text but no `dir` and a left-to-right direction. */
  rtl: { rtlText: boolean; dir: string; direction: string }
  /** At phone width (360 px): how wide the page's content is against its frame. */
  phone?: { scrollWidth: number; clientWidth: number }
  /** Why the width at phone size was not read, when it was not. */
  phoneUnmeasured?: string
  /** Every URL the widget's frame asked for, and the frame's own URLs. */
  requests: string[]
  /**
   * The text of the page and the scripts of its own origin that the frame loaded (each cut at
   * 2 MiB): a scope named there but not asked for during the load is asked later, on a click.
   */
  sources: string[]
  /**
   * Console errors and warnings from the widget's page, as the browser showed them; `call` when
   * the page's own console call made it (the probe records those too, from the start, in words).
   */
  console: { level: 'error' | 'warning'; text: string; call?: boolean }[]
  /**
   * Uncaught errors and rejections the browser reported for the page. A rejection made by the
   * SDK's code is seen only here: its script is another origin's, so the page's own
   * `unhandledrejection` event is muted for it.
   */
  pageErrors: { message: string; stack: string }[]
  /**
   * Files the widget's frames asked for that did not load (a status of 400 or more, a network
   * error), with why; not the frame's own page (`page.status`), not a load the page gave up.
   */
  failed: { url: string; why: string }[]
  axe?: AxeViolation[]
  /** The engine that loaded it. */
  engine: string
  /** What that engine could not observe (none: Chromium). */
  blind?: readonly Sense[]
}

/**
 * What an engine may be unable to observe: `calls`, the probe's record from before the page's
 * first script (the SDK's calls and their outcomes, the page's own console and errors);
 * `console`, the browser's console messages; `network`, the frame's requests and responses;
 * `errors`, the browser's reports of uncaught errors.
 */
export type Sense = 'calls' | 'console' | 'network' | 'errors'

/** A check: one job, the findings one observation shows. */
export type Check = (o: Observation) => import('./finding.js').Finding[]
