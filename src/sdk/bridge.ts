import { connect, type Messenger } from 'penpal'
import {
  deserializeError,
  type ErrorCode,
  type HostMethodName,
  type HostMethods,
  type HostRequest,
  type HostValue,
  type Outcome,
  PlatformError,
} from '../events/index.js'

/** The SDK's view of the transport: penpal stays behind this interface. */
export interface Bridge {
  call<K extends HostMethodName>(
    method: K,
    request: HostRequest<K>,
    timeout: number,
  ): Promise<HostValue<K>>
  destroy(): void
}

const PENPAL_CODES: Record<string, ErrorCode> = {
  CONNECTION_TIMEOUT: 'HOST_UNREACHABLE',
  METHOD_NOT_FOUND: 'UNSUPPORTED',
}

const closed = () => new PlatformError('CONNECTION_CLOSED', 'The connection to the host closed')

/**
 * Maps a transport failure to a PlatformError. A request that postMessage cannot clone (a
 * function, symbol or DOM node) becomes INVALID_ARGUMENT naming the field; anything else unknown
 * means the bridge is gone.
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
  const mapped = PENPAL_CODES[code ?? '']
  return mapped ? new PlatformError(mapped, message ?? mapped) : closed()
}

/**
 * Runs penpal's handshake over `messenger`, bounded by `timeout` ms; aborting `signal` stops it.
 *
 * @example
 * const bridge = await connectBridge(new WindowMessenger({ remoteWindow: parent, allowedOrigins }), 5000)
 * const info = await bridge.call('initialize', { app_key: 'demo', protocol: 1 }, 10000)
 */
export async function connectBridge(
  messenger: Messenger,
  timeout: number,
  signal?: AbortSignal,
): Promise<Bridge> {
  const connection = connect<{ [K in HostMethodName]: HostMethods[K] }>({ messenger, timeout })
  const stop = () => connection.destroy()
  let onAbort = () => {}
  let remote: Record<string, (request: unknown) => Promise<Outcome<unknown>>>
  try {
    remote = (await Promise.race([
      connection.promise,
      new Promise((_, reject) => {
        onAbort = () => reject(closed())
        if (signal?.aborted) onAbort()
        signal?.addEventListener('abort', onAbort)
      }),
    ])) as typeof remote
  } catch (error) {
    stop()
    throw error instanceof PlatformError ? error : transportError(error)
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
  return {
    call: (method, request, callTimeout) =>
      new Promise((resolve, reject) => {
        // The call is timed here, not with penpal's CallOptions: penpal 7.0.6 does not clear its
        // timer when the reply comes, so every answered call kept a timer alive until it fired.
        const timer = setTimeout(
          () =>
            reject(new PlatformError('TIMEOUT', `${method}() got no answer in ${callTimeout} ms`)),
          callTimeout,
        )
        remote[method]!(request)
          .then(
            (outcome) =>
              outcome?.ok === true
                ? resolve(outcome.value as never)
                : reject(deserializeError(outcome?.ok === false ? outcome.error : outcome)),
            (error) => reject(transportError(error, request)),
          )
          .finally(() => clearTimeout(timer))
      }),
    destroy: stop,
  }
}
