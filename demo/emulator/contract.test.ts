// @vitest-environment node
// The emulator against the contract. server/openapi.json and server/control-openapi.json are the
// hand-kept source of the platform's open APIs and of the emulator's control API (the server
// kit's types are generated from them, scripts/platform-types.ts, and the platform routes are
// built from the first, api/document.ts); the emulator is a mock of them, so it is checked
// against them, never the other way round: a handler's answer is not validated at run time. Built through `createEmulator`
// and walked through Hono's own route list (no route module imported), it must serve every
// documented operation and nothing undocumented; every operation, called with a request made
// from the document's schemas, must answer a documented status with a body the document's schema
// for it accepts (JSON Schema 2020-12, the dialect of OpenAPI 3.1, checked by Ajv); and a request
// the document's schemas refuse (a required field or parameter left out, a body of the wrong
// type, a word for an integer or UUID in the path) must be refused with a documented 400.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import {
  ALL_OPERATIONS,
  build,
  type Call,
  CONTROL,
  concrete,
  type Document,
  type Documented,
  documented,
  key,
  PLATFORM,
  requestFor,
  type Schema,
  send,
  served,
} from './contract-requests.js'

// One validator over each document's components, so `$ref`s resolve as the document says.
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ $id: 'platform', components: PLATFORM.components }, 'platform')
ajv.addSchema({ $id: 'control', components: CONTROL.components }, 'control')
const resolve = (doc: Document, schema: Schema): Schema =>
  JSON.parse(
    JSON.stringify(schema).replaceAll(
      '"#/components/',
      `"${doc === PLATFORM ? 'platform' : 'control'}#/components/`,
    ),
  )
const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
const validate = (doc: Document, schema: Schema, value: unknown) => {
  const source = JSON.stringify(resolve(doc, schema))
  const check = compiled.get(source) ?? ajv.compile(JSON.parse(source))
  compiled.set(source, check)
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}

describe('the emulator serves the documents, no more and no less', () => {
  const emulator = build()
  it('every operation of server/openapi.json is a route, and every route is documented', () => {
    const routes = served(emulator).filter(
      (r) => !r.includes(' /control/') && !r.includes(' /internal') && !r.includes(' /sandboxes/'),
    )
    const ops = documented(PLATFORM).map(key)
    expect(ops.filter((op) => !routes.includes(op))).toEqual([])
    // Not operations of the platform: the front door, the document itself, and a browser's GET
    // of a POST-only URL (405, checked below).
    const extra = routes.filter((r) => !ops.includes(r))
    expect(extra.filter((r) => r !== 'GET /' && r !== 'GET /openapi.json' && !postOnly(r))).toEqual(
      [],
    )
    // The 51 of spec part 4, the emulator's server-side receipts and its webhook log.
    expect(ops).toHaveLength(53)
  })

  it('every operation of server/control-openapi.json is a route under /control/v1, and every control route is documented', () => {
    const routes = served(emulator).filter((r) => r.includes(' /control/'))
    const ops = documented(CONTROL).map(key)
    expect(ops.filter((op) => !routes.includes(op))).toEqual([])
    expect(routes.filter((r) => !ops.includes(r) && r !== 'GET /control/v1/openapi.json')).toEqual(
      [],
    )
    expect(ops).toHaveLength(14)
  })

  it('a GET of a POST-only URL is not an operation: it answers 405 with Allow: POST', async () => {
    const gets = served(emulator).filter(postOnly)
    expect(gets).toHaveLength(4)
    for (const route of gets) {
      const res = await emulator.app.request(concrete(route.slice(4)))
      expect(res.status, route).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
    }
  })
})

/** A GET route whose path the document has only as POST. */
function postOnly(route: string) {
  if (!route.startsWith('GET ')) return false
  const item = PLATFORM.paths[route.slice(4)]
  return item !== undefined && item.post !== undefined && item.get === undefined
}

/** What is wrong with an answer, against the operation's document: [] when nothing. */
function checkAnswer(o: Documented, answer: Awaited<ReturnType<typeof send>>) {
  const documentedAs = o.op.responses[String(answer.status)] ?? o.op.responses.default
  if (!documentedAs) return [`status ${answer.status} is not documented`]
  const content = documentedAs.content
  if (!content) return answer.body === '' ? [] : [`status ${answer.status} documents no body`]
  const json = content['application/json']
  if (!json) return []
  if (!answer.type.includes('application/json')) return [`content-type ${answer.type}`]
  return validate(o.doc, json.schema, answer.body).map((e) => `${answer.status}: ${e}`)
}

const ALL = ALL_OPERATIONS()

/** The schema a `$ref` names in its document, or the schema itself. */
const deref = (doc: Document, schema: Schema): Schema => {
  const ref = schema.$ref
  return typeof ref === 'string'
    ? deref(doc, doc.components.schemas[ref.replace('#/components/schemas/', '')]!)
    : schema
}

/** Each way to break an operation's request that its document refuses: a name and the call. */
function broken(o: Documented, valid: Call): [string, Call][] {
  const cases: [string, Call][] = []
  const url = new URL(valid.url, 'http://x')
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue
    const query = new URLSearchParams(url.search)
    query.delete(p.name)
    cases.push([`no ${p.name} in the query`, { ...valid, url: `${url.pathname}?${query}` }])
  }
  for (const p of o.op.parameters ?? []) {
    // A path parameter of a narrower type than any string: a word where it is not one.
    if (p.in !== 'path' || (p.schema.type !== 'integer' && p.schema.format !== 'uuid')) continue
    const segments = url.pathname.split('/')
    const at = o.path.split('/').indexOf(`{${p.name}}`)
    segments[at] = 'not-an-id'
    cases.push([
      `a word for ${p.name} in the path`,
      { ...valid, url: segments.join('/') + url.search },
    ])
  }
  const json = o.op.requestBody?.content['application/json']
  if (json) {
    const schema = deref(o.doc, json.schema)
    if (o.op.requestBody?.required) cases.push(['a JSON array for a body', { ...valid, body: [] }])
    for (const name of (schema.required as string[] | undefined) ?? []) {
      const { [name]: _, ...body } = valid.body as Record<string, unknown>
      cases.push([`no ${name} in the body`, { ...valid, body }])
    }
  }
  return cases
}

/**
 * Operations a request made from the documents cannot bring to a 2xx, and why. Their answer is
 * still checked against the document.
 */
const NOT_REACHED: Record<string, string> = {
  // A doctor-service receipt is paid in the panel (its internal route, which no document
  // describes); the control API's payments are pay and subscribe, and a triggered webhook's
  // receipt is a sample that is not kept.
  'POST /api/v1/apps/{app_key}/billing/provider-service/refund': '404',
}

// In order, also under `--sequence.shuffle`: the last two tests read what each operation's test
// recorded (statuses and refusals), so they come after all of them.
describe('every documented operation, against its schemas', { shuffle: false }, () => {
  const statuses = new Map<string, number>()
  const refusals: string[] = []
  // One emulator, back to its fixtures before each operation (building one per operation costs
  // about a fifth of a second each).
  const emulator = build()

  it.each(ALL.map((o) => [key(o), o] as const))('%s', async (name, o) => {
    emulator.reset()
    const valid = await requestFor(emulator, o)
    // First what the document refuses (a refused request changes nothing), then the request itself.
    for (const [what, call] of broken(o, valid)) {
      const answer = await send(emulator, o.method, call)
      expect(answer.status, `${name}, ${what}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(o.op.responses['400'], `${name} documents its 400`).toBeDefined()
      expect(checkAnswer(o, answer), `${name}, ${what}`).toEqual([])
      refusals.push(`${name}: ${what}`)
    }
    const answer = await send(emulator, o.method, valid)
    statuses.set(name, answer.status)
    expect(checkAnswer(o, answer), `${name} answered ${answer.status}`).toEqual([])
  })

  it('a request made from the document is accepted (2xx) by all but the listed operations', () => {
    expect(statuses.size).toBe(ALL.length)
    const refused = Object.fromEntries(
      [...statuses].filter(([, s]) => s >= 300).map(([n, s]) => [n, String(s)]),
    )
    expect(refused).toEqual(NOT_REACHED)
  })

  it('broke every required query parameter and body field, and each typed path id, of the documents', () => {
    // 86 today: a change of this count is a change of what the documents require.
    expect(refusals).toHaveLength(86)
  })
})
