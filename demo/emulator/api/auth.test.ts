import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { BOOKING, DOCTOR, fixtureSuite, fixtures, PANEL, testEmulator } from '../test-harness.js'

const { s, call, sessionToken, exchange, accessToken, bearer } = fixtureSuite()

describe('token exchange', () => {
  it('exchanges a session token for an access token carrying its scopes', async () => {
    const res = await exchange(await sessionToken(['provider.profile.read', 'provider.sms.read']))
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: fixtures.tokens.access_token_ttl_seconds,
      scope: 'provider.profile.read provider.sms.read',
    })
    // A JWT: header.payload.signature, each base64url.
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('issues HS256 JWTs carrying sub, the app, scope, iat and exp, with the 60 s / 1 h lifetimes', async () => {
    const session = await sessionToken(['provider.profile.read', 'provider.sms.read'])
    expect(decodeProtectedHeader(session)).toEqual({ alg: 'HS256', typ: 'st+jwt' })
    const sessionClaims = decodeJwt(session)
    expect(sessionClaims).toMatchObject({
      iss: 'platform-emulator',
      sub: 'dr-1',
      aud: DOCTOR.app_key,
      client_id: DOCTOR.app_key,
      scope: 'provider.profile.read provider.sms.read',
      iat: s.clock / 1000,
      exp: s.clock / 1000 + 60,
    })
    const { access_token } = (await (await exchange(session)).json()) as { access_token: string }
    expect(decodeProtectedHeader(access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt' })
    const claims = decodeJwt(access_token)
    expect(claims).toMatchObject({
      sub: 'dr-1',
      aud: DOCTOR.app_key,
      scope: 'provider.profile.read provider.sms.read',
      iat: s.clock / 1000,
      exp: s.clock / 1000 + 3600,
    })
    expect(claims.jti).not.toBe(sessionClaims.jti)
  })

  it('refuses a token signed with another key, a session token used as a Bearer, and an access token exchanged', async () => {
    const other = testEmulator({
      now: () => s.clock,
      tokenSecret: new Uint8Array(32).fill(7),
    })
    const minted = await other.app.request('/internal/users/dr-1/apps/demo-doctor/session-tokens', {
      method: 'POST',
      headers: { origin: PANEL, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['provider.profile.read'] }),
    })
    const foreign = ((await minted.json()) as { session_token: string }).session_token
    expect(decodeJwt(foreign).sub).toBe('dr-1')
    expect(await (await exchange(foreign)).json()).toMatchObject({
      error: 'INVALID_SESSION_TOKEN',
      message: /not a session token this platform issued/,
    })
    const session = await sessionToken(['provider.profile.read'])
    const profile = '/open-platform/v1/profile/information'
    expect((await call(profile, bearer(session))).status).toBe(401)
    const { access_token } = (await (await exchange(session)).json()) as { access_token: string }
    expect((await call(profile, bearer(access_token))).status).toBe(200)
    expect((await exchange(access_token)).status).toBe(400)
    // A token whose claims were edited (a wider scope) no longer matches its signature.
    const [head, , sig] = access_token.split('.')
    const widened = Buffer.from(
      JSON.stringify({ ...decodeJwt(access_token), scope: 'provider.sms.write' }),
    ).toString('base64url')
    const forged = await call('/v1/sms/messages', {
      ...bearer(`${head}.${widened}.${sig}`),
      method: 'POST',
      json: { to: '09121234567', text: 'hi' },
    })
    expect(forged.status).toBe(401)
  })

  it('refuses access tokens after a reset, though their signature still holds', async () => {
    const token = await accessToken(['provider.profile.read'])
    await call('/internal/reset', { method: 'POST' })
    expect((await call('/open-platform/v1/profile/information', bearer(token))).status).toBe(401)
  })

  it('accepts a form-urlencoded exchange, as some platform clients send it', async () => {
    const token = await sessionToken(['provider.sms.read'])
    const res = await call(`/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'x-api-key': DOCTOR.developer_key,
      },
      body: new URLSearchParams({ session_token: token }).toString(),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ token_type: 'Bearer', scope: 'provider.sms.read' })
    const empty = await call(`/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-api-key': DOCTOR.developer_key,
      },
      body: 'session=x',
    })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ error: 'INVALID_INPUT', message: /form-urlencoded/ })
  })

  it('refuses a reused session token: tokens are single-use', async () => {
    const token = await sessionToken(['provider.profile.read'])
    expect((await exchange(token)).status).toBe(200)
    const again = await exchange(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({
      error: 'INVALID_SESSION_TOKEN',
      message: expect.stringContaining('already exchanged'),
    })
  })

  it('refuses an expired session token (60 s)', async () => {
    const token = await sessionToken(['provider.profile.read'])
    s.clock += 60_000
    const res = await exchange(token)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'INVALID_SESSION_TOKEN', message: /expired/ })
  })

  it('accepts a session token one second before it expires', async () => {
    const token = await sessionToken(['provider.profile.read'])
    s.clock += 59_000
    expect((await exchange(token)).status).toBe(200)
  })

  it('refuses a forged session token', async () => {
    const res = await exchange('st_made-up-by-someone')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'INVALID_SESSION_TOKEN' })
  })

  it('refuses a session token issued to another widget, and does not burn it', async () => {
    const token = await sessionToken(['provider.profile.read'])
    const res = await exchange(token, BOOKING)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: 'INVALID_SESSION_TOKEN',
      message: /another widget/,
    })
    expect((await exchange(token)).status).toBe(200)
  })

  it('refuses a wrong or missing developer key with DEVELOPER_NOT_AUTHORIZED', async () => {
    const token = await sessionToken(['provider.profile.read'])
    for (const key of ['dk_wrong', BOOKING.developer_key, null]) {
      const res = await exchange(token, DOCTOR, key)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: 'DEVELOPER_NOT_AUTHORIZED' })
    }
    // The refused attempts did not use the token up.
    expect((await exchange(token)).status).toBe(200)
  })

  it('refuses an unknown app_key with DEVELOPER_NOT_AUTHORIZED', async () => {
    const res = await call('/api/v1/apps/nope/oauth/access_token', {
      method: 'POST',
      headers: { 'x-api-key': DOCTOR.developer_key },
      json: { session_token: 'x' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: 'DEVELOPER_NOT_AUTHORIZED' })
  })

  it('answers INVALID_INPUT for a body without a session_token, or no JSON at all', async () => {
    for (const body of [JSON.stringify({}), JSON.stringify({ session_token: 7 }), 'not json']) {
      const res = await call(`/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
        method: 'POST',
        headers: { 'x-api-key': DOCTOR.developer_key, 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'INVALID_INPUT', message: expect.any(String) })
    }
  })

  it('issues session tokens only for scopes enabled for the widget', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/session-tokens', {
      method: 'POST',
      json: { scopes: ['user.profile.write'] },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: 'INVALID_SCOPE' })
  })

  it('issues a provider.* scope to a provider only: a patient gets 403 INVALID_SCOPE', async () => {
    const mint = (user: string, scopes: string[]) =>
      call(`/internal/users/${user}/apps/demo-doctor/session-tokens`, {
        method: 'POST',
        json: { scopes },
      })
    const patient = await mint('pt-1', ['provider.appointment.write'])
    expect(patient.status).toBe(403)
    expect(await patient.json()).toMatchObject({
      error: 'INVALID_SCOPE',
      message: expect.stringContaining('pt-1, who is not a provider'),
    })
    // The patient's other scopes, and the provider's own, as before.
    expect((await mint('pt-1', ['app.chatbot.messaging'])).status).toBe(200)
    expect((await mint('dr-1', ['provider.appointment.write'])).status).toBe(200)
  })
})
