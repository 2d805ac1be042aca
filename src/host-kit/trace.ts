import type {
  ErrorCode,
  PlatformEventName,
  PlatformResult,
  WidgetUnavailableReason,
} from '../events/index.js'
import type { TraceMethod } from '../events/method-names.js'
import type { DialogKind, DialogOutcome } from './dialog/dialog-types.js'

export type { TraceMethod }

/** What every trace entry carries. */
export interface TraceBase {
  /** The widget, as the panel registered it (never what the widget claims). */
  app_key: string
  /** The host's number for the call this entry belongs to, unique within one host. */
  call_id: number
  /** When it happened, a `Date.now()` time. */
  time: number
}

/**
 * A widget called a bridge method. `args`: a deep-frozen copy of its arguments as the host's
 * checks read them (within their budgets: a `payload` at most 16 KiB expanded), present only
 * when the host admitted the call and its arguments passed those checks. A call refused before
 * that (rate limit, not initialized, the wrong context, invalid or over budget) has no `args`:
 * the `result` that follows gives the error code. What a widget sent is never handed over as it
 * came.
 */
export interface TraceCall extends TraceBase {
  type: 'call'
  method: TraceMethod
  args?: unknown
}

/** How a call ended. `value` (deep-frozen copy) or `error`; `duration` in ms since its `call`. */
export type TraceResult = TraceBase & {
  type: 'result'
  method: TraceMethod
  duration: number
} & (
    | { ok: true; value: unknown }
    | {
        ok: false
        error: { code: ErrorCode; message: string }
        /** True when the host sent no answer at all (a flood past its refusals per second). */
        unanswered?: true
      }
  )

/**
 * How a dialog a call asked for ended: the user's `confirm`, `cancel` (the Cancel button) or
 * `close` (the × button or Escape); `refused` when the host did not show it (`code`: another
 * dialog open, a cool-down, the panel framed, no time left); `aborted` (the widget went away),
 * `timeout` (left unanswered), `error` (the backend failed after a confirm).
 */
export interface TraceDialog extends TraceBase {
  type: 'dialog'
  kind: DialogKind
  answer: 'confirm' | 'cancel' | 'close' | 'refused' | 'aborted' | 'timeout' | 'error'
  /** The error code of a refused dialog. */
  code?: ErrorCode
}

/** A `PLATFORM_*` result the host emitted (what `host.on` listeners get), a deep-frozen copy. */
export interface TraceEvent extends TraceBase {
  type: 'event'
  event: PlatformEventName
  result: PlatformResult
  /** Present when the widget's page was gone before the result came (see `ResultMeta.late`). */
  late?: true
}

/**
 * A mounted widget came up (`ready`: its first `initialize`) or did not (`unavailable`, with why:
 * see `MountedWidget.ready`). Its `call_id` is a number of its own: no call's entries follow.
 */
export interface TraceWidget extends TraceBase {
  type: 'widget'
  state: 'ready' | 'unavailable'
  reason?: WidgetUnavailableReason
  detail?: string
}

/** One thing seen on the bridge, in the order it happened (see `HostOptions.onTrace`). */
export type TraceEntry = TraceCall | TraceResult | TraceDialog | TraceEvent | TraceWidget

/** A trace entry as a feature reports it: the session adds the widget, call and time. */
export type DialogTrace = Pick<TraceDialog, 'kind' | 'answer' | 'code'>

/**
 * A deep-frozen copy of widget data, so an observer can neither change what the host acts on nor
 * be surprised by a later change. The data came over `postMessage`, so it clones; anything that
 * does not (a test's own object) is described instead of thrown.
 */
export function frozenCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  let copy: unknown
  try {
    copy = structuredClone(value)
  } catch {
    return '[not cloneable]'
  }
  return deepFreeze(copy)
}

function deepFreeze(value: unknown, seen = new Set<object>()): unknown {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value
  seen.add(value)
  // Typed arrays with elements cannot be frozen; their copy is the observer's own anyway.
  if (ArrayBuffer.isView(value)) return value
  if (value instanceof Map) {
    for (const [k, v] of value) {
      deepFreeze(k, seen)
      deepFreeze(v, seen)
    }
  } else if (value instanceof Set) {
    for (const v of value) deepFreeze(v, seen)
  } else {
    for (const v of Object.values(value)) deepFreeze(v, seen)
  }
  return Object.freeze(value)
}

/**
 * The panel's observer, each call isolated: an observer that throws is reported on the console
 * and changes nothing of the call it watched.
 */
export function safeObserver(
  observer: ((entry: TraceEntry) => void) | undefined,
): ((entry: TraceEntry) => void) | undefined {
  if (!observer) return undefined
  return (entry) => {
    try {
      observer(Object.freeze(entry))
    } catch (error) {
      console.error('[platform host] onTrace threw:', error)
    }
  }
}

/** A dialog's outcome as a trace answer. */
export function dialogAnswer(outcome: DialogOutcome<unknown>): TraceDialog['answer'] {
  if (outcome.kind === 'close') return outcome.via === 'cancel' ? 'cancel' : 'close'
  return outcome.kind
}

/** The panel's observer, with the host's call numbering (`SessionDeps.trace`). */
export interface Tracer {
  observe: (entry: TraceEntry) => void
  nextId: () => number
}
