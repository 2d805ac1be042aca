import { CallOptions, connect, type Messenger, type RemoteProxy } from 'penpal'
import {
  deserializeError,
  type ErrorCode,
  type HostMethodName,
  type HostMethods,
  type Outcome,
  PlatformError,
} from '../events/index.js'

type Request<K extends HostMethodName> = Parameters<HostMethods[K]>[0]
type Value<K extends HostMethodName> =
  Awaited<ReturnType<HostMethods[K]>> extends Outcome<infer T> ? T : never

/** The SDK's view of the transport: penpal stays behind this interface. */
export interface Bridge {
  call<K extends HostMethodName>(method: K, request: Request<K>, timeout: number): Promise<Value<K>>
  destroy(): void
}

const PENPAL_CODES: Record<string, ErrorCode> = {
  CONNECTION_TIMEOUT: 'HOST_UNREACHABLE',
  METHOD_CALL_TIMEOUT: 'TIMEOUT',
  METHOD_NOT_FOUND: 'UNSUPPORTED',
}

/** Maps a transport failure to a PlatformError; anything unknown means the bridge is gone. */
function transportError(error: unknown): PlatformError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return new PlatformError(
    PENPAL_CODES[code ?? ''] ?? 'CONNECTION_CLOSED',
    message ?? 'The connection to the host closed',
  )
}

/**
 * Runs penpal's handshake over `messenger`, bounded by `timeout` ms.
 *
 * @example
 * const bridge = await connectBridge(new WindowMessenger({ remoteWindow: parent, allowedOrigins }), 5000)
 * const info = await bridge.call('initialize', { app_key: 'demo', protocol: 1 }, 10000)
 */
export async function connectBridge(messenger: Messenger, timeout: number): Promise<Bridge> {
  const connection = connect<{ [K in HostMethodName]: HostMethods[K] }>({ messenger, timeout })
  let remote: RemoteProxy<{ [K in HostMethodName]: HostMethods[K] }>
  try {
    remote = await connection.promise
  } catch (error) {
    connection.destroy()
    throw transportError(error)
  }
  return {
    async call(method, request, callTimeout) {
      let outcome: Outcome<unknown>
      try {
        const fn = remote[method] as (r: unknown, o: CallOptions) => Promise<Outcome<unknown>>
        outcome = await fn(request, new CallOptions({ timeout: callTimeout }))
      } catch (error) {
        throw transportError(error)
      }
      if (outcome?.ok === true) return outcome.value as never
      throw deserializeError(outcome?.ok === false ? outcome.error : outcome)
    },
    destroy: connection.destroy,
  }
}
