import { describe, expect, it } from 'vitest'
import {
  CALL_BODY_BYTES,
  CALL_LOG_BYTES,
  CALL_LOG_ENTRIES,
  fingerprint,
  maskText,
} from './call-log.js'
import { bearer, DOCTOR, harness, PANEL } from './test-harness.js'

const panelCalls = async (h: ReturnType<typeof harness>, query = '') =>
  (await h.call('GET', `/internal/calls${query}`)).body.calls as Array<Record<string, any>>

describe('the platform-call log', () => {
  it('logs the exchange and the Bearer calls after it, linked to the session token, secrets masked', async () => {
    const h = harness()
    const minted = await h.call(
      'POST',
      `/internal/users/dr-1/apps/${DOCTOR.app_key}/session-tokens`,
      { json: { scopes: ['provider.profile.read', 'provider.sms.write'] } },
    )
    const session = minted.body.session_token as string
    const exchanged = await h.call('POST', `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
      headers: { 'x-api-key': DOCTOR.developer_key },
      json: { session_token: session },
    })
    const access = exchanged.body.access_token as string
    await h.call('GET', '/open-platform/v1/profile/information', { headers: bearer(access) })
    const sms = await h.call('POST', '/v1/sms/messages', {
      headers: bearer(access),
      json: { to: '09121234567', text: 'hi' },
    })
    expect(sms.status).toBeGreaterThanOrEqual(400)

    const calls = await panelCalls(h, `?app_key=${DOCTOR.app_key}`)
    // The panel's own /internal calls are not the backend's: not logged.
    expect(calls.map((c) => [c.method, c.path.split('?')[0], c.status])).toEqual([
      ['POST', `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, 200],
      ['GET', '/open-platform/v1/profile/information', 200],
      ['POST', '/v1/sms/messages', sms.status],
    ])
    for (const c of calls) {
      expect(c.links.session).toBe(fingerprint(session))
      expect(c.app_key).toBe(DOCTOR.app_key)
      const text = JSON.stringify(c)
      for (const secret of [session, access, DOCTOR.developer_key]) {
        expect(text).not.toContain(secret)
      }
    }
    expect(calls[0]!.request.headers['x-api-key']).toBe(`•••${DOCTOR.developer_key.slice(-4)}`)
    expect(JSON.parse(calls[0]!.response.body).access_token).toBe(`•••${access.slice(-4)}`)
    expect(calls[1]!.request.headers.authorization).toMatch(/^•••/)
    expect(JSON.parse(calls[1]!.response.body)).toMatchObject({ first_name: expect.any(String) })

    // Filters: by status class and by id (follow mode).
    expect((await panelCalls(h, `?after=${calls[1]!.id}`)).map((c) => c.id)).toEqual([calls[2]!.id])
    expect(h.emulator.state && (await panelCalls(h, '?app_key=demo-booking'))).toEqual([])
  })

  it('refuses another origin, as every internal route does', async () => {
    const h = harness()
    const res = await h.emulator.app.request('/internal/calls', {
      headers: { origin: 'http://evil.test' },
    })
    expect(res.status).toBe(403)
    expect(PANEL).not.toBe('http://evil.test')
  })

  it('keeps at most CALL_LOG_ENTRIES entries and CALL_LOG_BYTES bytes, each body cut at CALL_BODY_BYTES', async () => {
    const h = harness()
    const big = 'x'.repeat(20 * 1024)
    for (let i = 0; i < 300; i++) {
      await h.call('POST', '/v1/sms/messages', { json: { to: '0912', text: big } })
    }
    let calls = h.emulator.app && (await panelCalls(h))
    // 300 bodies cut to 8 KiB are more than CALL_LOG_BYTES: the oldest went first.
    expect(calls.length).toBeGreaterThan(100)
    expect(calls.length).toBeLessThan(300)
    for (const c of calls) {
      expect(Buffer.byteLength(c.request.body)).toBeLessThanOrEqual(CALL_BODY_BYTES)
      expect(c.request.truncated).toBe(true)
    }
    const kept = calls.reduce(
      (n, c) => n + c.request.body.length + (c.response.body?.length ?? 0),
      0,
    )
    expect(kept).toBeLessThanOrEqual(CALL_LOG_BYTES)
    for (let i = 0; i < CALL_LOG_ENTRIES + 20; i++) {
      await h.call('GET', '/open-platform/v1/profile/information')
    }
    calls = await panelCalls(h)
    expect(calls).toHaveLength(CALL_LOG_ENTRIES)
    expect(calls.at(-1)!.id - calls[0]!.id).toBe(CALL_LOG_ENTRIES - 1)
    // A reset empties it.
    await h.call('POST', '/internal/reset')
    expect(await panelCalls(h)).toEqual([])
  }, 60_000)
})

describe('the control API of the log', () => {
  it.each([
    ['403', 200],
    ['4xx', 200],
    ['4XX', 200],
    ['error', 200],
    ['4x', 400],
    ['600', 400],
    ['errors', 400],
  ])('takes status=%s as its document says (%i)', async (status, expected) => {
    const h = harness()
    expect((await h.call('GET', `/control/v1/calls?status=${status}`)).status).toBe(expected)
  })
})

describe('maskText', () => {
  it.each([
    ['a known key', 'key=dk_live_0123456789abcdef', ['dk_live_0123456789abcdef'], 'key=•••cdef'],
    ['a JWT', 'Bearer eyJhbGciOi.eyJzdWIiOiJ4In0.c2lnbmF0dXJlXw', [], 'Bearer •••JlXw'],
    [
      'a secret-named JSON key',
      '{"webhook_secret":"whsec_abcdefghijklmnop","n":1}',
      [],
      '{"webhook_secret":"•••mnop","n":1}',
    ],
  ])('masks %s', (_, text, secrets, expected) => {
    expect(maskText(text, secrets)).toBe(expected)
  })
})
