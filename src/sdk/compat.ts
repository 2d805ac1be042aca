import { PlatformError } from '../events/index.js'

/**
 * The call forms of the original SDK, besides the specification's: widgets written for it run
 * unchanged. `initialize`'s key is read here (there is no host to ask yet); `getSessionToken`'s
 * forms go to the host as given, which reads them (`validateSessionToken`): the script stays small.
 */

// `initialize`'s argument is declared with its call, in its operation's folder.
export type { InitializeOptions } from '../operations/initialize/sdk.js'

/**
 * The app key `initialize` was given; INVALID_ARGUMENT naming the field (`clientKey` when only
 * that was given) when there is none. With both fields, `app_key` counts.
 */
export function appKeyOf(init: unknown): string {
  const o = init as { app_key?: unknown; clientKey?: unknown } | null | undefined
  const field = o?.app_key === undefined && o?.clientKey !== undefined ? 'clientKey' : 'app_key'
  const key = typeof init === 'string' ? init : o?.[field]
  if (typeof key !== 'string') {
    throw new PlatformError('INVALID_ARGUMENT', `${field}: expected a string`, field)
  }
  return key
}
