import { HOST_TIMEOUTS } from './protocol.js'

/**
 * Shortest `getSessionToken({ timeout })`, in ms: the original SDK's 30 s default was for a
 * silent answer, and a consent dialog needs time to be read.
 */
export const MIN_TOKEN_TIMEOUT = 120_000

/**
 * The time a `getSessionToken` call may take from its arrival at the host, from the widget's
 * `timeout` option (the original SDK's, in ms), bounded to {@link MIN_TOKEN_TIMEOUT} …
 * `HOST_TIMEOUTS.dialogCall` (10 min 30 s, the host's deadline without the option). The host
 * answers `TIMEOUT` by then, and closes its dialog the backend's time before; the SDK keeps its
 * usual wait, which is longer. Only the host reads it: the script stays small.
 */
export function tokenTimeout(timeout: number): number {
  return Math.min(Math.max(timeout, MIN_TOKEN_TIMEOUT), HOST_TIMEOUTS.dialogCall)
}
