import type { ErrorCode, PlatformResult } from '../events/index.js'
import type { Outcome } from '../events/wire.js'
import { frozenCopy, type TraceEntry, type Tracer } from '../host-kit/trace.js'
import type { HostMethodName } from '../operations/index.js'
import type { CallContext } from './types.js'

/** What one traced call reports besides its end (see `HostOptions.onTrace`). */
export interface CallTrace {
  /** The call, with its arguments once they passed the host's checks (else none). */
  call: (args?: unknown) => void
  dialog: NonNullable<CallContext['trace']>
  event: (value: PlatformResult, late: boolean) => void
  unanswered: (error: { code: ErrorCode; message: string }) => void
}

export type { Tracer } from '../host-kit/trace.js'

/**
 * One call's trace: its hooks for the call pipeline, and `end`, which reports how the call ended
 * and passes its outcome on. Made only when the panel observes the bridge: otherwise a call
 * costs nothing of this.
 */
export function callTrace(
  trace: Tracer,
  app_key: string,
  method: HostMethodName,
): { hooks: CallTrace; end: (outcome: Outcome<unknown>) => Outcome<unknown> } {
  const base = { app_key, call_id: trace.nextId() }
  const start = performance.now()
  const result = (entry: Record<string, unknown>) =>
    trace.observe({
      ...base,
      time: Date.now(),
      type: 'result',
      method,
      duration: performance.now() - start,
      ...entry,
    } as TraceEntry)
  const hooks: CallTrace = {
    call: (...args) =>
      trace.observe({
        ...base,
        time: Date.now(),
        type: 'call',
        method,
        ...(args.length > 0 && { args: frozenCopy(args[0]) }),
      }),
    dialog: (entry) => trace.observe({ ...base, time: Date.now(), type: 'dialog', ...entry }),
    event: (value, late) =>
      trace.observe({
        ...base,
        time: Date.now(),
        type: 'event',
        event: value.event,
        result: frozenCopy(value) as PlatformResult,
        ...(late && { late }),
      }),
    unanswered: (error) => result({ ok: false, error, unanswered: true }),
  }
  const end = (outcome: Outcome<unknown>) => {
    result(
      outcome.ok
        ? { ok: true, value: frozenCopy(outcome.value) }
        : { ok: false, error: { code: outcome.error.code, message: outcome.error.message } },
    )
    return outcome
  }
  return { hooks, end }
}
