// The page's state-changing calls: from the widget's own origin only (a browser always sends
// `Origin` with a POST; a missing one is refused too), with a JSON body of at most
// MAX_JSON_BYTES, its Content-Type checked before the body is read (a `text/plain` post needs no
// CORS preflight, so another site could send one).

import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** Bigger JSON bodies from the page are refused unread (413): its largest is an SMS text. */
export const MAX_JSON_BYTES = 16 * 1024

/** The request's media type, without parameters, in lower case. */
export const mediaType = (c: Context) =>
  (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

/** 403 for another origin, 415 for anything but JSON, 413 past MAX_JSON_BYTES; in that order. */
export function pageGuard(ownOrigin: string): {
  fromPage: MiddlewareHandler
  jsonLimit: MiddlewareHandler
} {
  const fromPage: MiddlewareHandler = async (c, next) => {
    if (c.req.header('origin') !== ownOrigin) {
      return c.json(
        { error: 'FORBIDDEN_ORIGIN', message: `Only pages of ${ownOrigin} may call this` },
        403,
      )
    }
    if (mediaType(c) !== 'application/json') {
      return c.json(
        {
          error: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send a JSON body (Content-Type: application/json)',
        },
        415,
      )
    }
    return next()
  }
  const jsonLimit = bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: (c) =>
      c.json(
        { error: 'PAYLOAD_TOO_LARGE', message: `Bodies are limited to ${MAX_JSON_BYTES} bytes` },
        413,
      ),
  })
  return { fromPage, jsonLimit }
}

/** Adds `value` under `key`, forgetting the oldest entries (a Map keeps insertion order) past `max`. */
export function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value)
  for (const oldest of map.keys()) {
    if (map.size <= max) break
    map.delete(oldest)
  }
}
