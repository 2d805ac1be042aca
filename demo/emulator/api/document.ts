// The emulator's platform routes are built from the platform's OpenAPI document,
// server/openapi.json, which is kept by hand and is the one description of the API: an
// operation's method, path, parameters and request body are read from the document by its
// operationId, and their JSON Schemas become the route's validators (zod's own
// `z.fromJSONSchema`, so no second converter and no generated file). The handlers' types come
// from the server kit's types, which openapi-typescript generates from the same document
// (server/src/platform-api.ts, `npm run gen:platform-types`): a field changed in the document
// changes what the emulator accepts at once, and what a handler reads or answers after the
// types are regenerated. The emulator serves the same document at /openapi.json.
//
// What a JSON Schema cannot say (a trimmed text, a real calendar day, `from` before `to`) stays
// in the handlers, which check it after the document's validation. The document is imported by
// its path in the repository; the dev package's build bundles it, so the package needs no file
// of the server kit's. The control API's routes are built the same way from its own document
// (../control/schemas.ts, `documentRoutes`).

import type { MiddlewareHandler } from 'hono'
import type { operations } from 'platform-widget-server'
import { z } from 'zod'
import committed from '../../../server/openapi.json' with { type: 'json' }
import type { Env } from './kit.js'

type Schema = { [keyword: string]: unknown }
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: Schema
}
interface DocumentOperation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, unknown> }>
}
/** The parts of an OpenAPI 3.1 document the routes are built from. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>
  components: { schemas: Record<string, Schema> }
}

/** server/openapi.json, as committed. */
export const PLATFORM_DOCUMENT = committed as unknown as OpenApiDocument

export type OperationId = keyof operations

// ---- Types, from the server kit's generated `operations` -----------------------------------

/** One operation as openapi-typescript types it. */
interface OperationTypes {
  parameters: { path?: unknown; query?: unknown }
  responses: object
}
type Part<O extends OperationTypes, P extends 'path' | 'query'> = NonNullable<O['parameters'][P]>
// A route's parameters are a zod object or pipe to @hono/zod-openapi; a pipe's output is typed.
type Parameters<T> = z.ZodPipe<z.ZodType<unknown>, z.ZodType<T>>
type Params<O extends OperationTypes> = ([Part<O, 'path'>] extends [never]
  ? unknown
  : { params: Parameters<Part<O, 'path'>> }) &
  ([Part<O, 'query'>] extends [never] ? unknown : { query: Parameters<Part<O, 'query'>> })
type BodyContent<O extends OperationTypes> = O extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: infer C }
    ? C
    : never
  : never
type Body<O extends OperationTypes> = [BodyContent<O>] extends [never]
  ? unknown
  : {
      body: {
        required?: boolean
        content: { [M in keyof BodyContent<O>]: { schema: z.ZodType<BodyContent<O>[M]> } }
      }
    }
type Responses<O extends OperationTypes> = {
  [S in keyof O['responses']]: O['responses'][S] extends { content: infer C }
    ? { description: string; content: { [M in keyof C]: { schema: z.ZodType<C[M]> } } }
    : { description: string }
}

/** A route config of `router.openapi()` for operation `K` of type `O`, typed from the document. */
export type DocumentRoute<O extends OperationTypes, K, M> = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  operationId: K
  middleware: M
  request: Params<O> & Body<O>
  responses: Responses<O>
}

type Middleware = MiddlewareHandler<Env, string, object>[]

// ---- Validators, from the document's JSON Schemas ------------------------------------------

/** `doc` with its `$ref`s as `#/$defs/…`, the only references `z.fromJSONSchema` resolves. */
function withDefs(doc: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(doc).replaceAll('"#/components/schemas/', '"#/$defs/'))
}

/** The schema a `$ref` names, or the schema itself. */
function deref(defs: Schema, schema: Schema): Schema {
  const ref = schema.$ref
  return typeof ref === 'string'
    ? deref(defs, defs[ref.slice('#/$defs/'.length)] as Schema)
    : schema
}

/**
 * `value` without the object keys its schema does not name. A JSON Schema object allows other
 * keys unless it says `additionalProperties: false` (then they are refused); the handlers get
 * only the fields the document describes, as zod's `z.object` gave them.
 */
function strip(defs: Schema, schema: Schema, value: unknown): unknown {
  const s = deref(defs, schema)
  for (const part of (s.allOf as Schema[] | undefined) ?? []) value = strip(defs, part, value)
  if (Array.isArray(value) && s.items) return value.map((v) => strip(defs, s.items as Schema, v))
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const properties = s.properties as Record<string, Schema> | undefined
  if (!properties) return value
  const kept = Object.entries(value).filter(
    ([key]) => key in properties || s.additionalProperties !== undefined,
  )
  return Object.fromEntries(
    kept.map(([key, v]) => [key, key in properties ? strip(defs, properties[key]!, v) : v]),
  )
}

/** A zod validator of a request body's JSON Schema, unknown keys dropped. */
function bodySchema(defs: Schema, schema: Schema) {
  return z
    .fromJSONSchema({ ...schema, $defs: defs } as z.core.JSONSchema.JSONSchema)
    .transform((value) => strip(defs, schema, value))
}

/**
 * A number in a query string or path arrives as text: only a string is converted, and a blank
 * one is absent (so a required parameter left blank is refused, not read as 0).
 */
const fromText = (value: unknown) =>
  typeof value !== 'string' ? value : value.trim() === '' ? undefined : Number(value)

/** A zod object of an operation's parameters in `where` (`path` or `query`), or none. */
function parametersSchema(defs: Schema, op: DocumentOperation, where: 'path' | 'query') {
  const params = (op.parameters ?? []).filter((p) => p.in === where)
  if (params.length === 0) return undefined
  const shape = Object.fromEntries(
    params.map((p) => {
      const types = [p.schema.type].flat()
      const numeric = types.includes('integer') || types.includes('number')
      const base = z.fromJSONSchema({ ...p.schema, $defs: defs } as z.core.JSONSchema.JSONSchema)
      const schema = numeric ? z.preprocess(fromText, base) : base
      return [p.name, p.required || p.schema.default !== undefined ? schema : schema.optional()]
    }),
  )
  return z.object(shape)
}

/**
 * Responses are not validated at run time (contract.test.ts checks every answer against the
 * document): the route only carries their types, for the handler's `c.json()`.
 */
function responses(op: DocumentOperation) {
  return Object.fromEntries(
    Object.entries(op.responses).map(([status, r]) => [
      status,
      {
        description: r.description,
        ...(r.content && {
          content: Object.fromEntries(
            Object.keys(r.content).map((type) => [type, { schema: z.unknown() }]),
          ),
        }),
      },
    ]),
  )
}

/** What `build` makes of one operation: typed by `operation()`, which knows its id. */
interface Built {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  operationId: string
  request: object
  responses: object
}

/** Every operation of `doc` by its operationId, with its validators. */
function build(committedDoc: OpenApiDocument) {
  const doc = withDefs(committedDoc)
  const defs = doc.components.schemas
  const built = new Map<string, Built>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = parametersSchema(defs, op, 'path')
      const query = parametersSchema(defs, op, 'query')
      const body = op.requestBody && {
        ...(op.requestBody.required && { required: true }),
        content: Object.fromEntries(
          Object.entries(op.requestBody.content).map(([type, c]) => [
            type,
            { schema: bodySchema(defs, c.schema) },
          ]),
        ),
      }
      built.set(op.operationId, {
        method: method as Built['method'],
        path,
        operationId: op.operationId,
        request: { ...(params && { params }), ...(query && { query }), ...(body && { body }) },
        responses: responses(op),
      })
    }
  }
  return built
}

// Built once per document: the emulator makes many apps (a sandbox is a whole emulator).
const cache = new WeakMap<OpenApiDocument, ReturnType<typeof build>>()

/**
 * The routes of `doc`'s operations, typed by `Operations` (openapi-typescript's `operations` of
 * the same document), with paths relative to `prefix`, where their router is mounted.
 */
export function documentRoutes<Operations>(doc: OpenApiDocument, prefix = '') {
  return <K extends keyof Operations & string, const M extends Middleware>(
    id: K,
    middleware: M,
  ) => {
    const routes = cache.get(doc) ?? build(doc)
    cache.set(doc, routes)
    const route = routes.get(id)
    if (!route?.path.startsWith(prefix)) {
      throw new Error(`The OpenAPI document has no operation ${id} under ${prefix || '/'}`)
    }
    const path = route.path.slice(prefix.length)
    // `hide`: the router need not describe the route; the document does, and is served as is.
    return { ...route, path, middleware, hide: true } as unknown as DocumentRoute<
      Operations[K] & OperationTypes,
      K,
      M
    >
  }
}

/**
 * The route of the platform's operation `id`, for `router.openapi(route, handler)`:
 * `middleware` (credentials and look-ups) runs first, then the document's validation, then the
 * handler. `doc` is the committed document; a test passes an edited copy.
 *
 * @example
 * router.openapi(operation('getSmsBalance', [bearer(kit, 'provider.sms.read')]), (c) => …)
 */
export function operation<K extends OperationId, const M extends Middleware>(
  id: K,
  middleware: M,
  doc: OpenApiDocument = PLATFORM_DOCUMENT,
) {
  return documentRoutes<operations>(doc)(id, middleware)
}
