// The bridge inspector's memory: the host's trace entries (`onTrace`) folded into one record per
// call, per widget, the last LIMIT calls of each kept within BYTES. No DOM here.

import type { TraceDialog, TraceEntry, TraceEvent, TraceMethod } from 'platform-widget-sdk/host'
import { measure, Withheld } from './bounded.js'

export { Withheld }

/** One call as the inspector shows it. */
export interface CallRecord {
  call_id: number
  app_key: string
  method: TraceMethod
  /** A `Withheld` when the host traced none (a refused call) or they were over VALUE_BYTES. */
  args: unknown
  /** When it was made, a `Date.now()` time. */
  time: number
  result?:
    | { ok: true; value: unknown }
    | { ok: false; error: { code: string; message: string }; unanswered?: true }
  /** Milliseconds from the call to its answer. */
  duration?: number
  dialogs: Pick<TraceDialog, 'kind' | 'answer' | 'code'>[]
  events: Pick<TraceEvent, 'event' | 'result'>[]
}

/** Calls kept per widget: a widget flooding the bridge cannot fill the panel's memory. */
export const LIMIT = 500
/**
 * Estimated bytes kept per widget (as the host's payload budget counts them), oldest calls
 * dropped first: 500 calls of any size would not be few.
 */
export const BYTES = 4 * 1024 * 1024
/** Largest value (arguments, result, event) kept as it is; a larger one is a `Withheld`. */
export const VALUE_BYTES = 64 * 1024
/** What a dialog, an error or a `Withheld` is counted as. */
const SMALL = 64
/** Longest error message kept (the host's own, which may quote a bit of what the widget sent). */
const MESSAGE = 1000

/** The value to keep, and what it costs. */
function keep(value: unknown): [unknown, number] {
  const size = measure(value, VALUE_BYTES)
  return Number.isFinite(size) ? [value, size] : [new Withheld('large', VALUE_BYTES), SMALL]
}

/**
 * The SDK's own traffic, not the widget's: its height reports (one per layout change) and its
 * goodbye. Left out so the widget's calls stay readable and within the limit.
 */
const QUIET = new Set<TraceMethod>(['resize', 'bye'])

export interface TraceLog {
  /** The host's `onTrace`. */
  record(entry: TraceEntry): void
  /** One widget's calls, oldest first. */
  calls(app_key: string): CallRecord[]
  /** Told after each change, with the widget it was for. */
  subscribe(listener: (app_key: string) => void): () => void
  clear(app_key: string): void
}

/** Adds a result, dialog or event entry to its call; returns what it costs. */
function fold(call: CallRecord, entry: Exclude<TraceEntry, { type: 'call' | 'widget' }>): number {
  if (entry.type === 'dialog') {
    call.dialogs.push({
      kind: entry.kind,
      answer: entry.answer,
      ...(entry.code && { code: entry.code }),
    })
    return SMALL
  }
  if (entry.type === 'event') {
    const [result, n] = keep(entry.result)
    call.events.push({ event: entry.event, result: result as TraceEvent['result'] })
    return n
  }
  call.duration = entry.duration
  if (entry.ok) {
    const [value, n] = keep(entry.value)
    call.result = { ok: true, value }
    return n
  }
  const { code, message } = entry.error
  call.result = {
    ok: false,
    error: { code, message: String(message).slice(0, MESSAGE) },
    ...(entry.unanswered && { unanswered: entry.unanswered }),
  }
  return SMALL + Math.min(String(message).length, MESSAGE)
}

export function createTraceLog(limit = LIMIT, bytes = BYTES): TraceLog {
  /** Per widget: its calls in insertion order (the first key is the oldest), their costs. */
  const widgets = new Map<string, { calls: Map<number, CallRecord>; cost: Map<number, number> }>()
  const totals = new Map<string, number>()
  const listeners = new Set<(app_key: string) => void>()
  const changed = (app_key: string) => {
    for (const listener of listeners) listener(app_key)
  }
  /** Charges `n` to a call, then drops the oldest calls while over a limit (never the last). */
  const charge = (app_key: string, call_id: number, n: number) => {
    const w = widgets.get(app_key)
    if (!w) return
    w.cost.set(call_id, (w.cost.get(call_id) ?? 0) + n)
    let total = (totals.get(app_key) ?? 0) + n
    while (w.calls.size > 1 && (w.calls.size > limit || total > bytes)) {
      const oldest = w.calls.keys().next().value as number
      total -= w.cost.get(oldest) ?? 0
      w.calls.delete(oldest)
      w.cost.delete(oldest)
    }
    totals.set(app_key, total)
  }

  return {
    record(entry) {
      let w = widgets.get(entry.app_key)
      if (!w) {
        w = { calls: new Map(), cost: new Map() }
        widgets.set(entry.app_key, w)
      }
      if (entry.type === 'call') {
        if (QUIET.has(entry.method)) return
        const [args, size] = 'args' in entry ? keep(entry.args) : [new Withheld('untraced'), SMALL]
        w.calls.set(entry.call_id, {
          call_id: entry.call_id,
          app_key: entry.app_key,
          method: entry.method,
          args,
          time: entry.time,
          dialogs: [],
          events: [],
        })
        charge(entry.app_key, entry.call_id, size)
        changed(entry.app_key)
        return
      }
      // A widget's coming up or not belongs to no call.
      if (entry.type === 'widget') return
      // A call dropped for the limit, or a quiet one: its later entries have nowhere to go.
      const call = w.calls.get(entry.call_id)
      if (!call) return
      const size = fold(call, entry)
      charge(entry.app_key, entry.call_id, size)
      changed(entry.app_key)
    },
    calls: (app_key) => [...(widgets.get(app_key)?.calls.values() ?? [])],
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear(app_key) {
      widgets.delete(app_key)
      totals.delete(app_key)
      changed(app_key)
    },
  }
}
