// A call's `data`, typed without `undefined`. openapi-fetch types every answer as
// `{ data } | { error }`, so `data` is "possibly undefined" even though the platform client
// throws on every error answer; this says so once instead of `data!` at each call.

import { PlatformApiError, type PlatformErrorBody } from './client.js'

/** What an openapi-fetch call resolves with (any client's, the platform client's included). */
interface CallResult {
  data?: unknown
  error?: unknown
  response: Response
}

const isErrorBody = (value: unknown): value is PlatformErrorBody =>
  typeof (value as PlatformErrorBody | undefined)?.error === 'string' &&
  typeof (value as PlatformErrorBody).message === 'string'

/**
 * Awaits a client call and answers its `data`, typed as the operation's success body (never
 * `undefined`). Throws {@link PlatformApiError} when there is none: an error answer, or a
 * success without a body. `const { data } = await client.GET(…)` still works as before.
 *
 * @example
 * const profile = await unwrap(client.GET('/open-platform/v1/profile/information'))
 * profile.centers // typed, not possibly undefined
 */
export async function unwrap<R extends CallResult>(
  call: Promise<R> | R,
): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call
  if (error === undefined && response.ok && data !== undefined && data !== null) {
    return data as NonNullable<R['data']>
  }
  throw new PlatformApiError(
    response.status,
    isErrorBody(error)
      ? error
      : response.ok
        ? { error: 'EMPTY_ANSWER', message: `HTTP ${response.status} answered no body` }
        : { error: 'HTTP_ERROR', message: `HTTP ${response.status} ${response.statusText}` },
  )
}
