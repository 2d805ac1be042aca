import type { Message, Messenger } from 'penpal'
import { PlatformError } from '../events/index.js'
import { LOOK_METHOD } from '../events/wire.js'
import type { HostMethodName, HostRequest, HostValue } from '../operations/index.js'
import { closed, failure, transportError } from './bridge-errors.js'
import { deadlineTimer, type Pending, settle, type Wire } from './pending-calls.js'

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
