import { beforeEach, describe, expect, it } from 'vitest'
import { DOCTOR, fixtureSuite } from '../test-harness.js'

const { s, call, sessionToken, exchange, accessToken, bearer } = fixtureSuite()

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
    s.emulator.state.users.get('dr-2')!.insurance_providers = ['tamin']
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
