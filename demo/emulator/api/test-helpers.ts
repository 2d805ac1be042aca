// Shared by the emulator's router tests: an emulator on a fixed clock, and calls with each kind
// of credential. Not a test file itself.

import { SCOPES, type Scope } from 'platform-widget-sdk/events'
import { beforeEach, expect } from 'vitest'
import { memorySecretStore } from '../../lib/secrets.js'
import { createEmulator, type Emulator } from '../app.js'
import { loadFixtures } from '../state.js'
import type { AppConfig } from '../types.js'

export const PANEL = 'http://127.0.0.1:4400'
export const fixtures = loadFixtures()
// Random secrets of the tests' own: the package ships none.
const secrets = memorySecretStore()
export const apps: AppConfig[] = fixtures.apps.map(({ path, ...app }) => ({
  products: [],
  plans: [],
  ...app,
  ...secrets.get(app.app_key),
  url: `http://localhost:4401${path}`,
}))
export const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
export const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!
export const PROFILE = apps.find((a) => a.app_key === 'demo-profile')!

/** 2023-11-14T22:13:20Z: Wednesday 2023-11-15, 01:43 in Tehran. */
export const START = 1_700_000_000_000
export const TODAY = '2023-11-15'

export interface Harness {
  emulator: Emulator
  clock: { now: number }
  /** Calls the emulator; `json` is sent as a JSON body. Answers the status and parsed body. */
  call(
    method: string,
    path: string,
    init?: { json?: unknown; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: the answers of many operations, read by the tests
  ): Promise<{ status: number; body: any }>
  /** An access token of `user` for `app` carrying `scopes` (enabled for the app or not). */
  token(scopes: Scope[], user?: string, app?: AppConfig): Promise<string>
}

/**
 * `allScopes`: every scope enabled for every app (default), else the fixtures' scopes. `start`:
 * the clock's first reading (epoch ms), where the seeded appointments are placed.
 */
export function harness({ allScopes = true, start = START } = {}): Harness {
  const clock = { now: start }
  const emulator = createEmulator({
    fixtures,
    // Every scope enabled, so a test can ask for any.
    apps: allScopes ? apps.map((a) => ({ ...a, scopes: [...SCOPES] })) : apps,
    panelOrigin: PANEL,
    now: () => clock.now,
  })
  const call: Harness['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = {
      ...(path.startsWith('/internal/') ? { origin: PANEL } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    }
    const res = await emulator.app.request(path, {
      method,
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
  const token: Harness['token'] = async (scopes, user = 'dr-1', app = DOCTOR) => {
    const minted = await call(
      'POST',
      `/internal/users/${user}/apps/${app.app_key}/session-tokens`,
      {
        json: { scopes },
      },
    )
    expect(minted.status).toBe(200)
    const exchanged = await call('POST', `/api/v1/apps/${app.app_key}/oauth/access_token`, {
      headers: { 'x-api-key': app.developer_key },
      json: { session_token: minted.body.session_token },
    })
    expect(exchanged.status).toBe(200)
    return exchanged.body.access_token
  }
  return { emulator, clock, call, token }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const devKey = (app: AppConfig = DOCTOR) => ({ 'x-api-key': app.developer_key })
export const botKeys = (app: AppConfig = DOCTOR) => ({
  'x-api-key': app.developer_key,
  app_id: app.app_id,
})

/**
 * The emulator of the fixture apps (with their own scopes) on a clock from START, made anew
 * before each test, and calls in the style of `app.request()` (answers a Response).
 */
export function fixtureSuite() {
  const s = { clock: START, emulator: undefined as unknown as Emulator }
  beforeEach(() => {
    s.clock = START
    s.emulator = createEmulator({ fixtures, apps, panelOrigin: PANEL, now: () => s.clock })
  })

  /** Calls the emulator; `/internal/*` calls carry the panel's Origin unless `headers` set one. */
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    const headers: Record<string, string> = {
      ...(path.startsWith('/internal/') ? { origin: PANEL } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...((rest.headers as Record<string, string> | undefined) ?? {}),
    }
    return s.emulator.app.request(path, {
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

  /** A RequestInit with the Bearer token. */
  const bearerInit = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
  return { s, call, sessionToken, exchange, accessToken, bearer: bearerInit }
}
