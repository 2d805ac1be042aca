// The emulator's internal API and its document, demo/emulator/internal-openapi.json: every
// operation is served and every /internal route is documented; the document is served at
// /internal/openapi.json; and the dev panel's own client (createHttpBackend, which
// `createEmulatorBackend` publishes), called against the emulator, gets answers that match the
// document's schemas (JSON Schema 2020-12, checked by Ajv), for each operation it calls.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpBackend } from '../panel/app/backend.js'
import { INTERNAL_DOCUMENT } from './api/internal-routes.js'
import { documented, key, served } from './contract-requests.js'
import { PANEL, testEmulator } from './test-harness.js'

type Schema = Record<string, unknown>
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ $id: 'internal', components: INTERNAL_DOCUMENT.components }, 'internal')
const validate = (schema: Schema, value: unknown) => {
  const check = ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"internal#/components/')),
  )
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
const operations = documented(INTERNAL_DOCUMENT as never)

/** The documented operation a concrete request path is, or undefined. */
function operationOf(method: string, path: string) {
  return operations.find(
    (o) =>
      o.method === method && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  )
}

describe("the internal API's document", () => {
  it('every operation is a route, and every /internal route is documented', () => {
    const routes = served(testEmulator()).filter(
      (r) => r.includes(' /internal/') && r !== 'GET /internal/openapi.json',
    )
    const ops = operations.map(key)
    expect(ops.filter((op) => !routes.includes(op))).toEqual([])
    expect(routes.filter((r) => !ops.includes(r))).toEqual([])
    expect(ops.length).toBe(26)
  })

  it('is served at /internal/openapi.json, to any caller, with this emulator as server', async () => {
    const res = await testEmulator().app.request('http://127.0.0.1:4402/internal/openapi.json')
    expect(res.status).toBe(200)
    const served = (await res.json()) as Schema
    expect(served.servers).toEqual([{ url: 'http://127.0.0.1:4402', description: 'This emulator' }])
    expect({ ...served, servers: undefined }).toEqual({ ...INTERNAL_DOCUMENT, servers: undefined })
  })
})

describe("the dev panel's client, against the document", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  // A hang guard, not a speed check: its 15 calls in one process took 5.7 s at a load of 10.
  it('gets, for each operation it calls, an answer the document describes', async () => {
    const emulator = testEmulator({
      webhooks: { fetch: async () => new Response(null, { status: 204 }) },
    })
    const seen: { op: string; status: number; problems: string[] }[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input))
      const method = init.method ?? 'GET'
      const res = await emulator.app.request(url.href, {
        ...init,
        headers: { ...(init.headers ?? {}), origin: PANEL },
      })
      const op = operationOf(method, url.pathname)
      const body = await res.clone().json()
      const answer = op?.op.responses[String(res.status)] as
        | { content?: { 'application/json': { schema: Schema } } }
        | undefined
      const schema = answer?.content?.['application/json'].schema
      seen.push({
        op: op ? `${op.op.operationId} ${res.status}` : `undocumented ${method} ${url.pathname}`,
        status: res.status,
        problems: schema ? validate(schema, body) : [`status ${res.status} is not documented`],
      })
      return res
    })
    const backend = createHttpBackend({
      emulator: 'http://127.0.0.1:4402',
      user: 'dr-1',
      locale: 'en',
    })
    const app_key = 'demo-doctor'
    await backend.recordConsent(app_key, ['provider.profile.read'])
    expect(await backend.getConsent(app_key)).toEqual(['provider.profile.read'])
    await backend.issueSessionToken({ app_key, scopes: ['provider.profile.read'] })
    await backend.issueRenewalGrant?.({
      app_key,
      origin: 'http://localhost:4401',
      scopes: ['provider.profile.read'],
    })
    await backend.pay({
      app_key,
      product_key: 'pro',
      amount: 1_250_000,
    } as Parameters<typeof backend.pay>[0])
    expect(await backend.lookupReceipt(app_key, 'rcpt_none')).toBeUndefined()
    await backend.smsActivate(app_key)
    expect(await backend.smsStatus()).toEqual({ active: true })
    await backend.smsCharge({ app_key, count: 100, price: 1000 })
    await backend.addToProfile?.(app_key)
    await backend.removeFromProfile?.(app_key)
    await backend.purgeProfileCache?.()
    await backend.platformCalls(app_key)
    await backend.webhookDeliveries(app_key)
    await expect(
      backend.testOutcomes.withOutcome('declined').pay({
        app_key,
        product_key: 'pro',
        amount: 1_250_000,
      } as Parameters<typeof backend.pay>[0]),
    ).rejects.toThrow()
    expect(seen.filter((s) => s.problems.length)).toEqual([])
    expect(seen.map((s) => s.op)).toEqual([
      'recordConsent 200',
      'getConsent 200',
      'issueSessionToken 200',
      'issueRenewalGrant 200',
      'pay 200',
      'lookupReceipt 404',
      'activateSms 200',
      'getSms 200',
      'chargeSms 200',
      'addToProfile 200',
      'removeFromProfile 200',
      'purgeProfileCache 200',
      'listCalls 200',
      'listWebhooks 200',
      expect.stringMatching(/^pay (400|402)$/),
    ])
  }, 30_000)
})
