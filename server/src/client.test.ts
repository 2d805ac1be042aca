// The platform client against the emulator, served over HTTP: one operation of each API group,
// and the error answers 401, 403, 404, 409 and 402 as PlatformApiError.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Scope } from 'platform-widget-sdk/events'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../../demo/emulator/app.js'
import { allScopeApps, DOCTOR, PANEL, testEmulator } from '../../demo/emulator/test-harness.js'
import {
  createPlatformClient,
  ErrorCode,
  exchangeSessionToken,
  exchangeSessionTokenForClient,
  PlatformApiError,
  PlatformError,
  verifyPayment,
} from './index.js'

let emulator: Emulator
let server: ReturnType<typeof serve>
let url: string

beforeAll(async () => {
  // The fixture apps with every scope enabled: a token carries what each operation asks for.
  emulator = testEmulator({ apps: allScopeApps })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: emulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function connect(scopes: Scope[], user = 'dr-1') {
  const minted = await fetch(`${url}/internal/users/${user}/apps/demo-doctor/session-tokens`, {
    method: 'POST',
    headers: { origin: PANEL, 'content-type': 'application/json' },
    body: JSON.stringify({ scopes }),
  })
  const { session_token } = (await minted.json()) as { session_token: string }
  return exchangeSessionTokenForClient({
    appKey: DOCTOR.app_key,
    apiKey: DOCTOR.developer_key,
    appId: DOCTOR.app_id,
    platformUrl: url,
    gatewayUrl: url,
    openapiUrl: url,
    sessionToken: session_token,
  })
}
const developer = () =>
  createPlatformClient({
    platformUrl: url,
    gatewayUrl: url,
    openapiUrl: url,
    apiKey: DOCTOR.developer_key,
    appId: DOCTOR.app_id,
  })
async function rejection(promise: Promise<unknown>): Promise<PlatformApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PlatformApiError)
  return error as PlatformApiError
}

describe('createPlatformClient against the emulator', () => {
  it('calls one operation of each API group, on the host of its path, with its credentials', async () => {
    const { client, accessToken } = await connect([
      'provider.profile.read',
      'provider.appointment.read',
      'provider.prescription.read',
      'user.profile.read',
    ])
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    const profile = await client.GET('/open-platform/v1/profile/information')
    expect(profile.data?.id).toBe('dr-1')
    const centers = await client.GET('/open-platform/v1/clinic/medical-centers')
    expect(centers.data?.medical_centers.map((c) => c.id)).toEqual(['c-101', 'c-102'])
    const today = await client.GET('/v1/booking/appointments', {
      params: { query: { center_id: 'c-101' } },
    })
    expect(today.data?.appointments.length).toBeGreaterThan(0)
    const search = await client.GET('/v1/rx/services/search', {
      params: { query: { _q: 'amox', _limit: 2 } },
    })
    expect(search.data?.result.serviceList).toHaveLength(2)
    const accounts = await client.GET('/open-platform/v1/finance/accounts')
    expect(accounts.data?.accounts[0]?.iban).toMatch(/^IR/)
    const user = await client.GET('/v1/user/information')
    expect(user.data?.kind).toBe('provider')
    const slots = await client.GET('/open-platform/v1/booking/slots', {
      params: {
        query: {
          center_id: 'c-101',
          user_center_id: 'uc-101-1',
          from: Math.floor(Date.now() / 1000),
          to: Math.floor(Date.now() / 1000) + 7 * 86_400,
        },
      },
    })
    expect(slots.data?.slot_minutes).toBe(20)

    const platform = developer()
    const channels = await platform.GET('/api/v1/apps/{app_key}/channels/', {
      params: { path: { app_key: 'demo-doctor' } },
    })
    expect(channels.data?.channels[0]?.provider_id).toBe('dr-1')
    const installs = await platform.GET('/api/v1/apps/{app_key}/installations', {
      params: { path: { app_key: 'demo-doctor' } },
    })
    expect(installs.data?.user_ids).toContain('dr-1')
    const bot = await platform.POST('/v1/chatbot/conversations', { body: { user_id: 'pt-1' } })
    expect(bot.data?.app_key).toBe('demo-doctor')
  })

  it('rejects with PlatformApiError 401 for an expired or unknown token, with the platform body', async () => {
    const client = createPlatformClient({ emulator: url, accessToken: 'not-a-token' })
    const error = await rejection(client.GET('/open-platform/v1/profile/information'))
    expect(error.status).toBe(401)
    expect(error.code).toBe(ErrorCode.API_ERROR)
    expect(error.body).toMatchObject({ error: 'INVALID_ACCESS_TOKEN', message: expect.any(String) })
  })

  it('rejects with 403 for a scope the token lacks', async () => {
    const { client } = await connect(['provider.profile.read'])
    const error = await rejection(client.GET('/v1/sms/balance'))
    expect(error.status).toBe(403)
    expect(error.body).toMatchObject({
      error: 'INSUFFICIENT_SCOPE',
      required_scope: 'provider.sms.read',
    })
  })

  it('rejects with 404 for an appointment that does not exist', async () => {
    const { client } = await connect(['provider.appointment.read'])
    const error = await rejection(
      client.GET('/open-platform/v1/booking/appointments/{id}', {
        params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
      }),
    )
    expect(error.status).toBe(404)
    expect(error.body.error).toBe('APPOINTMENT_NOT_FOUND')
  })

  it('rejects with 409 SMS_NOT_ACTIVATED and 402 INSUFFICIENT_SMS_CREDIT', async () => {
    const { client } = await connect(['provider.sms.read', 'provider.sms.write'])
    const inactive = await rejection(client.GET('/v1/sms/balance'))
    expect([inactive.status, inactive.body.error]).toEqual([409, 'SMS_NOT_ACTIVATED'])
    emulator.state.users.get('dr-1')!.sms.active = true
    const poor = await rejection(
      client.POST('/v1/sms/messages', { body: { to: '09121234567', text: 'Hello' } }),
    )
    expect([poor.status, poor.body.error]).toEqual([402, 'INSUFFICIENT_SMS_CREDIT'])
  })

  it('rejects with PlatformError NETWORK_ERROR naming the method and URL it tried', async () => {
    const client = createPlatformClient({
      baseUrl: url,
      openapiUrl: 'http://127.0.0.1:9',
      accessToken: 'at_secret',
    })
    const error = await client
      .GET('/v1/rx/services/search', { params: { query: { _q: 'amox' } } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect((error as PlatformError).code).toBe(ErrorCode.NETWORK_ERROR)
    // The query is left out (it may carry personal data); the token is in a header, never here.
    expect((error as Error).message).toMatch(
      /^Could not reach the platform at GET http:\/\/127\.0\.0\.1:9\/v1\/rx\/services\/search\?…: fetch failed \(bad port\)$/,
    )
    expect((error as Error).message).not.toMatch(/at_secret|amox/)
  })
})

describe('createPlatformClient without the URLs it needs', () => {
  // A PLATFORM_URL exported in the shell running the tests would stand for the missing URLs.
  beforeEach(() => vi.stubEnv('PLATFORM_URL', ''))
  afterEach(() => vi.unstubAllEnvs())
  const code = (make: () => unknown) => {
    try {
      make()
    } catch (error) {
      return {
        code: (error as PlatformError).code,
        field: (error as PlatformError).field,
        message: (error as Error).message,
      }
    }
    return undefined
  }

  it('throws INVALID_ARGUMENT naming every missing URL, and sends nothing', () => {
    const sent: string[] = []
    const spy = (async (input: RequestInfo | URL) => {
      sent.push(String(input))
      return new Response('{}')
    }) as typeof fetch
    // @ts-expect-error the options are required
    const none = code(() => createPlatformClient())
    expect(none).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, field: 'gatewayUrl' })
    expect(none?.message).toMatch(/gatewayUrl, platformUrl, openapiUrl/)
    expect(code(() => createPlatformClient({ accessToken: 'at', fetch: spy }))).toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
      message: expect.stringMatching(/needs gatewayUrl, platformUrl, openapiUrl.*emulator/),
    })
    expect(
      code(() =>
        createPlatformClient({ gatewayUrl: 'https://g.example', openapiUrl: 'https://o.example' }),
      ),
    ).toMatchObject({ field: 'platformUrl', message: expect.stringMatching(/needs platformUrl:/) })
    for (const bad of ['', 'not a url', 'ftp://x.example', '/relative']) {
      expect(
        code(() => createPlatformClient({ emulator: bad })),
        bad,
      ).toMatchObject({
        code: ErrorCode.INVALID_ARGUMENT,
      })
    }
    expect(sent).toEqual([])
  })

  it('takes the emulator as one explicit option, or the three URLs', async () => {
    const local = createPlatformClient({ emulator: url })
    expect((await local.GET('/v1/rx/service-types')).data).toBeDefined()
    const three = createPlatformClient({ gatewayUrl: url, platformUrl: url, openapiUrl: url })
    expect((await three.GET('/v1/rx/service-types')).data).toBeDefined()
  })

  it('exchangeSessionToken and verifyPayment without platformUrl throw INVALID_ARGUMENT', async () => {
    const missing = { appKey: 'a', apiKey: 'k' } as {
      appKey: string
      apiKey: string
      platformUrl: string
    }
    await expect(exchangeSessionToken({ ...missing, sessionToken: 'st' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
      field: 'platformUrl',
    })
    await expect(verifyPayment({ ...missing, receiptId: 'r' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
      field: 'platformUrl',
    })
  })
})

// One base URL reaches every host; a host's own URL wins; PLATFORM_URL when
// nothing is passed.
describe('createPlatformClient: one setting for the platform address', () => {
  afterEach(() => vi.unstubAllEnvs())
  function spy() {
    const sent: string[] = []
    const fetch = (async (input: Request) => {
      sent.push(`${input.method} ${input.url}`)
      return Response.json({})
    }) as typeof globalThis.fetch
    return { sent, fetch }
  }
  async function callEachHost(client: ReturnType<typeof createPlatformClient>) {
    await client.GET('/open-platform/v1/profile/information')
    await client.GET('/v1/rx/service-types')
    await client.GET('/api/v1/apps/{app_key}/installations', { params: { path: { app_key: 'w' } } })
  }

  it.each([
    [
      'baseUrl for all three hosts',
      { baseUrl: 'http://127.0.0.1:4402/' },
      undefined,
      ['http://127.0.0.1:4402', 'http://127.0.0.1:4402', 'http://127.0.0.1:4402'],
    ],
    [
      'a host of its own wins over baseUrl',
      { baseUrl: 'https://b.example', platformUrl: 'https://p.example' },
      'https://env.example',
      ['https://b.example', 'https://b.example', 'https://p.example'],
    ],
    [
      'PLATFORM_URL when no URL is passed',
      {},
      'http://127.0.0.1:4500',
      ['http://127.0.0.1:4500', 'http://127.0.0.1:4500', 'http://127.0.0.1:4500'],
    ],
    [
      'PLATFORM_URL for the hosts not passed',
      { gatewayUrl: 'https://g.example' },
      'https://env.example',
      ['https://g.example', 'https://env.example', 'https://env.example'],
    ],
  ])('%s', async (_, where, env, [gateway, openapi, platform]) => {
    if (env) vi.stubEnv('PLATFORM_URL', env)
    const { sent, fetch } = spy()
    await callEachHost(createPlatformClient({ ...where, fetch }))
    expect(sent).toEqual([
      `GET ${gateway}/open-platform/v1/profile/information`,
      `GET ${openapi}/v1/rx/service-types`,
      `GET ${platform}/api/v1/apps/w/installations`,
    ])
  })

  it('without any URL, baseUrl or PLATFORM_URL throws INVALID_ARGUMENT naming what to set', () => {
    vi.stubEnv('PLATFORM_URL', '')
    expect(() => createPlatformClient({ accessToken: 'at' })).toThrow(
      expect.objectContaining({
        code: ErrorCode.INVALID_ARGUMENT,
        field: 'gatewayUrl',
        message: expect.stringMatching(
          /needs gatewayUrl, platformUrl, openapiUrl.*one baseUrl.*PLATFORM_URL.*no default host/,
        ),
      }),
    )
  })

  it('takes the emulator URL as baseUrl, against the running emulator', async () => {
    const { data } = await createPlatformClient({ baseUrl: url }).GET('/v1/rx/service-types')
    expect(data).toBeDefined()
  })
})
