// @vitest-environment node
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Scope } from '../../src/events/index.js'
import { createEmulator, type Emulator, MAX_BODY_BYTES, smsParts } from './app.js'
import { loadFixtures } from './state.js'
import type { AppConfig } from './types.js'

const PANEL = 'http://127.0.0.1:4400'
const fixtures = loadFixtures()
const apps: AppConfig[] = fixtures.apps.map(({ path, ...app }) => ({
  products: [],
  plans: [],
  ...app,
  url: `http://localhost:4401${path}`,
}))
const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!

let clock = 1_700_000_000_000
let emulator: Emulator

beforeEach(() => {
  clock = 1_700_000_000_000
  emulator = createEmulator({ fixtures, apps, panelOrigin: PANEL, now: () => clock })
})

/** Calls the emulator; `/internal/*` calls carry the panel's Origin unless `headers` set one. */
const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init
  const headers: Record<string, string> = {
    ...(path.startsWith('/internal/') ? { origin: PANEL } : {}),
    ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    ...((rest.headers as Record<string, string> | undefined) ?? {}),
  }
  return emulator.app.request(path, {
    ...rest,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
}

async function sessionToken(scopes: Scope[], app = DOCTOR, user = 'dr-1'): Promise<string> {
  const res = await call(`/internal/users/${user}/apps/${app.app_key}/session-tokens`, {
    method: 'POST',
    json: { scopes },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { session_token: string }).session_token
}

/** `key: null` sends no x-api-key header. */
function exchange(token: unknown, app = DOCTOR, key: string | null = app.developer_key) {
  return call(`/api/v1/apps/${app.app_key}/oauth/access_token`, {
    method: 'POST',
    headers: key === null ? {} : { 'x-api-key': key },
    json: { session_token: token },
  })
}

async function accessToken(scopes: Scope[], user = 'dr-1'): Promise<string> {
  const res = await exchange(await sessionToken(scopes, DOCTOR, user))
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

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
      iat: clock / 1000,
      exp: clock / 1000 + 60,
    })
    const { access_token } = (await (await exchange(session)).json()) as { access_token: string }
    expect(decodeProtectedHeader(access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt' })
    const claims = decodeJwt(access_token)
    expect(claims).toMatchObject({
      sub: 'dr-1',
      aud: DOCTOR.app_key,
      scope: 'provider.profile.read provider.sms.read',
      iat: clock / 1000,
      exp: clock / 1000 + 3600,
    })
    expect(claims.jti).not.toBe(sessionClaims.jti)
  })

  it('refuses a token signed with another key, a session token used as a Bearer, and an access token exchanged', async () => {
    const other = createEmulator({
      fixtures,
      apps,
      panelOrigin: PANEL,
      now: () => clock,
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
    clock += 60_000
    const res = await exchange(token)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'INVALID_SESSION_TOKEN', message: /expired/ })
  })

  it('accepts a session token one second before it expires', async () => {
    const token = await sessionToken(['provider.profile.read'])
    clock += 59_000
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
})

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
    clock += fixtures.tokens.access_token_ttl_seconds * 1000
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

describe('insurance-type lookup', () => {
  it('returns only status and insurance for a 10-digit national code', async () => {
    const token = await accessToken(['provider.prescription.read'])
    const res = await call('/v1/rx/insurance-type?national_code=0012345678', bearer(token))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ACTIVE', insurance: 'تأمین اجتماعی' })
  })

  it('refuses a national code that is not exactly 10 digits with 400', async () => {
    const token = await accessToken(['provider.prescription.read'])
    for (const code of ['', '123456789', '12345678901', '00123456a8', '+012345678']) {
      const res = await call(
        `/v1/rx/insurance-type?national_code=${encodeURIComponent(code)}`,
        bearer(token),
      )
      expect(res.status, code).toBe(400)
    }
    expect((await call('/v1/rx/insurance-type', bearer(token))).status).toBe(400)
  })

  it('needs provider.prescription.read (403) and a token (401)', async () => {
    const token = await accessToken(['provider.profile.read'])
    expect(
      (await call('/v1/rx/insurance-type?national_code=0012345678', bearer(token))).status,
    ).toBe(403)
    expect((await call('/v1/rx/insurance-type?national_code=0012345678')).status).toBe(401)
  })
})

describe('catalog search', () => {
  let token: string
  beforeEach(async () => {
    token = await accessToken(['provider.prescription.read'])
  })
  const search = async (query: string, auth: RequestInit = bearer(token)) => {
    const res = await call(`/v1/rx/services/search?${query}`, auth)
    // biome-ignore lint/suspicious/noExplicitAny: response bodies read field by field
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }

  it('defaults to provider tamin, type 79, _limit 10 and _start 0', async () => {
    const { status, body } = await search('_q=mg')
    expect(status).toBe(200)
    expect(body.statusCode).toBe(200)
    expect(body.result.insuranceType).toBe('tamin')
    expect(body.result.serviceList).toHaveLength(10)
    expect(body.result.serviceList[0]).toEqual({
      id: 1001,
      srvId: null,
      srvCode: null,
      srvName: 'AMOXICILLIN 500MG CAP',
      srvBimSw: null,
      gSrvCode: '1001',
      wsSrvCode: 'T-1001',
      serviceType: { id: 79, srvType: '79', srvTypeDes: 'دارو', custType: '1', status: '1' },
      brands: ['Farabi', 'Dana'],
    })
    for (const item of body.result.serviceList) expect(item.serviceType.id).toBe(79)
  })

  it('pages with _start and _limit', async () => {
    const all = (await search('_q=mg&_limit=100')).body.result.serviceList
    expect(all.length).toBeGreaterThan(10)
    const page = (await search('_q=mg&_start=10&_limit=3')).body.result.serviceList
    expect(page.map((i: { id: number }) => i.id)).toEqual(
      all.slice(10, 13).map((i: { id: number }) => i.id),
    )
    expect((await search('_q=mg&_start=1000')).body.result.serviceList).toEqual([])
  })

  it('accepts the bounds _limit=1, _limit=100 and _start=0', async () => {
    expect((await search('_q=a&_limit=1')).body.result.serviceList).toHaveLength(1)
    expect((await search('_q=a&_limit=100')).status).toBe(200)
    expect((await search('_q=a&_start=0')).status).toBe(200)
  })

  it('refuses out-of-bound or malformed parameters with 400', async () => {
    for (const query of [
      '',
      '_q=',
      '_q=a&_limit=0',
      '_q=a&_limit=101',
      '_q=a&_limit=ten',
      '_q=a&_limit=1.5',
      '_q=a&_start=-1',
      '_q=a&_start=x',
      '_q=a&type=abc',
      '_q=a&type=1',
      '_q=a&provider=unknown',
    ]) {
      const { status, body } = await search(query)
      expect(status, query).toBe(400)
      expect(body.error, query).toBe('INVALID_INPUT')
    }
  })

  it('searches another provider and type, matching Persian names', async () => {
    const { status, body } = await search(
      `provider=salamat&type=1&_q=${encodeURIComponent('متفورمین')}`,
    )
    expect(status).toBe(200)
    expect(body.result.insuranceType).toBe('salamat')
    expect(body.result.serviceList.map((i: { id: number }) => i.id)).toEqual([5002])
  })

  it('answers 400 without an Authorization header, 401 for a bad token, 403 without the scope', async () => {
    expect((await search('_q=a', { headers: {} })).status).toBe(400)
    expect((await search('_q=a', bearer('at_forged'))).status).toBe(401)
    const other = await accessToken(['provider.profile.read'])
    expect((await search('_q=a', bearer(other))).status).toBe(403)
  })

  it('answers 403 for an insurance provider the caller may not prescribe under', async () => {
    // dr-2 may prescribe under tamin only.
    emulator.state.users.get('dr-2')!.insurance_providers = ['tamin']
    const session_token = await sessionToken(['provider.prescription.read'], DOCTOR, 'dr-2')
    const exchanged = (await (await exchange(session_token)).json()) as { access_token: string }
    const { status, body } = await search(
      'provider=salamat&type=1&_q=a',
      bearer(exchanged.access_token),
    )
    expect(status).toBe(403)
    expect(body.error).toBe('PROVIDER_NOT_PERMITTED')
  })
})

describe('SMS', () => {
  const send = (token: string, json: unknown) =>
    call('/v1/sms/messages', { method: 'POST', ...bearer(token), json })

  it('answers 409 SMS_NOT_ACTIVATED until the provider activates SMS', async () => {
    const token = await accessToken(['provider.sms.read', 'provider.sms.write'])
    const balance = await call('/v1/sms/balance', bearer(token))
    expect(balance.status).toBe(409)
    expect(await balance.json()).toMatchObject({ error: 'SMS_NOT_ACTIVATED' })
    const sent = await send(token, { to: '09121112233', text: 'hi' })
    expect(sent.status).toBe(409)
  })

  it('shares one SMS state between the SDK dialogs (internal) and the SMS APIs', async () => {
    const token = await accessToken(['provider.sms.read', 'provider.sms.write'])
    expect(
      (await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' })).status,
    ).toBe(200)
    expect(await (await call('/v1/sms/balance', bearer(token))).json()).toEqual({ credit: 0 })
    const noCredit = await send(token, { to: '09121112233', text: 'hello' })
    expect(noCredit.status).toBe(402)
    expect(await noCredit.json()).toMatchObject({ error: 'INSUFFICIENT_SMS_CREDIT' })
    const charged = await call('/internal/users/dr-1/apps/demo-doctor/sms/charge', {
      method: 'POST',
      json: { count: 100, price: 100000 },
    })
    expect(await charged.json()).toMatchObject({ credit: 100 })
    const ok = await send(token, { to: '09121112233', text: 'سلام، نوبت شما فردا است.' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ parts: 1, credit: 99 })
    expect(await (await call('/internal/users/dr-1/sms')).json()).toEqual({
      active: true,
      credit: 99,
    })
  })

  it('charges one credit per part: 160 ASCII or 70 Persian characters', () => {
    expect(smsParts('a'.repeat(160))).toBe(1)
    expect(smsParts('a'.repeat(161))).toBe(2)
    expect(smsParts('س'.repeat(70))).toBe(1)
    expect(smsParts('س'.repeat(71))).toBe(2)
  })

  it('refuses a bad recipient or an empty text with 400', async () => {
    const token = await accessToken(['provider.sms.write'])
    expect((await send(token, { to: '12345', text: 'x' })).status).toBe(400)
    expect((await send(token, { to: '09121112233', text: ' ' })).status).toBe(400)
  })
})

describe('monetization verify', () => {
  const verify = (receipt_id: unknown, key = DOCTOR.developer_key) =>
    call(`/api/v1/apps/${DOCTOR.app_key}/monetization/verify`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      json: { receipt_id },
    })
  const pay = async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/payments', {
      method: 'POST',
      json: { kind: 'pay', product_key: 'pro', amount: 1250000 },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { receipt_id: string }).receipt_id
  }

  it('verifies a paid receipt once and refuses the replay', async () => {
    const receipt_id = await pay()
    const first = await verify(receipt_id)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      verified: true,
      receipt_id,
      kind: 'product',
      product_key: 'pro',
      amount: 1250000,
      user_id: 'dr-1',
    })
    const replay = await verify(receipt_id)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toMatchObject({ error: 'RECEIPT_ALREADY_VERIFIED' })
  })

  it('refuses an unknown receipt, a wrong key and a missing receipt_id', async () => {
    expect((await verify('rcpt_nope')).status).toBe(404)
    expect((await verify(await pay(), 'dk_wrong')).status).toBe(401)
    expect((await verify(undefined)).status).toBe(400)
  })

  it('charges the price registered for the product, not what the caller says', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/payments', {
      method: 'POST',
      json: { kind: 'pay', product_key: 'pro', amount: 1 },
    })
    expect(res.status).toBe(400)
  })

  it('checks the doctor-service VAT and payable amounts', async () => {
    const pay = (vat: number, payable: number) =>
      call('/internal/users/pt-1/apps/demo-profile/payments', {
        method: 'POST',
        json: { kind: 'doctor-service', amount: 12345, vat, payable },
      })
    expect((await pay(370, 12715)).status).toBe(200)
    expect((await pay(370, 12716)).status).toBe(400)
  })
})

describe('installations', () => {
  const install = (method: string, json?: unknown, key = DOCTOR.developer_key) =>
    call(`/api/v1/apps/${DOCTOR.app_key}/installations`, {
      method,
      headers: { 'X-API-KEY': key },
      ...(json === undefined ? {} : { json }),
    })

  it('lists, adds and removes users', async () => {
    expect(await (await install('GET')).json()).toEqual({ user_ids: ['dr-1'] })
    expect(await (await install('POST', { user_ids: ['dr-2'] })).json()).toEqual({
      user_ids: ['dr-1', 'dr-2'],
    })
    expect(await (await install('DELETE', { user_ids: ['dr-1'] })).json()).toEqual({
      user_ids: ['dr-2'],
    })
    expect(await (await install('GET')).json()).toEqual({ user_ids: ['dr-2'] })
  })

  it('needs the developer key and a user_ids array', async () => {
    expect((await install('GET', undefined, 'dk_wrong')).status).toBe(401)
    expect((await install('POST', { user_ids: [] })).status).toBe(400)
    expect((await install('POST', { user_ids: 'dr-2' })).status).toBe(400)
  })
})

describe('internal endpoints', () => {
  it('allow CORS for the demo panel origin only', async () => {
    const ok = await call('/internal/users/dr-1/sms', { headers: { origin: PANEL } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(PANEL)
    const other = await call('/internal/users/dr-1/sms', {
      headers: { origin: 'http://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const api = await call('/v1/rx/service-types', { headers: { origin: PANEL } })
    expect(api.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answer the panel only: another origin or no Origin at all is refused, reads too', async () => {
    const noOrigin = (path: string, init: RequestInit = {}) => emulator.app.request(path, init)
    for (const [path, init] of [
      [
        '/internal/users/dr-1/apps/demo-doctor/session-tokens',
        { method: 'POST', body: '{"scopes":[]}' },
      ],
      ['/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' }],
      [
        '/internal/users/dr-1/apps/demo-doctor/sms/charge',
        { method: 'POST', body: '{"count":100,"price":0}' },
      ],
      ['/internal/users/dr-1/sms', {}],
      ['/internal/activity', {}],
    ] as const) {
      const res = await noOrigin(path, { ...init, headers: { 'content-type': 'application/json' } })
      expect(res.status, path).toBe(403)
      expect(((await res.json()) as { error: string }).error).toBe('FORBIDDEN_ORIGIN')
      const evil = await noOrigin(path, {
        ...init,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:4401' },
      })
      expect(evil.status, path).toBe(403)
    }
    expect(emulator.state.users.get('dr-1')!.sms).toEqual({ active: false, credit: 0 })
    expect(emulator.state.sessionTokens.size).toBe(0)
  })

  it('refuse state changes that come from another origin', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(emulator.state.users.get('dr-1')!.sms.active).toBe(false)
  })

  it('reset brings the fixtures back', async () => {
    await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' })
    expect(emulator.state.users.get('dr-1')!.sms.active).toBe(true)
    await call('/internal/reset', { method: 'POST' })
    expect(emulator.state.users.get('dr-1')!.sms.active).toBe(false)
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
    expect(emulator.state.sessionTokens.size).toBe(0)
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
    const res = await emulator.app.request('/internal/users/dr-1/apps/demo-doctor/session-tokens', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: PANEL },
      // @ts-expect-error: Node's fetch needs duplex for a stream body
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES * 4)
  })
})

// A widget backend written for the real platform, as some are: it posts the token exchange as a
// form (not JSON), and takes the user id from the access token itself, decoding the JWT's payload
// by hand instead of calling the platform. Nothing here uses the emulator's own token code.
describe('a widget backend written for the real platform', () => {
  async function realBackendLogin(sessionTokenFromPage: string) {
    const res = await emulator.app.request(
      `http://platform.test/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`,
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
    const own = createEmulator({ fixtures, apps: [hostile], panelOrigin: PANEL })
    const html = await (await own.app.request('/')).text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('?a=&quot;b&quot;')
  })
})
