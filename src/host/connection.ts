import { CallOptions, type Connection, connect, type Message, type Messenger } from 'penpal'
import type { Outcome } from '../events/wire.js'
import { watchedMessenger } from './messenger.js'

/** Least time, in ms, between two restarts of the bridge after the widget's DESTROY. */
const RESTART_GAP = 100

export interface ConnectionOptions {
  /** A fresh messenger for each connection (see `SessionDeps.messenger`). */
  messenger: () => Messenger
  /** The allow-listed methods: own properties of a null-prototype object. */
  methods: Record<string, (raw: unknown) => Promise<Outcome<unknown>>>
  /** The widget's page went away (a reload, a navigation, or its DESTROY). */
  reset: () => void
  /** Each SYN of the widget's page. */
  onSyn?: () => void
}

/**
 * The bridge's life for one widget: listens, notices a new page (a SYN from a new participant)
 * and listens anew after the widget's DESTROY, at most once per `RESTART_GAP`, so a flood of
 * DESTROY costs nothing. The calls themselves are the pipeline's (`pipeline.ts`).
 */
export function keepConnected(options: ConnectionOptions): {
  /**
   * Calls the widget's `method` with `arg` once the connection is up, at most `timeout` ms, and
   * ignores the answer: an SDK that offers no such method (an older one) loses nothing.
   */
  tell(method: string, arg: unknown, timeout: number): void
  destroy(): void
} {
  let participant: string | undefined
  let connection: Connection | undefined
  let destroyed = false
  let restartPending = false
  let lastRestart = Number.NEGATIVE_INFINITY
  let restartTimer: ReturnType<typeof setTimeout> | undefined

  const restart = () => {
    restartPending = false
    if (destroyed) return
    lastRestart = Date.now()
    options.reset()
    participant = undefined
    start()
  }

  const watch = (message: Message) => {
    if (message.type === 'SYN') {
      options.onSyn?.()
      // A SYN from a new participant means the widget page reloaded or navigated.
      if (participant !== undefined && message.participantId !== participant) options.reset()
      participant = message.participantId
    } else if (message.type === 'DESTROY') {
      // The widget closed its side; penpal drops this connection, so listen anew: at once the
      // first time, then at most once per RESTART_GAP.
      if (restartPending) return
      restartPending = true
      const wait = lastRestart + RESTART_GAP - Date.now()
      if (wait <= 0) queueMicrotask(restart)
      else restartTimer = setTimeout(restart, wait)
    }
  }

  const start = () => {
    const messenger = watchedMessenger(options.messenger(), watch)
    connection = connect({ messenger, methods: options.methods })
    connection.promise.catch(() => {})
  }
  start()

  return {
    tell(method, arg, timeout) {
      connection?.promise
        .then((remote) =>
          (remote[method] as unknown as (...args: unknown[]) => Promise<unknown>)(
            arg,
            new CallOptions({ timeout }),
          ),
        )
        .catch(() => {})
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(restartTimer)
      connection?.destroy()
    },
  }
}
