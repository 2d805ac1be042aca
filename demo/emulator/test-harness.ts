// The one harness of the emulator's tests (not a test file itself): an emulator of the fixture
// apps or of the sample widgets, on a clock the test moves, called as the panel calls it or as a
// program calls the control API, with access tokens minted the panel's way.

import { SCOPES, type Scope } from 'platform-widget-sdk/events'
import { beforeEach, expect } from 'vitest'
import { portsFrom, sampleApps } from '../lib/config.js'
import { sampleOrigins } from '../lib/ports.js'
import { memorySecretStore } from '../lib/secrets.js'
import type { AppConfig } from '../shared/config-types.js'
import { createEmulator, type Emulator, type EmulatorOptions } from './app.js'
import { loadFixtures } from './state.js'

export const PANEL = 'http://127.0.0.1:4400'
/** Where a program reaches the emulator (the control API's calls). */
export const ORIGIN = 'http://127.0.0.1:4402'
export const fixtures = loadFixtures()
// Random secrets of the tests' own: the package ships none.
const secrets = memorySecretStore()
/** The fixture apps, each at its path on one widgets origin, with no webhook URL. */
export const apps: AppConfig[] = fixtures.apps.map(({ path, ...app }) => ({
  products: [],
  plans: [],
  ...app,
  ...secrets.get(app.app_key),
  url: `http://localhost:4401${path}`,
}))
/** The fixture apps with every scope enabled, so a token can carry any scope an operation needs. */
export const allScopeApps: AppConfig[] = apps.map((a) => ({ ...a, scopes: [...SCOPES] }))
/** The sample widgets as the dev command registers them: each on its own origin, webhooks too. */
export const sampleWidgets = sampleApps(fixtures, sampleOrigins(portsFrom(4400)), secrets)
export const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
export const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!
export const PROFILE = apps.find((a) => a.app_key === 'demo-profile')!
export const SAMPLE_DOCTOR = sampleWidgets.find((a) => a.app_key === 'demo-doctor')!
export const SAMPLE_BOOKING = sampleWidgets.find((a) => a.app_key === 'demo-booking')!

/** 2023-11-14T22:13:20Z: Wednesday 2023-11-15, 01:43 in Tehran. */
/** A widget of the developer's own with a webhook URL and nothing else: the webhook sender's. */
export const WEBHOOK_APP: AppConfig = {
  app_key: 'my-widget',
  app_id: '20001',
  url: 'http://localhost:5173/',
  name: 'Mine',
  contexts: ['doctor-panel'],
  scopes: [],
  products: [],
  plans: [],
  webhook_url: 'http://localhost:5174/hooks',
  ...memorySecretStore().get('my-widget'),
}

export const START = 1_700_000_000_000
export const TODAY = '2023-11-15'

/** An emulator of the fixture apps for the panel at PANEL, unless `options` say otherwise. */
export function testEmulator(options: Partial<EmulatorOptions> = {}): Emulator {
  return createEmulator({ fixtures, apps, panelOrigin: PANEL, ...options })
}

export interface HarnessOptions extends Partial<EmulatorOptions> {
  /** The clock's first reading (epoch ms), where the seeded appointments are placed. */
  start?: number
  /** Prefixed to every path called: '' (the default), or an origin such as ORIGIN. */
  base?: string
  /** `/internal/…` calls carry the panel's Origin, as the panel's would (default true). */
  asPanel?: boolean
  /** The webhooks go to a recording `fetch` (`sent`) with no retries, instead of the network. */
  recordWebhooks?: boolean
}

export interface Harness {
  emulator: Emulator
  clock: { now: number }
  /** The webhooks sent, parsed (with `recordWebhooks`). */
  sent: { url: string; event: { type: string; data: Record<string, unknown> } }[]
  /** Calls the emulator; `json` is sent as a JSON body. Answers the status and parsed body. */
  call(
    method: string,
    path: string,
    init?: { json?: unknown; headers?: Record<string, string>; body?: string },
    // biome-ignore lint/suspicious/noExplicitAny: the answers of many operations, read by the tests
  ): Promise<{ status: number; body: any; headers: Headers }>
  /**
   * An access token of `user` for `app` carrying `scopes` (enabled for the app or not; a
   * provider's scope for a patient too, which the emulator refuses to issue: as if a platform
   * had issued it anyway, so each API's own provider check is tested).
   */
  token(scopes: Scope[], user?: string, app?: AppConfig): Promise<string>
}

/** The emulator on its own clock, and calls to it. */
export function emulatorHarness(options: HarnessOptions = {}): Harness {
  const { start = START, base = '', asPanel = true, recordWebhooks = false, ...rest } = options
  const clock = { now: start }
  const sent: Harness['sent'] = []
  const record: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    sent.push({ url: request.url, event: JSON.parse(await request.text()) })
    return new Response(null, { status: 204 })
  }
  const emulator = testEmulator({
    now: () => clock.now,
    ...(recordWebhooks ? { webhooks: { fetch: record, retryDelaysMs: [] } } : {}),
    ...rest,
  })
  const call: Harness['call'] = async (method, path, init = {}) => {
    const res = await emulator.app.request(`${base}${path}`, {
      method,
      headers: {
        ...(asPanel && path.startsWith('/internal/') ? { origin: PANEL } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      ...(init.body === undefined ? {} : { body: init.body }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
  }
  const token: Harness['token'] = async (scopes, user = 'dr-1', app = DOCTOR) => {
    const path = `/internal/users/${user}/apps/${app.app_key}/session-tokens`
    const fixture = emulator.state.users.get(user)
    const kind = fixture?.kind
    if (fixture) fixture.kind = 'provider'
    const minted = await call('POST', path, { json: { scopes }, headers: { origin: PANEL } })
    if (fixture && kind) fixture.kind = kind
    expect(minted.status).toBe(200)
    const exchanged = await call('POST', `/api/v1/apps/${app.app_key}/oauth/access_token`, {
      headers: { 'x-api-key': app.developer_key },
      json: { session_token: minted.body.session_token },
    })
    expect(exchanged.status).toBe(200)
    return exchanged.body.access_token
  }
  return { emulator, clock, sent, call, token }
}

/**
 * The router tests' emulator: every scope enabled for every fixture app (`allScopes`, the
 * default), else the fixtures' own scopes.
 */
export function harness({ allScopes = true, start = START } = {}): Harness {
  return emulatorHarness({
    start,
    apps: allScopes ? allScopeApps : apps,
  })
}

/**
 * The control API's emulator: the sample widgets, their webhooks recorded, called as a program
 * calls it (no Origin, no Sec-Fetch-*).
 */
export function controlHarness(options: Partial<EmulatorOptions> = {}): Harness {
  return emulatorHarness({
    apps: sampleWidgets,
    base: ORIGIN,
    asPanel: false,
    recordWebhooks: true,
    ...options,
  })
}
/** The control tests' name for a harness. */
export type ControlHarness = Harness

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
    s.emulator = testEmulator({ now: () => s.clock })
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
