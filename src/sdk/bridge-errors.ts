import { type ErrorCode, PlatformError } from '../events/index.js'

// The bridge's own errors: what a closed connection or a failed transport rejects a call with.

/** The error of a call on a connection that closed, or closes before its answer. */
export const closed = () =>
  new PlatformError('CONNECTION_CLOSED', 'The connection to the host closed')

/**
 * Maps a transport failure to a PlatformError. A request that postMessage cannot clone (a
 * function, symbol or DOM node) becomes INVALID_ARGUMENT naming the field; a method the host does
 * not offer, UNSUPPORTED; anything else means the bridge is gone.
 */
export function transportError(error: unknown, request?: unknown): PlatformError {
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
export const failure = (code: string, message?: string) => ({ code, message })
