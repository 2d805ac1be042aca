import type { Message, Messenger } from 'penpal'
import { type ErrorCode, PlatformError } from '../events/index.js'
import {
  deserializeError,
  type HostMethodName,
  type HostRequest,
  type HostValue,
  type Outcome,
} from '../events/wire.js'
import { deadlineTimer } from '../transport/deadlines.js'

/** The SDK's view of the transport: penpal's protocol stays behind this interface. */
export interface Bridge {
  call<K extends HostMethodName>(
    method: K,
    request: HostRequest<K>,
    timeout: number,
  ): Promise<HostValue<K>>
  destroy(): void
}

/** Sends one call to the host; rejects with a `{ code, message }` transport failure. */
type Send = (method: string, request: unknown) => Promise<Outcome<unknown>>

/** A handshake under way (or done): {@link link} starts it, {@link ready} waits for it. */
export interface Link {
  promise: Promise<Send>
  destroy(): void
}

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

/** A transport failure, with penpal's codes (what {@link transportError} reads). */
const failure = (code: string, message?: string) => ({ code, message })

/** The fields of penpal's messages read here. */
interface Wire {
  type: string
  callId: number
  value: unknown
  isError?: boolean
  isSerializedErrorInstance?: boolean
  participantId: string
}
type Pending = [(value: never) => void, (error: unknown) => void]

/** penpal's REPLY: the value, or its error (a serialized one as `{ code, message }`). */
function settle([resolve, reject]: Pending, { value, isError, isSerializedErrorInstance }: Wire) {
  if (!isError) resolve(value as never)
  else {
    const error = value as { penpalCode?: string; message?: string }
    reject(isSerializedErrorInstance ? failure(error.penpalCode ?? '', error.message) : value)
  }
}

/** A penpal message on the default channel (the host connects without one). */
const isPenpal = (data: unknown): data is Message =>
  typeof data === 'object' &&
  data !== null &&
  (data as Message).namespace === 'penpal' &&
  (data as Message).channel === undefined

/**
 * Starts the handshake over `messenger` now, with no deadline of its own: the SDK starts it when
 * it loads, and `initialize` bounds the wait with {@link ready}.
 *
 * The widget's side of penpal's protocol (the host runs penpal 7 itself): SYN, ACK1/ACK2 (the
 * side whose participant id sorts higher leads; the host's window messenger makes that the host),
 * CALL and REPLY, DESTROY either way. It is penpal's `connect` less what a side that exposes
 * no methods never runs (answering calls, method paths, per-call options, the penpal 6 layer)
 * and less its per-call UUID and `Proxy`: about 1 kB of platform.js's gzip. A CALL from the
 * host is ignored (the host never calls the widget).
 */
export function link(messenger: Messenger): Link {
  const id = crypto.randomUUID()
  let remoteId: string | undefined
  let calls = 0
  let over = false
  const pending = new Map<number, Pending>()
  let resolve!: (send: Send) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<Send>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => {})
  // penpal's messages carry no channel here: the host connects without one.
  const post = (message: { type: string } & Record<string, unknown>) =>
    messenger.sendMessage({ namespace: 'penpal', ...message } as Message)
  const close = (notify: boolean) => {
    if (over) return
    over = true
    if (notify) {
      try {
        post({ type: 'DESTROY' })
      } catch {}
    }
    messenger.destroy()
    // As penpal: a handshake under way is left to its deadline (`ready`), which says the host
    // did not answer (HOST_UNREACHABLE) rather than that a connection closed.
    for (const [, fail] of pending.values()) fail(failure('CONNECTION_DESTROYED'))
    pending.clear()
  }
  const send: Send = (method, request) =>
    new Promise((res, rej) => {
      if (over) return rej(failure('CONNECTION_DESTROYED'))
      const callId = ++calls
      pending.set(callId, [res, rej])
      try {
        post({ type: 'CALL', id: callId, methodPath: [method], args: [request] })
      } catch (error) {
        pending.delete(callId)
        rej(failure('TRANSMISSION_FAILED', (error as Error).message))
      }
    })
  const shake = (message: { type: string } & Record<string, unknown>) => {
    try {
      post(message)
    } catch (error) {
      reject(failure('TRANSMISSION_FAILED', (error as Error).message))
      close(true)
    }
  }
  const onMessage = (m: Message) => {
    const message = m as unknown as Wire
    if (message.type === 'REPLY') {
      const handlers = pending.get(message.callId)
      if (!handlers) return
      pending.delete(message.callId)
      settle(handlers, message)
    } else if (message.type === 'SYN') {
      // A new remote (the host restarted its side): greet it, and lead if this id sorts higher.
      if (message.participantId === remoteId) return
      remoteId = message.participantId
      shake({ type: 'SYN', participantId: id })
      if (id > remoteId) shake({ type: 'ACK1', methodPaths: [] })
    } else if (message.type === 'ACK1') {
      shake({ type: 'ACK2' })
      resolve(send)
    } else if (message.type === 'ACK2') resolve(send)
    else if (message.type === 'DESTROY') close(false)
  }
  messenger.initialize({ validateReceivedMessage: isPenpal })
  messenger.addMessageHandler(onMessage)
  shake({ type: 'SYN', participantId: id })
  return { promise, destroy: () => close(true) }
}

/**
 * Waits for `connection`'s handshake, bounded by `timeout` ms (then HOST_UNREACHABLE); aborting
 * `signal` stops it. A failed wait destroys the connection.
 *
 * @example
 * const messenger = windowMessenger({ remote: parent, origins, self: window })
 * const bridge = await ready(link(messenger), 5000)
 * const info = await bridge.call('initialize', { app_key: 'demo', protocol: 1 }, 10000)
 */
export async function ready(
  connection: Link,
  timeout: number,
  signal?: AbortSignal,
): Promise<Bridge> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort = () => {}
  let send: Send
  try {
    send = await new Promise<Send>((resolve, reject) => {
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
  // Every call's deadline on one timer, not a timer per call (src/transport/deadlines.ts).
  const deadlines = deadlineTimer((message) => new PlatformError('TIMEOUT', message))
  return {
    call: (method, request, callTimeout) => {
      return deadlines
        .race(
          send(method, request),
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
