// What the control routers share: the path prefix, the control API's document
// (server/control-openapi.json, kept by hand) their routes are built from, and the error answer.

import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ControlOperations } from 'platform-widget-server'
import committed from '../../../server/control-openapi.json' with { type: 'json' }
import { documentRoutes, type OpenApiDocument } from '../api/document.js'

export const CONTROL_PREFIX = '/control/v1'

/** server/control-openapi.json, as committed: served at /control/v1/openapi.json. */
export const CONTROL_DOCUMENT = committed as unknown as OpenApiDocument

/**
 * The route of the control API's operation `id`, built from its document as the platform's
 * routes are (../api/document.ts), its path relative to /control/v1, where the routers are
 * mounted.
 *
 * @example
 * router.openapi(controlOperation('reset', []), (c) => …)
 */
export const controlOperation = documentRoutes<ControlOperations>(CONTROL_DOCUMENT, CONTROL_PREFIX)

/** An error answer, `{ error, message }`, as the rest of the emulator answers them. */
export const controlError = (status: ContentfulStatusCode, error: string, message: string) =>
  Response.json({ error, message }, { status, headers: { 'cache-control': 'no-store' } })
