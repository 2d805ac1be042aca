import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { exchangeSessionToken, PlatformError, verifyPayment, verifyWebhook } from './index.js'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function fakeFetch(answer: Response | Error) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    if (answer instanceof Error) throw answer
    return answer
  }) as unknown as typeof globalThis.fetch
  return { calls, fetch }
}

const base = { appKey: 'my app', apiKey: 'dev-key', platformUrl: 'https://platform.example/' }

describe('exchangeSessionToken', () => {
  it('posts the session token with the developer key and returns the access token', async () => {
    const { calls, fetch } = fakeFetch(json(200, { access_token: 'at_1', token_type: 'Bearer' }))
    await expect(exchangeSessionToken({ ...base, fetch, sessionToken: 'st_1' })).resolves.toBe(
      'at_1',
    )
    expect(calls[0]?.url).toBe('https://platform.example/api/v1/apps/my%20app/oauth/access_token')
    expect(calls[0]?.init.method).toBe('POST')
    expect(calls[0]?.init.headers).toMatchObject({
      'x-api-key': 'dev-key',
      'content-type': 'application/json',
    })
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ session_token: 'st_1' })
  })

  it.each([
    [
      json(400, { error: 'INVALID_SESSION_TOKEN', message: 'expired' }),
      'INVALID_SESSION_TOKEN',
      'expired',
    ],
    [
      json(403, { error: 'DEVELOPER_NOT_AUTHORIZED', message: 'wrong key' }),
      'DEVELOPER_NOT_AUTHORIZED',
      'wrong key',
    ],
    [json(400, { error: 'INVALID_INPUT', message: 'no token' }), 'INVALID_INPUT', 'no token'],
    [json(401, {}), 'DEVELOPER_NOT_AUTHORIZED', 'HTTP 401'],
    [json(422, { error: 'SOMETHING_NEW' }), 'INVALID_INPUT', 'HTTP 422'],
    [json(503, {}), 'BACKEND_ERROR', 'HTTP 503'],
    [json(200, { token_type: 'Bearer' }), 'BACKEND_ERROR', 'without an access_token'],
    [new TypeError('fetch failed'), 'NETWORK_ERROR', 'fetch failed'],
  ])('%#: an answer of %o throws %s', async (answer, code, message) => {
    const { fetch } = fakeFetch(answer)
    const error = await exchangeSessionToken({ ...base, fetch, sessionToken: 'st' }).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error.code).toBe(code)
    expect(error.message).toContain(message)
  })

  it('refuses an empty session token without calling the platform', async () => {
    const { calls, fetch } = fakeFetch(json(200, { access_token: 'x' }))
    await expect(exchangeSessionToken({ ...base, fetch, sessionToken: '' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
    expect(calls).toHaveLength(0)
  })
})

describe('verifyPayment', () => {
  it('posts the receipt to monetization verify', async () => {
    const answer = { verified: true, receipt_id: 'rcpt_1', kind: 'product', amount: 5 }
    const { calls, fetch } = fakeFetch(json(200, answer))
    await expect(verifyPayment({ ...base, fetch, receiptId: 'rcpt_1' })).resolves.toEqual(answer)
    expect(calls[0]?.url).toBe('https://platform.example/api/v1/apps/my%20app/monetization/verify')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ receipt_id: 'rcpt_1' })
  })

  it.each([
    [json(409, { error: 'RECEIPT_ALREADY_VERIFIED', message: 'replay' }), 'PAYMENT_NOT_VERIFIED'],
    [json(404, {}), 'PAYMENT_NOT_VERIFIED'],
    [json(403, {}), 'DEVELOPER_NOT_AUTHORIZED'],
    [json(500, {}), 'BACKEND_ERROR'],
  ])('%#: a refusal throws %s', async (answer, code) => {
    const { fetch } = fakeFetch(answer)
    await expect(verifyPayment({ ...base, fetch, receiptId: 'r' })).rejects.toMatchObject({ code })
  })
})

describe('verifyWebhook', () => {
  const secret = `whsec_${Buffer.from('a test secret of 32 bytes length').toString('base64')}`
  const body = JSON.stringify({ type: 'payment.succeeded', data: { receipt_id: 'rcpt_1' } })
  const signed = (payload = body, at = new Date()) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', at, payload),
  })

  it('returns the payload of a correctly signed delivery (plain object or Headers)', () => {
    expect(verifyWebhook(body, signed(), secret)).toEqual(JSON.parse(body))
    expect(verifyWebhook(body, new Headers(signed()), secret)).toEqual(JSON.parse(body))
  })

  it.each([
    ['a changed body', () => [body.replace('rcpt_1', 'rcpt_2'), signed()]],
    [
      'another secret',
      () => [
        body,
        {
          ...signed(),
          'webhook-signature': new Webhook(
            `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`,
          ).sign('msg_1', new Date(), body),
        },
      ],
    ],
    ['an old timestamp', () => [body, signed(body, new Date(Date.now() - 10 * 60_000))]],
    ['missing headers', () => [body, {}]],
  ] as const)('refuses %s with INVALID_WEBHOOK_SIGNATURE', (_, make) => {
    const [payload, headers] = make() as [string, Record<string, string>]
    expect(() => verifyWebhook(payload, headers, secret)).toThrow(
      expect.objectContaining({ code: 'INVALID_WEBHOOK_SIGNATURE' }),
    )
  })

  // Fail closed: a resolved verify means "grant what was bought", so only a JSON object that says
  // verified and names this very receipt resolves.
  const text = (status: number, body: string) => new Response(body, { status })
  it.each([
    ['a 200 that is not JSON', text(200, '<html>ok</html>'), 'BACKEND_ERROR'],
    ['an empty 200', text(200, ''), 'BACKEND_ERROR'],
    ['a JSON null', json(200, null), 'BACKEND_ERROR'],
    ['a JSON array', json(200, [{ verified: true, receipt_id: 'rcpt_1' }]), 'BACKEND_ERROR'],
    ['a JSON string', json(200, 'verified'), 'BACKEND_ERROR'],
    ['{}', json(200, {}), 'PAYMENT_NOT_VERIFIED'],
    [
      'verified: false',
      json(200, { verified: false, receipt_id: 'rcpt_1' }),
      'PAYMENT_NOT_VERIFIED',
    ],
    [
      'verified: "true"',
      json(200, { verified: 'true', receipt_id: 'rcpt_1' }),
      'PAYMENT_NOT_VERIFIED',
    ],
    ['no receipt id', json(200, { verified: true }), 'PAYMENT_NOT_VERIFIED'],
    [
      'another receipt',
      json(200, { verified: true, receipt_id: 'rcpt_2' }),
      'PAYMENT_NOT_VERIFIED',
    ],
    ['a null error body', json(500, null), 'BACKEND_ERROR'],
    ['a non-JSON 404', text(404, 'Not Found'), 'PAYMENT_NOT_VERIFIED'],
  ])('%s does not verify', async (_, answer, code) => {
    const { fetch } = fakeFetch(answer)
    const error = await verifyPayment({ ...base, fetch, receiptId: 'rcpt_1' }).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error.code).toBe(code)
  })

  it('exchangeSessionToken refuses a null body with a coded error, not a TypeError', async () => {
    const { fetch } = fakeFetch(json(200, null))
    const error = await exchangeSessionToken({ ...base, fetch, sessionToken: 'st' }).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error.code).toBe('BACKEND_ERROR')
  })
})

// One setting reaches the platform; a network error names what it tried.
describe('where the helpers send (platformUrl, baseUrl, PLATFORM_URL)', () => {
  afterEach(() => vi.unstubAllEnvs())
  const creds = { appKey: 'w', apiKey: 'dev-key-secret' }
  const exchanged = (fetch: typeof globalThis.fetch, where: object) =>
    exchangeSessionToken({ ...creds, ...where, fetch, sessionToken: 'st_secret' })

  it.each([
    ['platformUrl', { platformUrl: 'https://p.example' }, undefined, 'https://p.example'],
    ['baseUrl', { baseUrl: 'http://127.0.0.1:4402/' }, undefined, 'http://127.0.0.1:4402'],
    ['PLATFORM_URL', {}, 'http://127.0.0.1:4500', 'http://127.0.0.1:4500'],
    [
      'platformUrl over baseUrl and PLATFORM_URL',
      { platformUrl: 'https://p.example', baseUrl: 'https://b.example' },
      'https://env.example',
      'https://p.example',
    ],
    [
      'baseUrl over PLATFORM_URL',
      { baseUrl: 'https://b.example' },
      'https://env.example',
      'https://b.example',
    ],
  ])('%s', async (_, where, env, origin) => {
    if (env) vi.stubEnv('PLATFORM_URL', env)
    const { calls, fetch } = fakeFetch(json(200, { access_token: 'at' }))
    await expect(exchanged(fetch, where)).resolves.toBe('at')
    const verify = fakeFetch(json(200, { verified: true, receipt_id: 'r' }))
    await verifyPayment({ ...creds, ...where, fetch: verify.fetch, receiptId: 'r' })
    expect([calls[0]?.url, verify.calls[0]?.url]).toEqual([
      `${origin}/api/v1/apps/w/oauth/access_token`,
      `${origin}/api/v1/apps/w/monetization/verify`,
    ])
  })

  it('without any of them throws INVALID_ARGUMENT naming all three ways, and sends nothing', async () => {
    vi.stubEnv('PLATFORM_URL', '')
    const { calls, fetch } = fakeFetch(json(200, { access_token: 'at' }))
    const error = await exchanged(fetch, {}).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'platformUrl' })
    expect(error.message).toMatch(/exchangeSessionToken needs platformUrl.*baseUrl.*PLATFORM_URL/)
    expect(error.message).toContain('There is no default host')
    expect(calls).toEqual([])
  })

  it('names a PLATFORM_URL that is not an http(s) URL', async () => {
    vi.stubEnv('PLATFORM_URL', '127.0.0.1:4402')
    const { calls, fetch } = fakeFetch(json(200, { access_token: 'at' }))
    const error = await exchanged(fetch, {}).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'platformUrl' })
    expect(error.message).toContain('not an http(s) URL: PLATFORM_URL "127.0.0.1:4402"')
    expect(calls).toEqual([])
  })

  it('NETWORK_ERROR names the method and URL it tried, never the key or the token', async () => {
    const failed = Object.assign(new TypeError('fetch failed'), {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:9'),
    })
    const { fetch } = fakeFetch(failed)
    const error = await exchanged(fetch, { baseUrl: 'http://127.0.0.1:9' }).catch((e) => e)
    expect(error.code).toBe('NETWORK_ERROR')
    expect(error.message).toBe(
      'Could not reach the platform at POST http://127.0.0.1:9/api/v1/apps/w/oauth/access_token: fetch failed (connect ECONNREFUSED 127.0.0.1:9)',
    )
    const verify = await verifyPayment({
      ...creds,
      platformUrl: 'https://user:pass@p.example',
      fetch,
      receiptId: 'r',
    }).catch((e) => e)
    expect(verify.message).toContain('POST https://p.example/api/v1/apps/w/monetization/verify')
    for (const secret of ['dev-key-secret', 'st_secret', 'pass'])
      expect(`${error.message} ${verify.message}`).not.toContain(secret)
  })
})
