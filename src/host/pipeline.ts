import { ErrorCode, type Locale, PlatformError, type PlatformResult } from '../events/index.js'
import { HOST_TIMEOUTS, type Outcome } from '../events/wire.js'
import type { DialogLayer } from '../host-kit/dialog/dialog.js'
import type { DialogSlot } from '../host-kit/dialog/slot.js'
import { rateLimited, type WidgetGuard } from '../host-kit/guard.js'
import { serializeHostError } from '../host-kit/messages.js'
import type { TestOutcomes } from '../host-kit/test-outcomes.js'
import { type HostMethodName, OPERATIONS, type Operation } from '../operations/index.js'
import type { DeadlineTimer } from '../transport/deadlines.js'
import type { CallTrace } from './call-trace.js'
import { OUTSIDE } from './handlers.js'
import { sharedLookups } from './shared-lookups.js'
import type { CallContext, Handler, HostOptions, ResultMeta, WidgetRegistration } from './types.js'

/**
 * A widget's call, step by step, as Hono composes middleware: admit, require `initialize`,
 * check the context against the row, validate once, trace, then the handler within its
 * deadline, and the answer. A step stops the call by throwing its error (answered as the
 * widget's error, as Hono's `onError` answers an `HTTPException`); the admission alone may
 * stop it without an answer. The connection's life (SYN, DESTROY, restarts) is `connection.ts`'s.
 */

/** Every method's handler, typed by its row. */
export type HandlerTable = { [K in HostMethodName]: Handler<K> }

/** What the steps read of the host, for one widget. */
export interface CallDeps {
  widget: WidgetRegistration & { origin: string }
  guard: WidgetGuard
  options: HostOptions
  panelOrigin: string
  locale: () => Locale
  layer: () => DialogLayer
  slot: DialogSlot
  emit: (result: PlatformResult, meta: ResultMeta) => void
  warn: (message: string) => void
  /** The widget's iframe, when the host mounted it (not over the test kit's channel). */
  frame?: HTMLIFrameElement
  /** See `CallContext.framedBy`. */
  framedBy: () => string | undefined
  /** See `CallContext.testOutcomes`: a dev host's only. */
  testOutcomes?: TestOutcomes
}

/** What the steps read of the widget's session, as it is when the call arrives. */
export interface CallState {
  readonly initialized: boolean
  /** Aborted when the widget's page goes away. */
  readonly signal: AbortSignal
  readonly deadlines: DeadlineTimer
  readonly handlers: HandlerTable
}

/** One call on its way through the steps. */
interface Call {
  readonly name: HostMethodName
  readonly row: Operation
  readonly deps: CallDeps
  readonly state: CallState
  readonly hooks: CallTrace | undefined
  /** When the host answers at the latest: a margin before the SDK stops waiting (`HOST_TIMEOUTS`). */
  readonly deadline: number
  /** The widget's argument, then what the row's check returned. */
  request: unknown
  /** The widget page's signal as the call came: aborted, its answer reaches no one. */
  readonly page: AbortSignal
  /** The admission's slot, released when the call ends. */
  end: (() => void) | undefined
  /** Outside the row's contexts, where it has no effect (`outside: 'no-effect'`). */
  outside: boolean
  /** The trace has its `call` entry. */
  traced: boolean
}

type Loose = (request: unknown, call: CallContext) => Promise<unknown>
const OUTSIDE_OF = OUTSIDE as Partial<
  Record<
    HostMethodName,
    {
      refusal?: (context: string) => string
      check?: (request: unknown, call: CallContext) => unknown
    }
  >
>

/** Each method's timeout message, made once for every session rather than once per call. */
const LATE = {} as Record<HostMethodName, () => string>
for (const name of Object.keys(OPERATIONS) as HostMethodName[]) {
  LATE[name] = () => `The panel did not answer ${name}() in time`
}

/**
 * Admit: before any work, so a flood is refused at the cost of this check; beyond the refusals
 * answered each second it gets no answer at all (the SDK's own timeout ends those calls).
 * `bye` is never refused: it only forgets.
 */
function admit(call: Call): Outcome<unknown> | Promise<never> | undefined {
  if (call.name === 'bye') return undefined
  const { guard, locale } = call.deps
  const end = guard.admit(call.name === 'resize' ? 'resize' : 'call')
  if (typeof end !== 'string') {
    call.end = end
    return undefined
  }
  call.hooks?.call()
  const refusal = serializeHostError(rateLimited(end), locale())
  if (guard.answerRefusal()) return { ok: false, error: refusal }
  call.hooks?.unanswered({ code: refusal.code, message: refusal.message })
  return new Promise<never>(() => {})
}

/** Require `initialize` (or the handshake's greeting) before anything but itself and `bye`. */
function requireInitialize(call: Call): void {
  if (call.state.initialized || call.name === 'initialize' || call.name === 'bye') return
  throw new PlatformError(ErrorCode.NOT_INITIALIZED, `Call initialize() before ${call.name}()`)
}

/** Check the context against the row: outside it, refuse or go on to answer with no effect. */
function checkContext(call: Call): void {
  const { context } = call.deps.options
  if (call.row.contexts.includes(context)) return
  if (call.row.outside === 'no-effect') {
    call.outside = true
    return
  }
  const refusal = OUTSIDE_OF[call.name]?.refusal
  throw new PlatformError(
    ErrorCode.WRONG_CONTEXT,
    refusal ? refusal(context) : `${call.name}() does not work in the ${context} context`,
  )
}

/**
 * Validate once, with the row's check (bounded walks: the 16 KiB payload budget, key and path
 * lengths); the handler and the trace get what it returns, never what the widget sent.
 */
function validate(call: Call): void {
  call.request = call.row.validate(call.request)
}

/** Trace the call with its checked arguments (a call stopped before has none). */
function trace(call: Call): void {
  call.traced = true
  call.hooks?.call(call.request)
}

/** The steps between admission and the handler, in order. */
const STEPS: readonly ((call: Call) => void)[] = [requireInitialize, checkContext, validate, trace]

/** Each host's options with its backend's look-ups shared (see `sharedLookups`). */
const SHARED = new WeakMap<HostOptions, HostOptions>()
function sharedFor(options: HostOptions): HostOptions {
  let shared = SHARED.get(options)
  // A pipeline under test may run without a backend.
  if (!shared && options.backend) {
    // Loaded with the handlers, the only callers: a panel's first load ships none of it.
    shared = { ...options, backend: sharedLookups(options.backend) }
    SHARED.set(options, shared)
  }
  return shared ?? options
}

/** The handler (or the no-effect answer), raced against the call's deadline. */
function handle(call: Call): Promise<unknown> {
  const { deps, state, name } = call
  // One literal of one shape for every call (no spread): what varies per call is read here.
  const context: CallContext = {
    widget: deps.widget,
    origin: deps.widget.origin,
    guard: deps.guard,
    options: sharedFor(deps.options),
    locale: deps.locale(),
    panelOrigin: deps.panelOrigin,
    // Read by the handlers that open a dialog, once the dialogs' chunk has loaded.
    get layer() {
      return deps.layer()
    },
    slot: deps.slot,
    signal: call.page,
    deadline: call.deadline,
    deadlines: state.deadlines,
    warn: deps.warn,
    framedBy: deps.framedBy,
    frame: deps.frame,
    trace: call.hooks?.dialog,
    testOutcomes: deps.testOutcomes,
  }
  const work = call.outside
    ? noEffect(call, context)
    : (state.handlers[name] as Loose)(call.request, context)
  return state.deadlines.race(work, call.deadline, LATE[name])
}

/** Outside a `no-effect` row's contexts: the checks that stand there, then no effect. */
async function noEffect(call: Call, context: CallContext): Promise<{ applied: false }> {
  OUTSIDE_OF[call.name]?.check?.(call.request, context)
  const path = call.row.sdk[0] ?? call.name
  context.warn(`${path} has no effect in the ${context.options.context} context`)
  return { applied: false }
}

/**
 * Answer: outside the handler's try, so the result stands whatever the panel's listeners do
 * (each is isolated); a result with an `event` reaches `host.on`, marked `late` when the widget's
 * page went away before it (a charge the backend completed after an unmount): the widget never
 * hears it, the panel does.
 */
function answer(call: Call, value: unknown): Outcome<unknown> {
  if (value && typeof value === 'object' && 'event' in value) {
    const late = call.page.aborted
    call.hooks?.event(value as PlatformResult, late)
    call.deps.emit(value as PlatformResult, { app_key: call.deps.widget.app_key, late })
  }
  return { ok: true, value }
}

/** One call through every step; `hooks` when the panel observes the bridge. */
export async function runCall(
  deps: CallDeps,
  state: CallState,
  name: HostMethodName,
  raw: unknown,
  hooks?: CallTrace,
): Promise<Outcome<unknown>> {
  const row: Operation = OPERATIONS[name]
  const call: Call = {
    name,
    row,
    deps,
    state,
    hooks,
    page: state.signal,
    deadline: Date.now() + HOST_TIMEOUTS[row.deadline],
    request: raw,
    end: undefined,
    outside: false,
    traced: false,
  }
  const refused = admit(call)
  if (refused) return refused
  let value: unknown
  try {
    for (let i = 0; i < STEPS.length; i++) STEPS[i]!(call)
    value = await handle(call)
  } catch (error) {
    if (!call.traced) call.hooks?.call()
    return { ok: false, error: serializeHostError(error, deps.locale()) }
  } finally {
    call.end?.()
  }
  return answer(call, value)
}
