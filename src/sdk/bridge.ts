import type { Message, Messenger } from 'penpal'
import { type ErrorCode, PlatformError } from '../events/index.js'
import {
  deserializeError,
  type HostMethodName,
  type HostRequest,
  type HostValue,
  LOOK_METHOD,
  type Outcome,
} from '../events/wire.js'

/** The SDK's view of the transport: penpal's protocol stays behind this interface. */
export interface Bridge {
  call<K extends HostMethodName>(
    method: K,
    request: HostRequest<K>,
    timeout: number,
  ): Promise<HostValue<K>>
  destroy(): void
}

/**
 * Sends one call to the host: resolves with its value, or rejects with a `PlatformError` (the
 * host's, TIMEOUT after `timeout` ms, or a transport failure).
 */
type Send = (method: string, request: unknown, timeout: number) => Promise<unknown>

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
  /** A CALL's: the host calls only `LOOK_METHOD`. */
  id: number
  methodPath: string[]
  args: unknown[]
}
/**
 * A call waiting for its REPLY: how to settle it, when it is due (a `Date.now()` time), and
 * what the TIMEOUT's message and a transport error need. A tuple: it minifies smaller.
 */
type Pending = [
  resolve: (value: unknown) => void,
  reject: (error: unknown) => void,
  at: number,
  method: string,
  timeout: number,
  request: unknown,
]

/**
 * penpal's REPLY: the host's `Outcome` (its value, or its error as data), or penpal's own error
 * (a serialized one as `{ code, message }`).
 */
function settle(
  [resolve, reject, , , , request]: Pending,
  { value, isError, isSerializedErrorInstance }: Wire,
) {
  if (isError) {
    const error = value as { penpalCode?: string; message?: string }
    reject(
      transportError(
        isSerializedErrorInstance ? failure(error.penpalCode ?? '', error.message) : value,
        request,
      ),
    )
  } else {
    const outcome = value as Outcome<unknown> | undefined
    if (outcome?.ok === true) resolve(outcome.value)
    else reject(deserializeError(outcome?.ok === false ? outcome.error : outcome))
  }
}

/**
 * Every pending call's deadline on one timer, armed for the earliest: calls of one kind share a
 * timeout and come in order, so a call answered in time costs no timer of its own. As
 * src/transport/deadlines.ts does for the host, but kept in the pending calls themselves, so a
 * call is one promise, not three. Returns `arm`, to call with the time a call added is due, and
 * `stop`, for when the connection closes.
 */
function deadlineTimer(pending: Map<number, Pending>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let armed = Number.POSITIVE_INFINITY
  const arm = (at: number) => {
    if (at < armed) {
      clearTimeout(timer)
      armed = at
      timer = setTimeout(sweep, at - Date.now())
    }
  }
  const sweep = () => {
    armed = Number.POSITIVE_INFINITY
    const now = Date.now()
    for (const [callId, call] of pending) {
      if (call[2] > now) arm(call[2])
      else {
        pending.delete(callId)
        call[1](new PlatformError('TIMEOUT', `${call[3]}() got no answer in ${call[4]} ms`))
      }
    }
  }
  return [arm, () => clearTimeout(timer)] as const
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
 * and less its per-call UUID and `Proxy`: about 1 kB of platform.js's gzip. The host calls one
 * method, `LOOK_METHOD` (the panel's new look): `onLook` gets its argument and the host an empty
 * answer; any other CALL is ignored.
 */
export function link(messenger: Messenger, onLook?: (look: unknown) => void): Link {
  const id = crypto.randomUUID()
  let remoteId: string | undefined
  let calls = 0
  let over = false
  const pending = new Map<number, Pending>()
  const [arm, stopDeadlines] = deadlineTimer(pending)
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
  // The ACK2 owed for an ACK1: posted in the next task, or before the first CALL if that comes
  // sooner (the port keeps their order). Not in ACK1's own task: a port's first postMessage took
  // the loading page 0.2-13 ms (Chromium), and `initialize` does not need the host to have it.
  let owed: ReturnType<typeof setTimeout> | undefined
  const ack = () => {
    if (owed === undefined) return
    clearTimeout(owed)
    owed = undefined
    shake({ type: 'ACK2' })
  }
  // Closed by this side (the host is told) or by the host's DESTROY (it knows).
  const close = (by: 'widget' | 'host') => {
    if (over) return
    over = true
    clearTimeout(owed)
    if (by === 'widget') {
      try {
        post({ type: 'DESTROY' })
      } catch {}
    }
    messenger.destroy()
    stopDeadlines()
    // As penpal: a handshake under way is left to its deadline (`ready`), which says the host
    // did not answer (HOST_UNREACHABLE) rather than that a connection closed.
    for (const [, fail] of pending.values()) fail(closed())
    pending.clear()
  }
  const send: Send = (method, request, timeout) =>
    new Promise((res, rej) => {
      ack()
      if (over) return rej(closed())
      const callId = ++calls
      const at = Date.now() + timeout
      pending.set(callId, [res, rej, at, method, timeout, request])
      try {
        post({ type: 'CALL', id: callId, methodPath: [method], args: [request] })
      } catch (error) {
        pending.delete(callId)
        return rej(
          transportError(failure('TRANSMISSION_FAILED', (error as Error).message), request),
        )
      }
      arm(at)
    })
  const shake = (message: { type: string } & Record<string, unknown>) => {
    try {
      post(message)
    } catch (error) {
      reject(failure('TRANSMISSION_FAILED', (error as Error).message))
      close('widget')
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
      clearTimeout(owed)
      owed = setTimeout(ack)
      resolve(send)
    } else if (message.type === 'CALL' && message.methodPath?.[0] === LOOK_METHOD) {
      post({ type: 'REPLY', callId: message.id, value: null })
      onLook?.(message.args?.[0])
    } else if (message.type === 'ACK2') resolve(send)
    else if (message.type === 'DESTROY') close('host')
  }
  messenger.initialize({ validateReceivedMessage: isPenpal })
  messenger.addMessageHandler(onMessage)
  shake({ type: 'SYN', participantId: id })
  return { promise, destroy: () => close('widget') }
}

/**
 * Waits for `connection`'s handshake, bounded by `timeout` ms (then HOST_UNREACHABLE); aborting
 * `signal` stops it. A failed wait destroys the connection.
 *
 * @example
 * const messenger = windowMessenger({ remote: () => parent, origins, self: window })
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
  return {
    call: (method, request, callTimeout) => {
      return send(method, request, callTimeout) as Promise<never>
    },
    destroy: connection.destroy,
  }
}
