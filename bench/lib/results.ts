import type { AbRun } from '../measure/ab.ts'
import type { BusyStretch, ProfileSummary } from './profile.ts'
import type { Part, Sizes } from './size.ts'
import type { Summary } from './stats.ts'

export interface SideSnapshot {
  /** Runtime.getHeapUsage usedSize after two forced GCs, bytes. */
  heapUsed: number
  /** Listeners on `window`, by event type (CDP DOMDebugger.getEventListeners). */
  windowListeners: Record<string, number>
  /** Live listeners on every EventTarget, by `Type:event` (wrapped addEventListener). */
  listeners: Record<string, number>
  /** Pending timers (wrapped setTimeout), by delay. */
  timers: { count: number; byDelay: Record<string, number> }
}

export interface Snapshot {
  step: string
  /** Tokens the in-memory backend logged since the last snapshot (then emptied). */
  tokensLogged: number
  host: SideSnapshot
  widget: SideSnapshot
}

export interface ProfileRun {
  /** Wall time per call while profiling, µs (the profiler slows it down). */
  wallPerCall: number
  host: ProfileSummary
  widget: ProfileSummary
}

export interface HandshakeRun {
  loads: number
  /** Script start → initialize() resolved, ms per page load. */
  initialize: Summary
  /** instrument.js end → widget.js start: platform.js fetch, parse and run, ms. */
  scriptEval: Summary
  /** The part of `scriptEval` after platform.js and widget.js had downloaded: mostly parse and run, ms. */
  scriptRun: Summary
  /**
   * platform.js starts (it posts the SYN as it runs) → the host's ACK1 arrives, with the port
   * and the greeting (what `initialize` answers): the one window round trip.
   */
  answer: Summary
  /** The later of ACK1 and the `initialize()` call → initialize() resolved. */
  afterAnswer: Summary
  /** `initialize` over the loads where the host led the handshake (sent ACK1). */
  hostLed: Summary
  /** `initialize` over the loads where the widget led (one more window round trip). */
  widgetLed: Summary
  /** Loads whose ACK1 carried the host's greeting (then `initialize` sends no call). */
  greeted: number
  /** Cumulative ms of 1..6 cold raw postMessage round trips from the same point. */
  coldCumulative: Summary[]
  /** Warm back-to-back raw round trips in the same browser, ms per round trip (20-trip batches). */
  warm: { pm: Summary; mc: Summary }
}

/** One first load, ms. */
export interface FirstLoadSample {
  /** The widget script's first statement → initialize() resolved (as the handshake rows). */
  scriptToInitialize: number
  /** platform.js starts → initialize() resolved. */
  platformToInitialize: number
  /** platform.js starts → the host's ACK1 with the port arrives. */
  answer: number
  /** platform.js starts → its SYN reaches the panel's window (the widget → panel leg). */
  synToPanel: number
  /** The SYN reaches the panel → the host's ACK1 reaches the widget (the panel → widget leg). */
  panelToAnswer: number
  /** The panel mounts the widget → initialize() resolved. */
  mountToInitialize: number
  /** The panel page's navigation starts → initialize() resolved. */
  navigationToInitialize: number
  /** The panel page's navigation starts → platform.js starts in the widget. */
  navigationToPlatform: number
}

export type FirstLoadRun = { loads: number } & { [K in keyof FirstLoadSample]: Summary }

/** The panel's main-thread tasks during one flood run, from a Chromium trace. */
export interface FloodTasks {
  count: number
  /** The longest task: its wall time and its thread (CPU) time, ms. */
  longestWall: number
  longestCpu: number
  /** The most thread time any one task took, ms. */
  maxCpu: number
}

/** One flood of `e2e/floods.ts`, sent several times, each on a fresh test panel. */
export interface FloodRun {
  flood: string
  messages: number
  /** The panel's longest task in each run (Long Tasks API, the panel's own tasks), ms. */
  longest: number[]
  median: number
  max: number
  /** The 1-minute load average as each run started. */
  loads: number[]
  /**
   * One more run with a Chromium trace and the CPU profiler on the panel: its longest task (Long
   * Tasks API), the panel's tasks in the trace, and the profile's longest busy stretch.
   */
  instrumented?: {
    longest: number
    tasks: FloodTasks
    profile: BusyStretch
    /** Main-thread time per message over the whole profiled flood, µs: the host's own code (src/), the rest. */
    perMessage: { host: number; other: number }
  }
}

export interface FloodsRun {
  runs: number
  /** The target for the panel's longest task during a flood, ms. */
  targetMs: number
  durationS: number
  /** 1-minute load average as the section started and ended. */
  loadStart: number
  loadEnd: number
  floods: FloodRun[]
}

export interface Results {
  date: string
  command: string
  durationS: number
  machine: {
    nproc: number
    cpu: string
    memoryGiB: number
    os: string
    node: string
    commit: string
    dirty: boolean
    /** 1-minute load average when the run started and ended. */
    loadStart: number
    loadEnd: number
  }
  browser: string
  origins: { panel: string; widget: string }
  config: Record<string, unknown>
  targets: {
    gzipBytes: number
    handshakeRoundTrips: number
    callVsMessageChannel: number
    scale50vs1: number
    floodLongestTaskMs: number
  }
  size: {
    platform: Sizes
    parts: Part[]
    penpal: {
      sections: { section: string; minified: number; gzipMarginal: number }[]
      /** gzip bytes saved without the penpal modules the widget side never runs. */
      unusedGzipMarginal: number
      /** gzip of the bundle with penpal's bytes cut out: the SDK's own code. */
      gzipWithoutPackage: number
    }
    reference: Record<string, Sizes>
  }
  handshake: {
    /** initialize() called as the widget script starts. */
    atStart: HandshakeRun
    /** initialize() called after the load event and 100 ms of quiet. */
    afterLoad: HandshakeRun
    /** As `atStart`, with Playwright attached to the browser (for comparison). */
    attached: HandshakeRun
  }
  /** Cold page, cold processes: each load in a fresh Chromium. */
  firstLoad: FirstLoadRun
  /** ms per call, over batches of sequential calls. */
  calls: Record<string, Summary>
  /** Medians of each page load of the call run, ms. */
  callsPerLoad: { sdk: number; mc: number; pm: number }[]
  /** ms per call, each call alone after a quiet gap. */
  isolated: Record<string, Summary>
  profile: { sdk: ProfileRun; mc: ProfileRun }
  scale: {
    widgets: number
    sdk: Summary
    mc: Summary
    /** Medians of each page load, ms. */
    perLoad: { sdk: number; mc: number }[]
  }[]
  endurance: {
    sequential: Summary
    sequentialFirst: Summary
    sequentialLast: Summary
    concurrentMs: number
    clearedTimers: number
    snapshots: Snapshot[]
  }
  peers: Record<string, Summary>
  /** A hostile widget's floods against the test panel. */
  floods: FloodsRun
  /** `--against <ref>`: that build (A) and this tree (B) in the same page loads. */
  ab?: AbRun
  /**
   * Written by hand, when the figures come from more than one run (an A/B part kept from a run
   * that did not finish): what comes from where. Rendered after the machine section.
   */
  note?: string
}
