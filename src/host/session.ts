import type { Messenger } from 'penpal'
import {
  ErrorCode,
  type InitializeInfo,
  type PanelLook,
  PlatformError,
  TIMEOUTS,
} from '../events/index.js'
import { HOST_METHODS } from '../events/method-names.js'
import { type Greeting, LOOK_METHOD, type Outcome, PROTOCOL_VERSION } from '../events/wire.js'
import type { DeadlineTimer } from '../transport/deadlines.js'
import { callTrace, type Tracer } from './call-trace.js'
import { keepConnected } from './connection.js'
import { loadedChunk, pipelineRunner } from './lazy.js'
import type { CallDeps, CallState, HandlerTable } from './pipeline.js'

/** What a widget's session needs of the host: the call pipeline's, and the connection's. */
export interface SessionDeps extends CallDeps {
  /**
   * A fresh messenger for each connection (a new one is needed after the widget destroys its
   * side). A window messenger sends `greeting()` with its `ACK1`: the handshake initializes the
   * widget (see `src/transport/window.ts`).
   */
  messenger: (greeting: () => unknown) => Messenger
  onResize?: (height: number) => void
  /** Each SYN of the widget's page: it connected (see `lifecycle.ts`). */
  onSyn?: () => void
  /**
   * The page initialized as this widget: its `initialize` was accepted, or it made another call
   * after the handshake's greeting (an SDK that initializes from the greeting alone).
   */
  onInitialize?: () => void
  /** The page's `initialize` named another widget (`APP_KEY_MISMATCH`). */
  onMismatch?: (claimed: string) => void
  /** `HostOptions.onTrace`, isolated, with the host's call numbering; absent when not set. */
  trace?: Tracer
  /** The panel's look now, for `initialize`'s answer. */
  look: () => PanelLook
}

/** One widget's bridge: the allow-listed methods, and its life across reloads. */
export interface WidgetSession {
  readonly app_key: string
  /** True once the widget's `initialize` was accepted, until it reloads. */
  readonly initialized: boolean
  /** Tells an initialized widget that the panel's look changed (`PLATFORM_LOOK_CHANGED`). */
  tell(look: PanelLook): void
  destroy(): void
}

/** Every call's deadline, on one timer, made at a session's first call (the chunk has it). */
function lazyDeadlines(): DeadlineTimer {
  let timer: DeadlineTimer | undefined
  return {
    race(work, deadline, message) {
      timer ??= loadedChunk().deadlineTimer((text) => new PlatformError(ErrorCode.TIMEOUT, text))
      return timer.race(work, deadline, message)
    },
    destroy: () => timer?.destroy(),
  }
}

export function openSession(deps: SessionDeps): WidgetSession {
  const { widget, options } = deps
  let controller = new AbortController()

  /** The widget page went away: close its dialogs without charging, and forget its initialize. */
  const reset = () => {
    controller.abort()
    controller = new AbortController()
    state.signal = controller.signal
    state.initialized = false
  }

  /** What `initialize` answers, read when it is asked (the locale may have changed). */
  const info = (): InitializeInfo => ({
    app_key: widget.app_key,
    context: options.context,
    ...deps.look(),
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
    state.initialized = true
    return { [PROTOCOL_VERSION]: info() }
  }

  const own: Pick<HandlerTable, 'initialize' | 'resize' | 'bye'> = {
    // The session's own three, answered through the same pipeline as the table's handlers.
    initialize: async (request) => {
      if (request.protocol !== PROTOCOL_VERSION) {
        throw new PlatformError(
          ErrorCode.UNSUPPORTED,
          `Unsupported SDK protocol ${request.protocol}`,
        )
      }
      if (request.app_key !== widget.app_key) {
        deps.onMismatch?.(request.app_key)
        throw new PlatformError(
          ErrorCode.APP_KEY_MISMATCH,
          `This iframe is bound to "${widget.app_key}", not "${request.app_key}"`,
        )
      }
      state.initialized = true
      deps.onInitialize?.()
      return info()
    },
    resize: async ({ height }) => {
      deps.onResize?.(Math.min(Math.ceil(height), options.maxHeight ?? 10_000))
      return null
    },
    bye: async () => {
      reset()
      return null
    },
  }

  /**
   * What the call pipeline reads of this session; `initialized` and `signal` change with it, and
   * `handlers` is set when the operations' chunk has loaded.
   */
  const state: CallState & { initialized: boolean; signal: AbortSignal; handlers: HandlerTable } = {
    initialized: false,
    signal: controller.signal,
    // Every call's deadline, on one timer.
    deadlines: lazyDeadlines(),
    // Until the chunk has loaded, no call reaches the pipeline (`run`).
    handlers: undefined as unknown as HandlerTable,
  }

  const run = pipelineRunner(deps, state, own)

  // Only these own properties of a null-prototype object are callable: a method path such as
  // ["__proto__"] or ["constructor"] finds nothing. The operation table is the allow-list.
  const methods: Record<string, (raw: unknown) => Promise<Outcome<unknown>>> = Object.create(null)
  const { trace, onInitialize } = deps
  for (const name of HOST_METHODS) {
    const once: (typeof methods)[string] = trace
      ? (raw) => {
          // Traced when the panel observes the bridge: the cost is nil when it does not.
          const traced = callTrace(trace, widget.app_key, name)
          return run(name, raw, traced.hooks).then(traced.end)
        }
      : (raw) => run(name, raw)
    // The SDK calls nothing before its `initialize` resolved: any other call says it did.
    methods[name] =
      name === 'initialize' || !onInitialize
        ? once
        : (raw) => {
            if (state.initialized) onInitialize()
            return once(raw)
          }
  }

  const link = keepConnected({
    messenger: () => deps.messenger(greeting),
    methods,
    reset,
    onSyn: deps.onSyn,
  })

  let destroyed = false
  return {
    app_key: widget.app_key,
    get initialized() {
      return state.initialized
    },
    tell(look) {
      // A page not initialized yet gets the look with its `initialize`.
      if (state.initialized && !destroyed) link.tell(LOOK_METHOD, look, TIMEOUTS.call)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      state.deadlines.destroy()
      reset()
      link.destroy()
    },
  }
}
