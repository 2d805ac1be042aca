// The description the emulator serves, against the contract. server/openapi.json is kept by hand
// and is the source of the server kit's types and of the emulator's routes (api/document.ts);
// the emulator serves it at /openapi.json as committed, with its own origin as the server.
// Every operation of spec part 4 is in the document, and every operation asks for the
// credentials the document says (none, a Bearer token with its scope, the developer key, or the
// developer key and app_id). contract.test.ts checks the routes served and the answers against
// the document.
import { readFileSync } from 'node:fs'
import { EMULATOR_URL } from 'platform-widget-server'
import { beforeEach, describe, expect, it } from 'vitest'
import { BOOKING, bearer, DOCTOR, type Harness, harness, PANEL } from './test-harness.js'

/** Spec part 4, row by row: 4.1 (17 + the 10 of the clinic set), 4.2 (6), 4.3 (3), 4.4 (5), 4.5 (10). */
const SPEC_OPERATIONS = [
  'POST /open-platform/v1/addons/appointments',
  'DELETE /open-platform/v1/addons/appointments',
  'GET /open-platform/v1/booking/slots',
  'GET /open-platform/v1/booking/medical-centers',
  'PUT /open-platform/v1/booking/medical-centers/{id}',
  'GET /open-platform/v1/booking/appointments',
  'GET /v1/booking/appointments',
  'POST /open-platform/v1/booking/appointments',
  'GET /open-platform/v1/booking/appointments/{id}',
  'DELETE /open-platform/v1/booking/appointments/{id}',
  'GET /open-platform/v1/booking/work-hours',
  'POST /open-platform/v1/booking/work-hours',
  'POST /open-platform/v1/booking/move/{center_id}',
  'GET /open-platform/v1/booking/vacations/{center_id}',
  'POST /open-platform/v1/booking/vacations/{center_id}',
  'PUT /open-platform/v1/booking/vacations/{center_id}',
  'DELETE /open-platform/v1/booking/vacations/{center_id}',
  'GET /open-platform/v1/clinic/medical-centers',
  'PUT /open-platform/v1/clinic/medical-centers/{id}',
  'GET /open-platform/v1/clinic/appointments',
  'DELETE /open-platform/v1/clinic/appointments/{id}',
  'GET /open-platform/v1/clinic/work-hours',
  'POST /open-platform/v1/clinic/work-hours',
  'GET /open-platform/v1/clinic/vacations/{center_id}',
  'POST /open-platform/v1/clinic/vacations/{center_id}',
  'PUT /open-platform/v1/clinic/vacations/{center_id}',
  'DELETE /open-platform/v1/clinic/vacations/{center_id}',
  'GET /open-platform/v1/profile/information',
  'PATCH /open-platform/v1/profile/information',
  'PUT /open-platform/v1/profile/information',
  'POST /open-platform/v1/profile/purge-cache',
  'POST /open-platform/v1/chats/{appointment_id}/messages',
  'GET /open-platform/v1/finance/accounts',
  'GET /v1/rx/insurance-type',
  'GET /v1/rx/service-types',
  'GET /v1/rx/services/search',
  'GET /v1/sms/balance',
  'POST /v1/sms/messages',
  'POST /v1/chatbot/conversations',
  'POST /v1/chatbot/messages',
  'GET /v1/user/information',
  'POST /api/v1/apps/{app_key}/oauth/access_token',
  'GET /api/v1/apps/{app_key}/channels/',
  'GET /api/v1/apps/{app_key}/channels/{provider_id}',
  'PUT /api/v1/apps/{app_key}/channels/{provider_id}',
  'DELETE /api/v1/apps/{app_key}/channels/{provider_id}',
  'POST /api/v1/apps/{app_key}/monetization/verify',
  'POST /api/v1/apps/{app_key}/billing/provider-service/refund',
  'POST /api/v1/apps/{app_key}/installations',
  'DELETE /api/v1/apps/{app_key}/installations',
  'GET /api/v1/apps/{app_key}/installations',
]

type Operation = { operationId: string; security?: Record<string, string[]>[] }
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, unknown> }
}

let h: Harness
let doc: Document
beforeEach(async () => {
  h = harness()
  doc = (await h.call('GET', '/openapi.json')).body
})

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  )

/** A concrete URL for a templated path. */
const concrete = (path: string) =>
  path
    .replace('{app_key}', DOCTOR.app_key)
    .replace('{provider_id}', 'dr-1')
    .replace('{center_id}', 'c-101')
    .replace('{appointment_id}', '70001')
    .replace(
      '{id}',
      path.includes('medical-centers') ? 'c-101' : '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11',
    )

describe('the OpenAPI description', () => {
  it('is exactly the committed server/openapi.json (the contract), asked at the default origin', async () => {
    // The document is the contract and the source of the server kit's published types and the
    // emulator's routes (DEVELOPERS.md, "Change the platform API").
    const committed = JSON.parse(
      readFileSync(new URL('../../server/openapi.json', import.meta.url), 'utf8'),
    )
    const served = await (await h.emulator.app.request(`${EMULATOR_URL}/openapi.json`)).json()
    expect(served).toEqual(committed)
    expect(Object.keys(committed.paths)).toHaveLength(Object.keys(doc.paths).length)
  })

  it('is OpenAPI 3.1 with the three security schemes', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'ApiKeyAuth',
      'AppId',
      'bearerAuth',
    ])
  })

  it('holds every operation of spec part 4', () => {
    expect(SPEC_OPERATIONS).toHaveLength(51)
    const documented = new Set(operations().map((o) => `${o.method} ${o.path}`))
    expect(SPEC_OPERATIONS.filter((op) => !documented.has(op))).toEqual([])
  })

  it('gives every operation a unique operationId', () => {
    const ids = operations().map((o) => o.op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true)
  })

  it('is linked from the index page', async () => {
    const res = await h.emulator.app.request('/')
    expect(await res.text()).toContain('href="/openapi.json"')
  })
})

describe('every operation asks for the credentials its description declares', () => {
  it('Bearer operations: 401 without a token (400 for the catalog search), 403 with another scope', async () => {
    // user.appointment.write is the scope of no operation.
    const other = await h.token(['user.appointment.write'])
    const checked: string[] = []
    for (const { method, path, op } of operations()) {
      const scope = op.security?.[0]?.bearerAuth?.[0]
      if (!scope) continue
      const url = concrete(path)
      const none = await h.call(method, url)
      const expected = path === '/v1/rx/services/search' ? 400 : 401
      expect(none.status, `${method} ${path}`).toBe(expected)
      const wrong = await h.call(method, url, { headers: bearer(other) })
      expect(wrong.status, `${method} ${path}`).toBe(403)
      expect(wrong.body, `${method} ${path}`).toMatchObject({
        error: 'INSUFFICIENT_SCOPE',
        required_scope: scope,
      })
      checked.push(`${method} ${path}`)
    }
    expect(checked.length).toBe(36)
  })

  it("developer-key operations: 401 DEVELOPER_NOT_AUTHORIZED without the key or with another widget's", async () => {
    let checked = 0
    for (const { method, path, op } of operations()) {
      const security = op.security?.[0]
      if (!security || !('ApiKeyAuth' in security) || 'AppId' in security) continue
      for (const headers of [{}, { 'x-api-key': BOOKING.developer_key }] as Record<
        string,
        string
      >[]) {
        const res = await h.call(method, concrete(path), { headers })
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(res.body.error).toBe('DEVELOPER_NOT_AUTHORIZED')
      }
      checked++
    }
    expect(checked).toBe(11)
  })

  it('bot operations: 401 without x-api-key and app_id or with a mismatched pair, 403 without app.chatbot.messaging', async () => {
    const fixtureScopes = harness({ allScopes: false })
    const bots = operations().filter((o) => o.op.security?.[0] && 'AppId' in o.op.security[0])
    expect(bots.map((o) => o.path).sort()).toEqual([
      '/v1/chatbot/conversations',
      '/v1/chatbot/messages',
    ])
    for (const { method, path } of bots) {
      for (const headers of [
        {},
        { 'x-api-key': DOCTOR.developer_key },
        { 'x-api-key': DOCTOR.developer_key, app_id: BOOKING.app_id },
      ] as Record<string, string>[]) {
        const res = await h.call(method, path, { headers, json: { user_id: 'dr-1', content: 'x' } })
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401)
      }
      // demo-booking has no app.chatbot.messaging in the fixtures.
      const res = await fixtureScopes.call(method, path, {
        headers: { 'x-api-key': BOOKING.developer_key, app_id: BOOKING.app_id },
        json: { user_id: 'pt-1', content: 'x' },
      })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({
        error: 'INSUFFICIENT_SCOPE',
        required_scope: 'app.chatbot.messaging',
      })
    }
  })

  it('operations without credentials answer without any', async () => {
    const open = operations().filter((o) => o.op.security?.length === 0)
    expect(open.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /open-platform/v1/booking/slots',
      'GET /v1/rx/service-types',
      'POST /open-platform/v1/booking/appointments',
    ])
    for (const { method, path } of open) {
      const res = await h.call(method, path)
      expect([401, 403], `${method} ${path}`).not.toContain(res.status)
    }
  })

  it('the internal endpoints stay panel-only', async () => {
    const res = await h.emulator.app.request('/internal/health', {
      headers: { origin: 'http://localhost:4401' },
    })
    expect(res.status).toBe(403)
    expect(
      (await h.emulator.app.request('/internal/health', { headers: { origin: PANEL } })).status,
    ).toBe(200)
  })
})
