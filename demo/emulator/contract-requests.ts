// The requests of demo/emulator/contract.test.ts: the two hand-kept OpenAPI documents read, the
// test harness's emulator (./test-harness.ts) of the fixture apps, and for each documented
// operation a request its document accepts (sampled from its schemas by openapi-sampler, with
// values that name the fixtures, and a set-up through documented operations where it needs
// state), sent with the credentials the document declares. Not a test file itself.
import { readFileSync } from 'node:fs'
import { sample } from 'openapi-sampler'
import { expect } from 'vitest'
import type { AppConfig } from '../shared/config-types.js'
import type { Emulator } from './app.js'
import { allScopeApps, fixtures, testEmulator } from './test-harness.js'

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

export type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema: Schema
}
export interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
  security?: Record<string, string[]>[]
}
export interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>
  components: { schemas: Record<string, Schema> }
}

const read = (file: string): Document =>
  JSON.parse(readFileSync(new URL(`../../server/${file}`, import.meta.url), 'utf8'))
export const PLATFORM = read('openapi.json')
export const CONTROL = read('control-openapi.json')

// The fixture apps, every scope enabled (so an operation's token can carry the scope it needs),
// each with a webhook URL that is never called: the emulator's webhook `fetch` is the test's.
const apps: AppConfig[] = allScopeApps.map((app) => ({
  ...app,
  webhook_url: `http://localhost:4401${fixtures.apps.find((f) => f.app_key === app.app_key)!.webhook_path}`,
}))
const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!

/** A fresh emulator of the test harness, with these apps (minus the server). */
export const build = () =>
  testEmulator({
    apps,
    // No webhook leaves the test: every delivery is answered here.
    webhooks: { fetch: async () => new Response('ok') },
  })

export interface Documented {
  method: string
  path: string
  op: Operation
  doc: Document
}
export const documented = (doc: Document): Documented[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase(),
      path,
      op: item[m]!,
      doc,
    })),
  )
export const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`

/** Hono's routes of the app, as `METHOD /path/{param}`, catch-all middleware left out. */
export const served = (emulator: Emulator) => [
  ...new Set(
    emulator.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:([^/{}]+)/g, '{$1}')}`),
  ),
]

/** Path parameters that name something in the fixtures. */
const PATH_VALUES: Record<string, string> = {
  app_key: DOCTOR.app_key,
  provider_id: 'dr-1',
  center_id: 'c-101',
  appointment_id: '70001',
}
export function concrete(path: string, ids: Record<string, string> = {}) {
  return path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) =>
      ids[name] ??
      (name === 'id'
        ? path.includes('medical-centers')
          ? 'c-101'
          : '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11'
        : (PATH_VALUES[name] ?? name)),
  )
}

const now = () => Math.floor(Date.now() / 1000)
const DAY = 24 * 60 * 60

/**
 * Values the document's schemas allow that also name something in the fixtures (a sampler writes
 * "string" for a string): by property or parameter name, wherever it appears.
 */
const VALUES: Record<string, () => unknown> = {
  center_id: () => 'c-101',
  user_id: () => 'dr-1',
  app_key: () => DOCTOR.app_key,
  phone: () => '02188776655',
  mobile: () => '09121234567',
  to: () => '09121234567',
  national_code: () => '0012345678',
  scopes: () => ['provider.profile.read'],
  webhook_url: () => 'http://127.0.0.1:6401/hook',
}

/** The example of a schema, with the VALUES of the properties it names. */
function example(doc: Document, schema: Schema): unknown {
  const value = sample(schema as never, { skipReadOnly: true }, doc as never)
  return withValues(value)
}
function withValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withValues)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      VALUES[k] && typeof v === typeof VALUES[k]() ? VALUES[k]() : withValues(v),
    ]),
  )
}

export interface Call {
  url: string
  headers: Record<string, string>
  body?: unknown
}

/** What an operation's request needs from the state before it: made through documented operations. */
interface Setup {
  path?: Record<string, string>
  query?: Record<string, string | number>
  body?: Record<string, unknown>
  /** The body is `body` alone, nothing sampled (where optional fields exclude each other). */
  exact?: boolean
}
type Ctx = {
  emulator: Emulator
  /** Calls an operation with the credentials the document declares for it. */
  // biome-ignore lint/suspicious/noExplicitAny: the answers of many operations, read by the set-ups
  call(method: string, path: string, json?: unknown): Promise<{ status: number; body: any }>
}

const vacation =
  (kind: 'booking' | 'clinic') =>
  async ({ call }: Ctx) => {
    const made = await call('POST', `/open-platform/v1/${kind}/vacations/c-101`, {
      from: now() + 30 * DAY,
      to: now() + 31 * DAY,
      reason: 'conference',
    })
    return { body: { id: made.body.id } }
  }
const freeSlot = async ({ call }: Ctx) => {
  const centers = await call('GET', '/open-platform/v1/booking/medical-centers')
  const center = centers.body.medical_centers.find((c: { id: string }) => c.id === 'c-101')
  const slots = await call(
    'GET',
    `/open-platform/v1/booking/slots?center_id=c-101&user_center_id=${center.user_center_id}&from=${now()}&to=${now() + 7 * DAY}`,
  )
  return {
    user_center_id: center.user_center_id as string,
    from: slots.body.slots[0].from as number,
  }
}
const WORK_HOURS = { work_hours: [{ day: 'sat', from: '09:00', to: '17:00' }] }

const SETUP: Record<string, (ctx: Ctx) => Promise<Setup>> = {
  'POST /api/v1/apps/{app_key}/oauth/access_token': async ({ emulator }) => ({
    body: { session_token: await sessionToken(emulator, ['provider.profile.read']) },
  }),
  // A range of real times for `from` and `to` (VALUES' `to` is a phone number, for SMS).
  'GET /open-platform/v1/booking/slots': async (ctx) => {
    const { user_center_id } = await freeSlot(ctx)
    return { query: { user_center_id, from: now(), to: now() + 7 * DAY } }
  },
  'POST /open-platform/v1/booking/appointments': async (ctx) => ({ body: await freeSlot(ctx) }),
  'POST /open-platform/v1/booking/move/{center_id}': async (ctx) => {
    const slot = await freeSlot(ctx)
    const booked = await ctx.call('POST', '/open-platform/v1/booking/appointments', {
      center_id: 'c-101',
      ...slot,
      full_name: 'Ali Rezaei',
      mobile: '09121234567',
      national_code: '0012345678',
    })
    const next = await freeSlot(ctx)
    return { body: { appointment_id: booked.body.id, from: next.from } }
  },
  'POST /open-platform/v1/booking/work-hours': async () => ({ body: WORK_HOURS }),
  'POST /open-platform/v1/clinic/work-hours': async () => ({ body: WORK_HOURS }),
  'POST /open-platform/v1/booking/vacations/{center_id}': async () => ({
    body: { from: now() + 30 * DAY, to: now() + 31 * DAY },
  }),
  'POST /open-platform/v1/clinic/vacations/{center_id}': async () => ({
    body: { from: now() + 30 * DAY, to: now() + 31 * DAY },
  }),
  'PUT /open-platform/v1/booking/vacations/{center_id}': async (ctx) => ({
    body: {
      ...(await vacation('booking')(ctx)).body,
      from: now() + 40 * DAY,
      to: now() + 41 * DAY,
    },
  }),
  'PUT /open-platform/v1/clinic/vacations/{center_id}': async (ctx) => ({
    body: { ...(await vacation('clinic')(ctx)).body, from: now() + 40 * DAY, to: now() + 41 * DAY },
  }),
  'DELETE /open-platform/v1/booking/vacations/{center_id}': vacation('booking'),
  'DELETE /open-platform/v1/clinic/vacations/{center_id}': vacation('clinic'),
  'DELETE /open-platform/v1/addons/appointments': async ({ call }) => {
    await call('POST', '/open-platform/v1/addons/appointments', { title: 'Visit notes' })
    return {}
  },
  'GET /v1/sms/balance': async ({ emulator }) => {
    await smsOn(emulator)
    return {}
  },
  'POST /v1/sms/messages': async ({ emulator }) => {
    await smsOn(emulator)
    return {}
  },
  'POST /v1/chatbot/messages': async ({ call }) => {
    await call('POST', '/v1/chatbot/conversations', { user_id: 'dr-1' })
    return {}
  },
  'POST /api/v1/apps/{app_key}/monetization/verify': async ({ call }) => {
    const paid = await call('POST', '/control/v1/payments', {
      app_key: DOCTOR.app_key,
      user_id: 'dr-1',
      kind: 'pay',
      product_key: 'pro',
    })
    return { body: { receipt_id: paid.body.receipt_id } }
  },
  'POST /control/v1/payments': async () => ({
    body: { app_key: DOCTOR.app_key, user_id: 'dr-1', kind: 'pay', product_key: 'pro' },
    exact: true,
  }),
  'POST /api/v1/apps/{app_key}/billing/provider-service/refund': async ({ call }) => {
    const sent = await call('POST', '/control/v1/webhooks/trigger', {
      type: 'doctor_service.succeeded',
      app_key: DOCTOR.app_key,
    })
    return { body: { receipt_id: sent.body.event.data.receipt_id } }
  },
  'DELETE /control/v1/sandboxes/{id}': async ({ call }) => {
    const made = await call('POST', '/control/v1/sandboxes', {})
    return { path: { id: made.body.id } }
  },
  'GET /control/v1/webhooks/deliveries/{id}': async ({ call }) => ({
    path: { id: (await delivery(call)).id },
  }),
  'POST /control/v1/webhooks/deliveries/{id}/resend': async ({ call }) => ({
    path: { id: (await delivery(call)).id },
  }),
}

async function delivery(call: Ctx['call']) {
  const sent = await call('POST', '/control/v1/webhooks/trigger', {
    type: 'installation.created',
    app_key: DOCTOR.app_key,
  })
  return sent.body
}

async function smsOn(emulator: Emulator) {
  const res = await emulator.app.request('/control/v1/sms', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_key: DOCTOR.app_key, user_id: 'dr-1', activated: true, credit: 10 }),
  })
  expect(res.status).toBe(200)
}

/** The credentials an operation declares, for dr-1 and the doctor widget. */
async function credentials(emulator: Emulator, op: Operation) {
  const headers: Record<string, string> = {}
  const security = op.security?.[0] ?? {}
  if ('bearerAuth' in security) {
    headers.authorization = `Bearer ${await accessToken(emulator, security.bearerAuth as string[])}`
  }
  if ('ApiKeyAuth' in security) headers['x-api-key'] = DOCTOR.developer_key
  if ('AppId' in security) headers.app_id = DOCTOR.app_id
  return headers
}

const byKey = new Map(ALL_OPERATIONS().map((o) => [key(o), o]))
export function ALL_OPERATIONS() {
  return [...documented(PLATFORM), ...documented(CONTROL)]
}

function context(emulator: Emulator): Ctx {
  return {
    emulator,
    async call(method, url, json) {
      const path = url.split('?')[0]!
      const o = [...byKey.values()].find(
        (d) =>
          d.method === method &&
          new RegExp(`^${d.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
      )
      if (!o) throw new Error(`${method} ${path} is not documented`)
      const headers = {
        ...(await credentials(emulator, o.op)),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      }
      const answer = await send(emulator, method, { url, headers, body: json })
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
      return answer
    },
  }
}

/** A request the document's schemas accept, with the credentials the operation declares. */
export async function requestFor(emulator: Emulator, o: Documented): Promise<Call> {
  const setup = (await SETUP[key(o)]?.(context(emulator))) ?? {}
  const query = new URLSearchParams()
  for (const p of o.op.parameters ?? []) {
    if (p.in === 'query' && p.required) {
      query.set(p.name, String(VALUES[p.name]?.() ?? example(o.doc, p.schema)))
    }
  }
  for (const [name, value] of Object.entries(setup.query ?? {})) query.set(name, String(value))
  const url = concrete(o.path, setup.path) + (query.size ? `?${query}` : '')
  const headers = await credentials(emulator, o.op)
  const json = o.op.requestBody?.content['application/json']
  if (!json) return { url, headers }
  const body = setup.exact
    ? setup.body
    : { ...(example(o.doc, json.schema) as object), ...setup.body }
  return { url, headers: { ...headers, 'content-type': 'application/json' }, body }
}

/** A session token of dr-1 for the doctor widget, from the control API. */
async function sessionToken(emulator: Emulator, scopes: string[]) {
  const minted = await emulator.app.request('/control/v1/session-tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_key: DOCTOR.app_key, user_id: 'dr-1', scopes }),
  })
  expect(minted.status).toBe(201)
  return (await minted.json()).session_token as string
}

/** An access token of dr-1 for the doctor widget, through the documented operations only. */
async function accessToken(emulator: Emulator, scopes: string[]) {
  const exchanged = await emulator.app.request(
    `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': DOCTOR.developer_key },
      body: JSON.stringify({ session_token: await sessionToken(emulator, scopes) }),
    },
  )
  expect(exchanged.status).toBe(200)
  return (await exchanged.json()).access_token as string
}

export async function send(emulator: Emulator, method: string, call: Call) {
  const res = await emulator.app.request(call.url, {
    method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  })
  const text = await res.text()
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, type, body: type.includes('json') && text ? JSON.parse(text) : text }
}
