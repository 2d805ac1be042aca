// The panel's internal routes are declared from their own OpenAPI document,
// demo/emulator/internal-openapi.json, kept by hand: an operation's method and path are read
// from it by operationId, so a route cannot be served without its description, nor a described
// one go missing (contract-internal.test.ts walks both). The handlers keep their own checks of
// the bodies (their messages name the field); their answers are held to the document's schemas
// by the contract test, and the dev panel's client reads them as the types generated from it
// (demo/shared/internal-api.ts, `npm run gen:platform-types`). Served at /internal/openapi.json.

import type { Handler, Hono } from 'hono'
import type { operations } from '../../shared/internal-api.js'
import committed from '../internal-openapi.json' with { type: 'json' }
import type { OpenApiDocument } from './document.js'
import type { Env } from './kit.js'

/** demo/emulator/internal-openapi.json, as committed. */
export const INTERNAL_DOCUMENT = committed as unknown as OpenApiDocument

export const INTERNAL_PREFIX = '/internal'

export type InternalOperationId = keyof operations

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

/** The method and path (Hono's `:param` form, relative to /internal) of operation `id`. */
export function internalOperation(id: InternalOperationId): {
  method: (typeof METHODS)[number]
  path: string
} {
  for (const [path, item] of Object.entries(INTERNAL_DOCUMENT.paths)) {
    for (const method of METHODS) {
      if (item[method]?.operationId === id) {
        return {
          method,
          path: path.slice(INTERNAL_PREFIX.length).replace(/\{([A-Za-z_]+)\}/g, ':$1'),
        }
      }
    }
  }
  throw new Error(`The internal API's document has no operation ${id}`)
}

/**
 * Serves operation `id` of the document on `router` (mounted at /internal) with `handler`.
 *
 * @example
 * internalRoute(router, 'getSms', (c) => c.json({ active, credit }))
 */
export function internalRoute(
  router: Hono<Env>,
  id: InternalOperationId,
  handler: Handler<Env>,
): void {
  const { method, path } = internalOperation(id)
  router.on(method.toUpperCase(), path, handler)
}
