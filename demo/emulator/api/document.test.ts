// @vitest-environment node
// The platform routes are built from server/openapi.json, so the document is the one place a
// field changes: an edited copy of it changes what a route accepts, and the emulator built while
// the copy stands in for the committed file validates, and serves, the copy.
import { OpenAPIHono } from '@hono/zod-openapi'
import { afterEach, describe, expect, it, vi } from 'vitest'
import committed from '../../../server/openapi.json' with { type: 'json' }
import { CONTROL_DOCUMENT, CONTROL_PREFIX, controlOperation } from '../control/schemas.js'
import { type OpenApiDocument, operation, PLATFORM_DOCUMENT } from './document.js'

type Edit = (doc: OpenApiDocument & Record<string, unknown>) => void

/** A deep copy of the committed document, edited. */
function edited(edit: Edit): OpenApiDocument {
  const copy = structuredClone(committed) as unknown as OpenApiDocument & Record<string, unknown>
  edit(copy)
  return copy
}

const shortTexts: Edit = (doc) => {
  const schemas = doc.components.schemas as Record<string, { properties: Record<string, object> }>
  schemas.SendSmsRequest!.properties.text = { type: 'string', maxLength: 5 }
}

/** The status a bare app of `sendSms`, built from `doc`, answers `body` with. */
async function sendSmsStatus(doc: OpenApiDocument, body: unknown) {
  const app = new OpenAPIHono()
  app.openapi(
    operation('sendSms', [], doc),
    (c) => c.json({ ...c.req.valid('json') }, 200) as never,
  )
  const res = await app.request('/v1/sms/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return res.status
}

describe('routes from the OpenAPI document', () => {
  it('reads method and path from the document by operationId', () => {
    const route = operation('sendSms', [])
    expect([route.method, route.path]).toEqual(['post', '/v1/sms/messages'])
    expect(PLATFORM_DOCUMENT.paths['/v1/sms/messages']?.post?.operationId).toBe('sendSms')
    expect(() => operation('noSuchOperation' as 'sendSms', [])).toThrow(/no operation/)
  })

  it("builds the control API's routes from its document, relative to where they are mounted", () => {
    const route = controlOperation('listPlatformCalls', [])
    expect([route.method, route.path]).toEqual(['get', '/calls'])
    expect(CONTROL_DOCUMENT.paths[`${CONTROL_PREFIX}/calls`]?.get?.operationId).toBe(
      'listPlatformCalls',
    )
  })

  it('follows an edited copy: a field bounded there is bounded in the route', async () => {
    const message = { to: '09121112233', text: 'hello there' }
    expect(await sendSmsStatus(PLATFORM_DOCUMENT, message)).toBe(200)
    expect(await sendSmsStatus(edited(shortTexts), message)).toBe(400)
    expect(await sendSmsStatus(edited(shortTexts), { ...message, text: 'hello' })).toBe(200)
  })

  it('follows an edited copy: a required field dropped there is optional in the route', async () => {
    const optionalTo = edited((doc) => {
      const schemas = doc.components.schemas as Record<string, { required: string[] }>
      schemas.SendSmsRequest!.required = ['text']
    })
    expect(await sendSmsStatus(PLATFORM_DOCUMENT, { text: 'hi' })).toBe(400)
    expect(await sendSmsStatus(optionalTo, { text: 'hi' })).toBe(200)
  })

  it('drops the body fields the document does not name, as a zod object did', async () => {
    const app = new OpenAPIHono()
    app.openapi(operation('sendSms', [], PLATFORM_DOCUMENT), (c) =>
      c.json(c.req.valid('json') as never, 200),
    )
    const res = await app.request('/v1/sms/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: '09121112233', text: 'hi', role: 'admin' }),
    })
    expect(await res.json()).toEqual({ to: '09121112233', text: 'hi' })
  })
})

describe('the emulator, with an edited document in place of the committed one', () => {
  afterEach(() => {
    vi.doUnmock('../../../server/openapi.json')
    vi.resetModules()
  })

  it('validates and serves the edit: one change to server/openapi.json changes both', async () => {
    vi.resetModules()
    vi.doMock('../../../server/openapi.json', () => ({ default: edited(shortTexts) }))
    const { harness, bearer } = await import('../test-harness.js')
    const h = harness()
    await h.call('POST', '/internal/users/dr-1/apps/demo-doctor/sms/activate')
    await h.call('POST', '/internal/users/dr-1/apps/demo-doctor/sms/charge', {
      json: { count: 10, price: 10000 },
    })
    const token = await h.token(['provider.sms.write'])
    const send = (text: string) =>
      h.call('POST', '/v1/sms/messages', {
        headers: bearer(token),
        json: { to: '09121112233', text },
      })
    const long = await send('hello there')
    expect(long.status).toBe(400)
    expect(long.body).toMatchObject({ error: 'INVALID_INPUT', message: /^text: / })
    expect((await send('hello')).status).toBe(200)
    const served = await h.call('GET', '/openapi.json')
    expect(served.body.components.schemas.SendSmsRequest.properties.text.maxLength).toBe(5)
    // A hang guard: it imports the emulator's whole module graph afresh, which took over 5 s
    // (the default) at a load average of 10 on a 2-core machine.
  }, 30_000)
})
