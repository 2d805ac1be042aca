// What `check` records inside a widget's frame, from before its first script: an init script
// (Playwright runs it in every frame; it acts only off the panel's origin). It wraps
// `window.platform` as the SDK installs it, so each call, its outcome and a rejection the widget
// left unhandled are seen as the widget made them; and it keeps the page's own errors and console
// lines. It only watches: every call goes to the SDK unchanged.

/** One call the widget made to `window.platform`. */
export interface ProbeCall {
  method: string
  /** The arguments as JSON (what could be cloned). */
  args: unknown[]
  /** Whether `initialize` had been called before this call. */
  afterInitialize: boolean
}

export interface ProbeRecord {
  /**
   * The script that installed `window.platform`: where it came from, where it sat, and the
   * scripts of other files that ran before it.
   */
  script?: { src: string; inHead: boolean; before: string[] }
  /** `window.platform` was read before the SDK installed it. */
  readEarly: boolean
  calls: ProbeCall[]
  /** Rejected calls: method, code and message. */
  rejected: { method: string; code?: string; message: string }[]
  /** Rejections nobody handled; `method` when it was one of the SDK's calls. */
  unhandled: { method?: string; code?: string; message: string }[]
  /** Uncaught errors. */
  errors: string[]
  /** console.error and console.warn lines. */
  console: { level: 'error' | 'warning'; text: string }[]
  /** Strings the SDK resolved with (session tokens): a URL must never carry one. */
  tokens: string[]
  /** Calls not yet answered, by method. */
  pending: Record<string, number>
  /**
   * Read after load, not recorded from the start (an engine that runs no script before the
   * page's own): `script` is the `platform*.js` tag the DOM shows, `sdk` whether
   * `window.platform` is there; the rest stays empty, unseen.
   */
  late?: { sdk: boolean }
}

/** A height as read (`300px`, `100%`, '' when not shown); it grows when its number does. */
export type HeightWatch = (
  read: () => string,
  limits: { quiet: number; limit: number },
) => Promise<{ settled: boolean; heights: string[] }>

declare global {
  interface Window {
    __platformCheck?: ProbeRecord
    /** Installed in every frame, the panel's too (run.ts): see {@link watch}. */
    __platformCheckWatch?: HeightWatch
  }
}

/**
 * Reads a height every 100 ms until it has not grown for `quiet` ms (settled), or `limit` ms
 * passed (not settled). The quiet time counts from the first height read: a frame not shown
 * yet is not settled; one never shown has nothing to say (settled).
 */
export function watch(...[read, { quiet, limit }]: Parameters<HeightWatch>) {
  return new Promise<{ settled: boolean; heights: string[] }>((resolve) => {
    const heights: string[] = []
    const start = performance.now()
    let grown: number | undefined
    let max = -1
    const tick = () => {
      const now = performance.now()
      const shown = read()
      const px = Number.parseFloat(shown) || 0
      if (shown && heights.at(-1) !== shown) heights.push(shown)
      if (shown && (grown === undefined || px > max + 1)) {
        max = px
        grown = now
      }
      if (grown !== undefined && now - grown >= quiet) resolve({ settled: true, heights })
      else if (now - start >= limit) resolve({ settled: grown === undefined, heights })
      else setTimeout(tick, 100)
    }
    tick()
  })
}

/** What the probe's parts share in the frame. */
export interface Probe {
  record: ProbeRecord
  /** Hands `check` a copy of the record, where the engine offers a way (see `installProbe`). */
  handOver: () => void
  /** The SDK call each rejection came from: an unhandled one names it. */
  fromCall: WeakMap<object, string>
  /** `initialize` was called. */
  initialized: boolean
  /** An error's code, and its message or the value in words. */
  describe: (error: unknown) => { code?: string; message: string }
}

/** An error's code, and its message or the value in `words`. Self-contained, as below. */
export function describeError(error: unknown, words: (value: unknown) => string) {
  const e = error as { code?: unknown; message?: unknown } | null
  return {
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    message: typeof e?.message === 'string' ? e.message : words(error),
  }
}

/**
 * `window.platform` as the SDK installed it, each call recorded with its outcome. Self-contained,
 * as below: it is sent as its source.
 */
export function wrapPlatform(probe: Probe, sdk: Record<string, unknown>) {
  const { record } = probe
  const clone = (value: unknown) => {
    try {
      return JSON.parse(JSON.stringify(value ?? null)) as unknown
    } catch {
      return String(value)
    }
  }
  const wrapped: Record<string, unknown> = Object.create(sdk)
  for (const method of Object.keys(sdk)) {
    const real = sdk[method]
    if (typeof real !== 'function') continue
    wrapped[method] = (...args: unknown[]) => {
      record.calls.push({ method, args: args.map(clone), afterInitialize: probe.initialized })
      if (method === 'initialize') probe.initialized = true
      probe.handOver()
      const out = (real as (...a: unknown[]) => unknown).apply(sdk, args)
      if (!(out instanceof Promise)) return out
      record.pending[method] = (record.pending[method] ?? 0) + 1
      const done = () => {
        record.pending[method] = (record.pending[method] ?? 1) - 1
        probe.handOver()
      }
      // A new promise for the caller: ours handles the SDK's, so the caller's is the one left
      // unhandled when the widget does not await it.
      return out.then(
        (value) => {
          done()
          if (typeof value === 'string' && value.length >= 16) record.tokens.push(value)
          return value
        },
        (error) => {
          done()
          record.rejected.push({ method, ...probe.describe(error) })
          if (error && typeof error === 'object') probe.fromCall.set(error, method)
          throw error
        },
      )
    }
  }
  return wrapped
}

/** The script tag that installed `window.platform`: where it came from and what ran before it. */
function scriptOf(script: HTMLScriptElement): ProbeRecord['script'] {
  const all = Array.from(document.scripts)
  return {
    src: script.src,
    inHead: script.parentElement === document.head,
    // Scripts that ran before it: classic ones (module, defer and async run later).
    before: all
      .slice(0, all.indexOf(script))
      .filter((s) => s.src && s.type !== 'module' && !s.defer && !s.async)
      .map((s) => s.src),
  }
}

/** The parts of the probe sent beside it, each as its source: it names nothing outside itself. */
export interface ProbeParts {
  words: (value: unknown) => string
  describeError: typeof describeError
  wrapPlatform: typeof wrapPlatform
  scriptOf: typeof scriptOf
}

/** The parts, for the script that sends them (run.ts). */
export const PROBE_PARTS = { describeError, wrapPlatform, scriptOf }

/**
 * The init script. Self-contained: Playwright sends its source to the browser, and `parts`
 * (sent beside it, each as its source) says a console value in words (words.ts), describes an
 * error, wraps the SDK and reads its script tag.
 */
export function installProbe({ panel }: { panel: string }, parts: ProbeParts) {
  if (!location.protocol.startsWith('http') || location.origin === panel) return
  // Firefox shows a refused frame's error page at the page's own URL (about:neterror inside).
  if (!document.documentURI.startsWith('http')) return
  if (window.__platformCheck) return
  const { words } = parts
  const record: ProbeRecord = {
    readEarly: false,
    calls: [],
    rejected: [],
    unhandled: [],
    errors: [],
    console: [],
    tokens: [],
    pending: {},
  }
  window.__platformCheck = record
  // A top-level page that moves on (to the panel's sign-in) takes its record with it: it hands
  // `check` a copy at each call, where the engine offers a way (page-chromium.ts). A page going
  // away cannot (a binding called on `pagehide` is not delivered).
  const keep = (window as { __platformCheckKeep?: (r: ProbeRecord) => void }).__platformCheckKeep
  const probe: Probe = {
    record,
    handOver: keep && window === window.top ? () => keep(record) : () => {},
    fromCall: new WeakMap(),
    initialized: false,
    describe: (error) => parts.describeError(error, words),
  }
  let installed: unknown
  Object.defineProperty(window, 'platform', {
    configurable: true,
    get() {
      if (installed === undefined) record.readEarly = true
      return installed
    },
    set(sdk: unknown) {
      const script = document.currentScript as HTMLScriptElement | null
      if (script && !record.script) record.script = parts.scriptOf(script)
      installed =
        sdk && typeof sdk === 'object'
          ? parts.wrapPlatform(probe, sdk as Record<string, unknown>)
          : sdk
    },
  })
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown
    const method = reason && typeof reason === 'object' ? probe.fromCall.get(reason) : undefined
    record.unhandled.push({ ...(method ? { method } : {}), ...probe.describe(reason) })
  })
  window.addEventListener('error', (event) => {
    record.errors.push(event.error ? probe.describe(event.error).message : event.message)
  })
  for (const level of ['error', 'warn'] as const) {
    const real = console[level]
    console[level] = (...args: unknown[]) => {
      const text = args.map(words).join(' ')
      record.console.push({ level: level === 'warn' ? 'warning' : 'error', text })
      real.apply(console, args)
    }
  }
}
