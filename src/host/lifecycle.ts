// A mounted widget's life as the panel sees it: `ready` resolves once its page initialized, or
// rejects with `WIDGET_UNAVAILABLE` and why. The host cannot see into another origin's frame: a
// page that never connected may be down, a 404, refused framing or have no SDK, and only the
// panel's server can tell those apart (`diagnose`). Whatever the reason, the doctor sees a notice
// in the frame's place saying it, in the panel's language.

import {
  ErrorCode,
  type Locale,
  PlatformError,
  TIMEOUTS,
  type WidgetUnavailableReason,
} from '../events/index.js'
import { invalid } from '../events/wire.js'
import { coreWords } from '../host-kit/dialog/core-words.js'
import type { Tracer, TraceWidget } from '../host-kit/trace.js'
import type { Diagnosis, Unavailability } from '../host-kit/unavailability.js'
import { frameNotice, type NoticeText } from './no-answer.js'
import type { HostOptions } from './types.js'

/** Default `HostOptions.readyTimeout`, ms: from `mount` to the widget's `initialize`. */
export const READY_TIMEOUT = 10_000
/** How long the panel's `diagnose` may take, ms; past it the reason stays `no-handshake`. */
export const DIAGNOSE_TIMEOUT = 5_000

export type { Diagnosis, Unavailability } from '../host-kit/unavailability.js'

export interface LifecycleOptions {
  doc: Document
  iframe: HTMLIFrameElement
  app_key: string
  /** The frame's URL: what `diagnose` is asked about. */
  url: string
  /** From the mount to an accepted `initialize`, ms. */
  readyTimeout: number
  /** How long after its page loaded a page has to connect: the SDK's handshake time. */
  handshakeTimeout: number
  diagnose?: ((url: string) => Promise<Diagnosis | undefined> | Diagnosis | undefined) | undefined
  /** The notice's text for `why`, in the panel's language then. */
  text: (why: Unavailability) => NoticeText
  /** Told of each notice shown, with why. */
  onUnavailable?: (why: Unavailability, notice: HTMLElement) => void
  /** Told once, when the widget first initialized. */
  onReady?: () => void
}

export interface Lifecycle {
  /** Settles once; a rejection nobody awaits is not reported as unhandled. */
  readonly ready: Promise<void>
  /** The widget's SYN: a page connected (again, after a reload). */
  syn(): void
  /** The widget's page initialized as the widget the frame was mounted for. */
  initialized(): void
  /** The page initialized as `claimed`, not as this widget. */
  mismatch(claimed: string): void
  /** The widget was unmounted: timers and notice go, a pending `ready` rejects. */
  stop(): void
}

/** `HostOptions.readyTimeout`, checked: a positive number of ms, at most a minute. */
export function checkReadyTimeout(value: number | undefined): number {
  if (value === undefined) return READY_TIMEOUT
  if (typeof value !== 'number' || !(value > 0 && value <= 60_000)) {
    throw invalid('readyTimeout', 'must be a number of ms above 0 and at most 60000')
  }
  return value
}

const DIAGNOSED = new Set(['http-error', 'refused-framing', 'unreachable'])

/** The panel's answer, if it is one: anything else leaves `no-handshake`. */
function diagnosis(found: unknown): Unavailability | undefined {
  if (!found || typeof found !== 'object') return undefined
  const { reason, status, detail } = found as Record<string, unknown>
  if (typeof reason !== 'string' || !DIAGNOSED.has(reason)) return undefined
  if (reason === 'http-error') {
    if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) {
      return undefined
    }
    return { reason, status: status as number, detail: `HTTP ${status}` }
  }
  return {
    reason: reason as WidgetUnavailableReason,
    detail: typeof detail === 'string' && detail ? detail.slice(0, 300) : reason,
  }
}

/** Asks the panel's `diagnose`, bounded in time; a throw, a hang or nonsense is no answer. */
async function ask(options: LifecycleOptions): Promise<Unavailability | undefined> {
  const { diagnose } = options
  if (!diagnose) return undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return diagnosis(
      await Promise.race([
        Promise.resolve().then(() => diagnose(options.url)),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), DIAGNOSE_TIMEOUT)
        }),
      ]),
    )
  } catch (error) {
    console.warn('[platform host] diagnose threw:', error)
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Watches a mounted frame. `ready` resolves at the first accepted `initialize`; it rejects when
 * no page connected within the handshake time after it loaded or within `readyTimeout` of the
 * mount (`no-handshake`, refined by `diagnose`), when a page connected but did not initialize by
 * then (`no-initialize`), or at once when it initialized as another widget (`app-key-mismatch`).
 * Each page the frame loads later is watched too: one that does not connect gets the notice
 * again; a page that connects removes it.
 */
export function watchLifecycle(options: LifecycleOptions): Lifecycle {
  const { iframe, app_key, readyTimeout, handshakeTimeout } = options
  const notice = frameNotice(options.doc, iframe)
  let state: 'pending' | 'ready' | 'unavailable' = 'pending'
  let everReady = false
  let stopped = false
  let diagnosing = false
  let syns = 0
  let synsAtLoad = 0
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let resolve!: () => void
  let reject!: (error: PlatformError) => void
  const ready = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  // The panel may never await it: that is no unhandled rejection. Awaiting it still rejects.
  ready.catch(() => {})

  const unavailable = (why: Unavailability) => {
    if (stopped) return
    if (state === 'pending') {
      state = 'unavailable'
      clearTimeout(readyTimer)
      reject(
        new PlatformError(
          ErrorCode.WIDGET_UNAVAILABLE,
          `${app_key} is unavailable (${why.reason}): ${why.detail}`,
          undefined,
          { reason: why.reason, detail: why.detail },
        ),
      )
    }
    const shown = notice.show(options.text(why))
    try {
      options.onUnavailable?.(why, shown)
    } catch (error) {
      console.error('[platform host] onUnresponsive threw:', error)
    }
  }

  /** No page connected: asks the panel's server why, unless a page connects meanwhile. */
  const noHandshake = async (detail: string) => {
    if (diagnosing || notice.shown()) return
    diagnosing = true
    const before = syns
    const found = await ask(options)
    diagnosing = false
    if (syns !== before) return
    unavailable(found ?? { reason: 'no-handshake', detail })
  }

  const readyTimer = setTimeout(() => {
    if (state !== 'pending') return
    if (syns === 0) {
      void noHandshake(`no page connected within ${readyTimeout} ms of the mount`)
    } else {
      unavailable({
        reason: 'no-initialize',
        detail: `its page connected but did not initialize within ${readyTimeout} ms of the mount`,
      })
    }
  }, readyTimeout)

  // Each page the frame loads: its SYN comes while it loads, before this event, or within the
  // handshake time after (an SDK imported late).
  const onLoad = () => {
    clearTimeout(loadTimer)
    const answeredWhileLoading = syns > synsAtLoad
    synsAtLoad = syns
    if (answeredWhileLoading) return
    loadTimer = setTimeout(() => {
      if (syns === synsAtLoad) {
        void noHandshake(`its page did not connect within ${handshakeTimeout} ms after it loaded`)
      }
    }, handshakeTimeout)
  }
  iframe.addEventListener('load', onLoad)

  return {
    ready,
    syn() {
      syns++
      clearTimeout(loadTimer)
      notice.hide()
    },
    initialized() {
      if (stopped) return
      notice.hide()
      if (state === 'pending') {
        state = 'ready'
        clearTimeout(readyTimer)
        resolve()
      }
      if (everReady) return
      everReady = true
      options.onReady?.()
    },
    mismatch(claimed) {
      if (state === 'ready') return
      unavailable({
        reason: 'app-key-mismatch',
        detail: `its page initialized as "${claimed.slice(0, 100)}", not "${app_key}"`,
      })
    },
    stop() {
      if (stopped) return
      stopped = true
      clearTimeout(readyTimer)
      clearTimeout(loadTimer)
      iframe.removeEventListener('load', onLoad)
      notice.hide()
      if (state === 'pending') {
        state = 'unavailable'
        reject(
          new PlatformError(
            ErrorCode.CONNECTION_CLOSED,
            `${app_key} was unmounted before it was ready`,
          ),
        )
      }
    },
  }
}

/** What the host hands a mounted widget's lifecycle. */
export interface WidgetLifecycleOptions {
  doc: Document
  iframe: HTMLIFrameElement
  /** `name` in a locale: a registration may name a widget per locale. */
  widget: { app_key: string; name: (locale: Locale) => string }
  /** `HostOptions.readyTimeout`, checked. */
  readyTimeout: number
  options: Pick<HostOptions, 'diagnose' | 'onUnresponsive'>
  locale: () => Locale
  /** The host's trace, when the panel observes the bridge. */
  trace: Tracer | undefined
}

/**
 * The lifecycle of a frame the host mounted: its notice in the panel's language, the panel's
 * `onUnresponsive` and the trace told why.
 */
export function widgetLifecycle(o: WidgetLifecycleOptions): Lifecycle {
  const { app_key } = o.widget
  const { diagnose, onUnresponsive } = o.options
  const told = (entry: Pick<TraceWidget, 'state' | 'reason' | 'detail'>) =>
    o.trace?.observe({
      app_key,
      call_id: o.trace.nextId(),
      time: Date.now(),
      type: 'widget',
      ...entry,
    })
  return watchLifecycle({
    doc: o.doc,
    iframe: o.iframe,
    app_key,
    url: o.iframe.src,
    readyTimeout: o.readyTimeout,
    handshakeTimeout: TIMEOUTS.handshake,
    diagnose,
    text: ({ reason, status }) => {
      const locale = o.locale()
      const t = coreWords(locale)
      const name = o.widget.name(locale)
      return {
        message: reason === 'no-handshake' ? t.noAnswer(name) : t.unavailable[reason](name, status),
        lang: locale,
        dir: locale === 'fa' ? 'rtl' : 'ltr',
      }
    },
    onUnavailable: (why, notice) => {
      told({ state: 'unavailable', reason: why.reason, detail: why.detail })
      onUnresponsive?.({ app_key, url: o.iframe.src, notice, ...why })
    },
    onReady: () => told({ state: 'ready' }),
  })
}
