import { type Connection, connect, type Message, type Messenger } from 'penpal'
import {
  ErrorCode,
  type InitializeInfo,
  type Locale,
  PlatformError,
  type PlatformResult,
} from '../events/index.js'
import { type HostMethodName, OPERATIONS } from '../events/operations.js'
import {
  type Greeting,
  HOST_TIMEOUTS,
  type Outcome,
  PROTOCOL_VERSION,
  validateEmpty,
  validateInitialize,
  validateResize,
} from '../events/wire.js'
import { deadlineTimer } from '../transport/deadlines.js'
import type { DialogLayer } from './dialog/dialog.js'
import type { DialogSlot } from './dialog/slot.js'
import { rateLimited, type WidgetGuard } from './guard.js'
import { serializeHostError } from './messages.js'
import { watchedMessenger } from './messenger.js'
import { HANDLERS } from './operations/handlers.js'
import type { TestOutcomes } from './test-outcomes.js'
import { frozenCopy, type TraceEntry } from './trace.js'
import type { CallContext, Handler, HostOptions, WidgetRegistration } from './types.js'

export interface SessionDeps {
  widget: WidgetRegistration & { origin: string }
  guard: WidgetGuard
  options: HostOptions
  panelOrigin: string
  locale: () => Locale
  layer: () => DialogLayer
  slot: DialogSlot
  /**
   * A fresh messenger for each connection (a new one is needed after the widget destroys its
   * side). A window messenger sends `greeting()` with its `ACK1`: the handshake initializes the
   * widget (see `src/transport/window.ts`).
   */
  messenger: (greeting: () => unknown) => Messenger
  emit: (result: PlatformResult) => void
  warn: (message: string) => void
  onResize?: (height: number) => void
  /** Each SYN of the widget's page: it answered (see `no-answer.ts`). */
  onSyn?: () => void
  /** The widget's iframe, when the host mounted it (not over the test kit's channel). */
  frame?: HTMLIFrameElement
  /** See `CallContext.framedBy`. */
  framedBy: () => string | undefined
  /** `HostOptions.onTrace`, isolated, with the host's call numbering; absent when not set. */
  trace?: { observe: (entry: TraceEntry) => void; nextId: () => number }
  /** See `CallContext.testOutcomes`: a dev host's only. */
  testOutcomes?: TestOutcomes
}

/** One widget's bridge: the allow-listed methods, and its life across reloads. */
export interface WidgetSession {
  readonly app_key: string
  /** True once the widget's `initialize` was accepted, until it reloads. */
  readonly initialized: boolean
  destroy(): void
}

/** What one traced call reports besides its end. */
interface CallTrace {
  /** The call, with its arguments once they passed the host's checks (else none). */
  call: (args?: unknown) => void
  dialog: NonNullable<CallContext['trace']>
  event: (value: PlatformResult) => void
  unanswered: (error: { code: ErrorCode; message: string }) => void
}

/** Each method's timeout message, made once for every session rather than once per call. */
const LATE = {} as Record<HostMethodName, () => string>
for (const name of Object.keys(OPERATIONS) as HostMethodName[]) {
  LATE[name] = () => `The panel did not answer ${name}() in time`
}

/** The arguments as the host's checks read them, or undefined when they fail them. */
function checked(name: HostMethodName, raw: unknown): { args: unknown } | undefined {
  try {
    // The table's check, the same its handler applies first (bounded walks: the 16 KiB payload
    // budget, key and path lengths). What the panel sees of a call's arguments is what it
    // returns, never what the widget sent.
    return { args: OPERATIONS[name].validate(raw) }
  } catch {
    return undefined
  }
}

/** Least time, in ms, between two restarts of the bridge after the widget's DESTROY. */
const RESTART_GAP = 100

export function openSession(deps: SessionDeps): WidgetSession {
  const { widget, options } = deps
  let controller = new AbortController()
  let initialized = false
  let participant: string | undefined
  let connection: Connection | undefined
  let destroyed = false
  /** Every call's deadline, on one timer. */
  const deadlines = deadlineTimer((message) => new PlatformError(ErrorCode.TIMEOUT, message))

  /** The widget page went away: close its dialogs without charging, and forget its initialize. */
  const reset = () => {
    controller.abort()
    controller = new AbortController()
    initialized = false
  }

  /** What `initialize` answers, read when it is asked (the locale may have changed). */
  const info = (): InitializeInfo => ({
    app_key: widget.app_key,
    context: options.context,
    locale: deps.locale(),
    panelOrigin: deps.panelOrigin,
    dev: options.dev ?? false,
    embedded: true,
  })
  /**
   * The handshake's greeting, sent with `ACK1`: the widget is initialized by its handshake and
   * gets `info()` with it, so its `initialize()` costs no round trip of its own. The SDK checks
   * its `app_key` against `info.app_key` itself (the host answers as the widget it mounted
   * whatever key a page claims); the `initialize` method stays for SDKs that do not read it.
   */
  const greeting = (): Greeting => {
    initialized = true
    return { [PROTOCOL_VERSION]: info() }
  }

  const handlers: Record<HostMethodName, Handler> = {
    initialize: async (raw): Promise<InitializeInfo> => {
      const request = validateInitialize(raw)
      if (request.protocol !== PROTOCOL_VERSION) {
        throw new PlatformError(
          ErrorCode.UNSUPPORTED,
          `Unsupported SDK protocol ${request.protocol}`,
        )
      }
      if (request.app_key !== widget.app_key) {
        throw new PlatformError(
          ErrorCode.APP_KEY_MISMATCH,
          `This iframe is bound to "${widget.app_key}", not "${request.app_key}"`,
        )
      }
      initialized = true
      return info()
    },
    ...HANDLERS,
    resize: async (raw) => {
      const { height } = validateResize(raw)
      deps.onResize?.(Math.min(Math.ceil(height), options.maxHeight ?? 10_000))
      return null
    },
    bye: async (raw) => {
      validateEmpty(raw, 'bye')
      reset()
      return null
    },
  }

  /** One call, traced when the panel observes the bridge: the cost is nil when it does not. */
  const run = (name: HostMethodName, raw: unknown): Promise<Outcome<unknown>> => {
    const { trace } = deps
    if (!trace) return answer(name, raw)
    const call_id = trace.nextId()
    const base = { app_key: widget.app_key, call_id }
    const start = performance.now()
    const result = (entry: Record<string, unknown>) =>
      trace.observe({
        ...base,
        time: Date.now(),
        type: 'result',
        method: name,
        duration: performance.now() - start,
        ...entry,
      } as TraceEntry)
    const hooks: CallTrace = {
      call: (...args) =>
        trace.observe({
          ...base,
          time: Date.now(),
          type: 'call',
          method: name,
          ...(args.length > 0 && { args: frozenCopy(args[0]) }),
        }),
      dialog: (entry) => trace.observe({ ...base, time: Date.now(), type: 'dialog', ...entry }),
      event: (value) =>
        trace.observe({
          ...base,
          time: Date.now(),
          type: 'event',
          event: value.event,
          result: frozenCopy(value) as PlatformResult,
        }),
      unanswered: (error) => result({ ok: false, error, unanswered: true }),
    }
    return answer(name, raw, hooks).then((outcome) => {
      result(
        outcome.ok
          ? { ok: true, value: frozenCopy(outcome.value) }
          : { ok: false, error: { code: outcome.error.code, message: outcome.error.message } },
      )
      return outcome
    })
  }

  const answer = async (
    name: HostMethodName,
    raw: unknown,
    hooks?: CallTrace,
  ): Promise<Outcome<unknown>> => {
    const signal = controller.signal
    // The host's answer is due a margin before the SDK stops waiting for it (see HOST_TIMEOUTS).
    const deadline = Date.now() + HOST_TIMEOUTS[OPERATIONS[name].deadline]
    // Before any work: a flood is refused at the cost of this check, and beyond the refusals
    // answered each second it gets no answer at all (the SDK's own timeout ends those calls).
    const end = name === 'bye' ? undefined : deps.guard.admit(name === 'resize' ? 'resize' : 'call')
    if (typeof end === 'string') {
      hooks?.call()
      const refusal = serializeHostError(rateLimited(end), deps.locale())
      if (!deps.guard.answerRefusal()) {
        hooks?.unanswered({ code: refusal.code, message: refusal.message })
        return new Promise<never>(() => {})
      }
      return { ok: false, error: refusal }
    }
    let value: unknown
    try {
      if (!initialized && name !== 'initialize' && name !== 'bye') {
        hooks?.call()
        throw new PlatformError(ErrorCode.NOT_INITIALIZED, `Call initialize() before ${name}()`)
      }
      if (hooks) {
        // The handler below checks them again and decides the answer (it may refuse something
        // else first, such as the context); the trace gets them only if they pass.
        const ok = checked(name, raw)
        if (ok) hooks.call(ok.args)
        else hooks.call()
      }
      // One literal of one shape for every call (no spread): what varies per call is read here.
      const work = handlers[name](raw, {
        widget,
        origin: widget.origin,
        guard: deps.guard,
        options,
        locale: deps.locale(),
        panelOrigin: deps.panelOrigin,
        layer: deps.layer(),
        slot: deps.slot,
        signal,
        deadline,
        deadlines,
        warn: deps.warn,
        framedBy: deps.framedBy,
        frame: deps.frame,
        trace: hooks?.dialog,
        testOutcomes: deps.testOutcomes,
      })
      value = await deadlines.race(work, deadline, LATE[name])
    } catch (error) {
      return { ok: false, error: serializeHostError(error, deps.locale()) }
    } finally {
      end?.()
    }
    // Outside the try: the result stands whatever the panel's listeners do (each is isolated).
    if (value && typeof value === 'object' && 'event' in value) {
      hooks?.event(value as PlatformResult)
      deps.emit(value as PlatformResult)
    }
    return { ok: true, value }
  }

  // Only these own properties of a null-prototype object are callable: a method path such as
  // ["__proto__"] or ["constructor"] finds nothing.
  const methods: Record<string, (raw: unknown) => Promise<Outcome<unknown>>> = Object.create(null)
  // The operation table is the allow-list.
  for (const name of Object.keys(OPERATIONS) as HostMethodName[]) {
    methods[name] = (raw: unknown) => run(name, raw)
  }

  const watch = (message: Message) => {
    if (message.type === 'SYN') {
      deps.onSyn?.()
      // A SYN from a new participant means the widget page reloaded or navigated.
      if (participant !== undefined && message.participantId !== participant) reset()
      participant = message.participantId
    } else if (message.type === 'DESTROY') {
      // The widget closed its side; penpal drops this connection, so listen anew: at once the
      // first time, then at most once per RESTART_GAP, so a flood of DESTROY costs nothing.
      if (restartPending) return
      restartPending = true
      const restart = () => {
        restartPending = false
        if (destroyed) return
        lastRestart = Date.now()
        reset()
        participant = undefined
        start()
      }
      const wait = lastRestart + RESTART_GAP - Date.now()
      if (wait <= 0) queueMicrotask(restart)
      else restartTimer = setTimeout(restart, wait)
    }
  }
  let restartPending = false
  let lastRestart = Number.NEGATIVE_INFINITY
  let restartTimer: ReturnType<typeof setTimeout> | undefined

  const start = () => {
    connection = connect({ messenger: watchedMessenger(deps.messenger(greeting), watch), methods })
    connection.promise.catch(() => {})
  }
  start()

  return {
    app_key: widget.app_key,
    get initialized() {
      return initialized
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(restartTimer)
      deadlines.destroy()
      reset()
      connection?.destroy()
    },
  }
}
