import { type Connection, connect, type Messenger } from 'penpal'
import { type ErrorCode, PlatformError } from '../events/index.js'
import {
  deserializeError,
  type HostMethodName,
  type HostRequest,
  type HostValue,
  type Outcome,
} from '../events/wire.js'
import { deadlineTimer } from '../transport/deadlines.js'

/** The SDK's view of the transport: penpal stays behind this interface. */
export interface Bridge {
  call<K extends HostMethodName>(
    method: K,
    request: HostRequest<K>,
    timeout: number,
  ): Promise<HostValue<K>>
  destroy(): void
}

type Remote = Record<string, (request: unknown) => Promise<Outcome<unknown>>>

/** A penpal handshake under way (or done): {@link link} starts it, {@link ready} waits for it. */
export type Link = Connection<Remote>

const closed = () => new PlatformError('CONNECTION_CLOSED', 'The connection to the host closed')

/**
 * Maps a transport failure to a PlatformError. A request that postMessage cannot clone (a
 * function, symbol or DOM node) becomes INVALID_ARGUMENT naming the field; a method the host does
 * not offer, UNSUPPORTED; anything else means the bridge is gone.
 */
function transportError(error: unknown, request?: unknown): PlatformError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  if (code === 'TRANSMISSION_FAILED') {
    // The first own field that cannot be cloned, else the request itself.
    const candidates: [string, unknown][] = [...Object.entries(request ?? {}), ['request', request]]
    for (const [field, value] of candidates) {
      try {
        structuredClone(value)
      } catch {
        return new PlatformError(
          'INVALID_ARGUMENT',
          `${field}: cannot be sent (functions, symbols and DOM nodes cannot cross the bridge)`,
          field,
        )
      }
    }
  }
  return code === 'METHOD_NOT_FOUND'
    ? new PlatformError('UNSUPPORTED' satisfies ErrorCode, message ?? code)
    : closed()
}

/**
 * Starts penpal's handshake over `messenger` now, with no deadline of its own: the SDK starts it
 * when it loads, and `initialize` bounds the wait with {@link ready}.
 */
export function link(messenger: Messenger): Link {
  const connection = connect<Remote>({ messenger })
  connection.promise.catch(() => {})
  return connection
}

/**
 * Waits for `connection`'s handshake, bounded by `timeout` ms (then HOST_UNREACHABLE); aborting
 * `signal` stops it. A failed wait destroys the connection.
 *
 * @example
 * const bridge = await ready(link(windowMessenger(parent, origins, window)), 5000)
 * const info = await bridge.call('initialize', { app_key: 'demo', protocol: 1 }, 10000)
 */
export async function ready(
  connection: Link,
  timeout: number,
  signal?: AbortSignal,
): Promise<Bridge> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort = () => {}
  let remote: Remote
  try {
    remote = await new Promise<Remote>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new PlatformError('HOST_UNREACHABLE', `No host answered in ${timeout} ms`)),
        timeout,
      )
      onAbort = () => reject(closed())
      if (signal?.aborted) onAbort()
      signal?.addEventListener('abort', onAbort)
      connection.promise.then(resolve, (error) => reject(transportError(error)))
    })
  } catch (error) {
    connection.destroy()
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
  // penpal's remote proxy makes a new Proxy on every property read: read each method once.
  const methods: Remote = {}
  // Every call's deadline on one timer, not a timer per call (src/transport/deadlines.ts). Not
  // penpal's CallOptions: penpal 7.0.6 does not clear its timer when the reply comes.
  const deadlines = deadlineTimer((message) => new PlatformError('TIMEOUT', message))
  return {
    call: (method, request, callTimeout) => {
      methods[method] ??= remote[method]!
      let sent: ReturnType<Remote[string]>
      try {
        sent = methods[method](request)
      } catch (error) {
        // penpal throws, rather than rejects, on a connection already destroyed (by the host's
        // DESTROY, say): a call still rejects, so `.catch` on it holds.
        sent = Promise.reject(error)
      }
      return deadlines
        .race(
          sent,
          Date.now() + callTimeout,
          () => `${method}() got no answer in ${callTimeout} ms`,
        )
        .then(
          (outcome) =>
            outcome?.ok === true
              ? (outcome.value as never)
              : Promise.reject(deserializeError(outcome?.ok === false ? outcome.error : outcome)),
          (error) => {
            throw error instanceof PlatformError ? error : transportError(error, request)
          },
        )
    },
    destroy() {
      connection.destroy()
      deadlines.destroy()
    },
  }
}
