// What the control routers share: the path prefix, the control API's document
// (server/control-openapi.json, kept by hand) their routes are built from, and the error answer.

import { z } from '@hono/zod-openapi'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ControlOperations } from 'platform-widget-server'
import committed from '../../../server/control-openapi.json' with { type: 'json' }
import { documentRoutes, type OpenApiDocument } from '../api/document.js'
import { ErrorBody } from '../api/kit.js'

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

const ERRORS = {
  400: 'Invalid input (INVALID_INPUT)',
  402: 'The payment was refused as `outcome` asked (PAYMENT_DECLINED, INSUFFICIENT_FUNDS)',
  403: 'Sent by a browser (CONTROL_FROM_BROWSER), or a scope the widget may not have (INVALID_SCOPE)',
  404: 'No such widget, user, product, plan, receipt or sandbox',
  409: 'The state forbids it (RECEIPT_ALREADY_PAID, NOT_A_PROVIDER, NESTED_SANDBOX)',
  413: 'The body is over 64 KiB, or its `payload` over 16 KiB of JSON (PAYLOAD_TOO_LARGE, with max_bytes)',
  429: 'Too many sandboxes (TOO_MANY_SANDBOXES)',
  507: "The emulator's memory budget is full (STORAGE_FULL, with max_bytes and stored_bytes): nothing was changed",
} as const

/** The error responses of a control operation (403 CONTROL_FROM_BROWSER is on every one). */
export function controlErrors<const S extends (keyof typeof ERRORS)[]>(...statuses: S) {
  return Object.fromEntries(
    [...new Set([...statuses, 403 as const])].map((status) => [
      status,
      { description: ERRORS[status], content: { 'application/json': { schema: ErrorBody } } },
    ]),
  ) as unknown as {
    [K in S[number] | 403]: {
      description: string
      content: { 'application/json': { schema: typeof ErrorBody } }
    }
  }
}

/** A JSON success response with this status. */
export const answer = <S extends 200 | 201, T extends z.ZodType>(
  status: S,
  schema: T,
  description = status === 201 ? 'Created' : 'OK',
) =>
  ({ [status]: { description, content: { 'application/json': { schema } } } }) as {
    [K in S]: { description: string; content: { 'application/json': { schema: T } } }
  }

/** A required JSON body. */
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

/** An optional JSON body (an empty request is `{}`). */
export const optionalBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: false, content: { 'application/json': { schema } } },
})

export const AppKey = z
  .string()
  .min(1)
  .max(64)
  .openapi({ description: "A registered widget's app_key", example: 'demo-doctor' })

export const UserId = z
  .string()
  .min(1)
  .max(64)
  .openapi({ description: 'A user of the fixtures (default: dr-1, a doctor)', example: 'dr-1' })
