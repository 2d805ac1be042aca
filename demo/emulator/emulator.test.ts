import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './app.js'
import { apps, DOCTOR, fixtureSuite, fixtures, PANEL, testEmulator } from './test-harness.js'

const { s, call, sessionToken, accessToken, bearer } = fixtureSuite()

describe('bearer APIs', () => {
  it('serves the profile with provider.profile.read', async () => {
    const token = await accessToken(['provider.profile.read'])
    const res = await call('/open-platform/v1/profile/information', bearer(token))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 'dr-1', last_name: 'احمدی' })
  })

  it('answers 403 INSUFFICIENT_SCOPE when the token lacks the scope', async () => {
    const token = await accessToken(['provider.sms.read'])
    const res = await call('/open-platform/v1/profile/information', bearer(token))
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      error: 'INSUFFICIENT_SCOPE',
      required_scope: 'provider.profile.read',
    })
    const user = await call('/v1/user/information', bearer(token))
    expect(user.status).toBe(403)
  })

  it('answers 401 for a missing, unknown or expired access token', async () => {
    const token = await accessToken(['provider.profile.read'])
    expect((await call('/open-platform/v1/profile/information')).status).toBe(401)
    expect((await call('/open-platform/v1/profile/information', bearer('at_forged'))).status).toBe(
      401,
    )
    s.clock += fixtures.tokens.access_token_ttl_seconds * 1000
    const expired = await call('/open-platform/v1/profile/information', bearer(token))
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({
      error: 'INVALID_ACCESS_TOKEN',
      message: /expired/,
    })
  })

  it('serves exactly the service-types table of part 2, without a token', async () => {
    const res = await call('/v1/rx/service-types')
    expect(res.status).toBe(200)
    const { categories } = (await res.json()) as {
      categories: { key: string; providers: Record<string, number[]> }[]
    }
    expect(categories.map((c) => [c.key, c.providers])).toEqual([
      ['drugs', { tamin: [79], salamat: [1] }],
      ['lab', { tamin: [80], salamat: [2] }],
      ['imaging', { tamin: [81, 83, 84, 85], salamat: [3] }],
      ['others', { tamin: [82, 86, 87, 88, 89, 90, 91, 92, 93, 95], salamat: [4, 5, 6] }],
      ['equipment', { tamin: [], salamat: [8] }],
    ])
  })
})

describe('request bodies', () => {
  it('over the limit are refused with 413 on every route, before any state changes', async () => {
    const big = JSON.stringify({ scopes: [], pad: 'x'.repeat(MAX_BODY_BYTES) })
    for (const path of [
      '/internal/users/dr-1/apps/demo-doctor/session-tokens',
      `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`,
      '/v1/sms/messages',
      '/no/such/route',
    ]) {
      const res = await call(path, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json', 'x-api-key': DOCTOR.developer_key },
      })
      expect(res.status, path).toBe(413)
      expect(await res.json()).toMatchObject({
        error: 'PAYLOAD_TOO_LARGE',
        max_bytes: MAX_BODY_BYTES,
      })
    }
    expect(s.emulator.state.sessionTokens.size).toBe(0)
  })

  it('over the limit are refused when streamed without a length, too', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES * 4) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await s.emulator.app.request(
      '/internal/users/dr-1/apps/demo-doctor/session-tokens',
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', origin: PANEL },
        // @ts-expect-error: Node's fetch needs duplex for a stream body
        duplex: 'half',
      },
    )
    expect(res.status).toBe(413)
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES * 4)
  })
})

// A widget backend written for the real platform, as some are: it posts the token exchange as a
// form (not JSON), and takes the user id from the access token itself, decoding the JWT's payload
// by hand instead of calling the platform. Nothing here uses the emulator's own token code.

describe('a widget backend written for the real platform', () => {
  async function realBackendLogin(sessionTokenFromPage: string) {
    const res = await s.emulator.app.request(
      `http://127.0.0.1:4402/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-api-key': DOCTOR.developer_key,
        },
        body: `session_token=${encodeURIComponent(sessionTokenFromPage)}`,
      },
    )
    if (!res.ok) throw new Error(`exchange failed: ${res.status}`)
    const { access_token } = (await res.json()) as { access_token: string }
    const payload = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString())
    return { access_token, userId: payload.sub as string, scopes: String(payload.scope).split(' ') }
  }

  it('exchanges with a form body and reads the user id from the access token', async () => {
    for (const user of ['dr-1', 'dr-2']) {
      const login = await realBackendLogin(
        await sessionToken(['provider.profile.read'], DOCTOR, user),
      )
      expect(login.userId).toBe(user)
      expect(login.scopes).toEqual(['provider.profile.read'])
      // The id it decoded is the one the platform's APIs answer for with that token.
      const res = await call('/open-platform/v1/profile/information', bearer(login.access_token))
      expect(((await res.json()) as { id: string }).id).toBe(login.userId)
    }
  })

  it('cannot log in twice with one session token', async () => {
    const token = await sessionToken(['provider.profile.read'])
    await realBackendLogin(token)
    await expect(realBackendLogin(token)).rejects.toThrow('exchange failed: 400')
  })
})

describe('the front door', () => {
  it('/ answers a page naming every registered widget, its keys and URLs, and the webhook log', async () => {
    const res = await call('http://127.0.0.1:4402/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).toContain('<h1>Platform emulator</h1>')
    for (const app of apps) {
      expect(html).toContain(`<code>${app.app_key}</code>`)
      expect(html).toContain(app.developer_key)
      expect(html).toContain(
        `POST http://127.0.0.1:4402/api/v1/apps/${app.app_key}/oauth/access_token`,
      )
    }
    expect(html).toContain('href="/webhooks"')
    expect(html).toContain(`${PANEL}/panel`)
    const log = await call('/webhooks')
    expect(log.status).toBe(200)
    expect(await log.json()).toEqual({ deliveries: [] })
  })

  it('escapes what a config file put in a widget name or URL', async () => {
    const hostile = {
      ...DOCTOR,
      app_key: 'x',
      name: '<script>alert(1)</script>',
      url: 'http://localhost:9/?a="b"',
    }
    const own = testEmulator({ apps: [hostile] })
    const html = await (await own.app.request('/')).text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('?a=&quot;b&quot;')
  })
})
