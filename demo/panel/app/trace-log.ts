// The bridge inspector's memory: the host's trace entries (`onTrace`) folded into one record per
// call, per widget, the last LIMIT calls of each kept. No DOM here.

import type { TraceDialog, TraceEntry, TraceEvent, TraceMethod } from '../../../src/host/index.js'

/** One call as the inspector shows it. */
export interface CallRecord {
  call_id: number
  app_key: string
  method: TraceMethod
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

export function createTraceLog(limit = LIMIT): TraceLog {
  const widgets = new Map<string, Map<number, CallRecord>>()
  const listeners = new Set<(app_key: string) => void>()
  const changed = (app_key: string) => {
    for (const listener of listeners) listener(app_key)
  }

  return {
    record(entry) {
      let calls = widgets.get(entry.app_key)
      if (!calls) {
        calls = new Map()
        widgets.set(entry.app_key, calls)
      }
      if (entry.type === 'call') {
        if (QUIET.has(entry.method)) return
        calls.set(entry.call_id, {
          call_id: entry.call_id,
          app_key: entry.app_key,
          method: entry.method,
          args: entry.args,
          time: entry.time,
          dialogs: [],
          events: [],
        })
        // A Map keeps insertion order: the first key is the oldest call.
        while (calls.size > limit) calls.delete(calls.keys().next().value as number)
        changed(entry.app_key)
        return
      }
      // A call dropped for the limit, or a quiet one: its later entries have nowhere to go.
      const call = calls.get(entry.call_id)
      if (!call) return
      if (entry.type === 'result') {
        call.duration = entry.duration
        call.result = entry.ok
          ? { ok: true, value: entry.value }
          : {
              ok: false,
              error: entry.error,
              ...(entry.unanswered && { unanswered: entry.unanswered }),
            }
      } else if (entry.type === 'dialog') {
        call.dialogs.push({
          kind: entry.kind,
          answer: entry.answer,
          ...(entry.code && { code: entry.code }),
        })
      } else {
        call.events.push({ event: entry.event, result: entry.result })
      }
      changed(entry.app_key)
    },
    calls: (app_key) => [...(widgets.get(app_key)?.values() ?? [])],
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear(app_key) {
      widgets.delete(app_key)
      changed(app_key)
    },
  }
}
