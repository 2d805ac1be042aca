// The panel's endpoints for a top-level page, POST /signin/renew and /signin/redeem, over an
// emulator in memory.
import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../emulator/app.js'
import {
  sampleWidgets as apps,
  SAMPLE_DOCTOR as doctor,
  ORIGIN as EMULATOR,
  PANEL,
  testEmulator,
} from '../emulator/test-harness.js'
import { createPanel } from './server.js'

const ORIGIN = new URL(doctor.url).origin
const SCOPE = 'provider.profile.read'

let emulator: Emulator
beforeEach(() => {
  emulator = testEmulator({ apps })
  // The panel's server reaches the emulator over HTTP; here, the same app in memory.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => emulator.app.request(url, init))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const panel = createPanel({
  panelOrigin: PANEL,
  emulatorOrigin: EMULATOR,
  apps,
  users: { doctor: 'dr-1', patient: 'pt-1' },
})

/** As the SDK sends it: a form, from the widget page's origin. */
function renew(form: Record<string, string>, origin: string | null = ORIGIN) {
  return panel.request(`${PANEL}/signin/renew`, {
    method: 'POST',
    headers: origin ? { origin } : {},
    body: new URLSearchParams(form),
  })
}

async function signedIn(): Promise<string> {
  const internal = (path: string, method: string, json: unknown) =>
    emulator.app.request(`${EMULATOR}/internal/users/dr-1/apps/demo-doctor${path}`, {
      method,
      headers: { origin: PANEL, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    })
  await internal('/consent', 'PUT', { scopes: [SCOPE] })
  const res = await internal('/grants', 'POST', { origin: ORIGIN, scopes: [SCOPE] })
  return ((await res.json()) as { grant: string }).grant
}

describe('POST /signin/renew', () => {
  it('trades the grant for a session token and the next grant, readable by that origin only', async () => {
    const grant = await signedIn()
    const res = await renew({ app_key: 'demo-doctor', scope: SCOPE, grant })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { session_token: string; grant: string }
    expect(body.session_token.split('.')).toHaveLength(3)
    expect(body.grant).toMatch(/^prg_/)
    // Used once: the old one is refused.
    expect((await renew({ app_key: 'demo-doctor', scope: SCOPE, grant })).status).toBe(401)
  })

  it.each([
    ['no Origin', null],
    ['another site', 'http://127.0.0.1:4303'],
    ['the panel itself', PANEL],
  ])('refuses %s with 403 and no header to read the answer by', async (_, origin) => {
    const grant = await signedIn()
    const res = await renew({ app_key: 'demo-doctor', scope: SCOPE, grant }, origin)
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses another registered widget’s origin, before the emulator sees the grant', async () => {
    const grant = await signedIn()
    const other = new URL(apps.find((a) => a.app_key === 'demo-profile')!.url).origin
    expect((await renew({ app_key: 'demo-doctor', scope: SCOPE, grant }, other)).status).toBe(403)
    // The route refused before the emulator saw it: the grant is still good for its own page.
    expect((await renew({ app_key: 'demo-doctor', scope: SCOPE, grant })).status).toBe(200)
  })

  it('refuses an empty scope, also once consent is taken back, and keeps no renewal alive', async () => {
    const grant = await signedIn()
    const empty = await renew({ app_key: 'demo-doctor', scope: '', grant })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ message: expect.stringContaining('at least one') })
    await emulator.app.request(`${EMULATOR}/internal/users/dr-1/apps/demo-doctor/consent`, {
      method: 'PUT',
      headers: { origin: PANEL, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: [] }),
    })
    expect((await renew({ app_key: 'demo-doctor', scope: ' ', grant })).status).toBe(400)
    // The family went with the consent: not even its own scope renews it.
    expect((await renew({ app_key: 'demo-doctor', scope: SCOPE, grant })).status).toBe(401)
  })

  it('refuses a malformed form and an oversized body', async () => {
    expect((await renew({ app_key: 'demo-doctor' })).status).toBe(400)
    const res = await renew({ app_key: 'demo-doctor', scope: SCOPE, grant: 'x'.repeat(9000) })
    expect(res.status).toBe(413)
  })
})

describe('POST /signin/redeem', () => {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')

  /** The sign-in page's side: the token and grant kept under a code bound to `challenge`. */
  async function code(): Promise<string> {
    const res = await emulator.app.request(
      `${EMULATOR}/internal/users/dr-1/apps/demo-doctor/signin-codes`,
      {
        method: 'POST',
        headers: { origin: PANEL, 'content-type': 'application/json' },
        body: JSON.stringify({ origin: ORIGIN, challenge, session_token: 'st_1', grant: 'prg_1' }),
      },
    )
    return ((await res.json()) as { code: string }).code
  }
  const redeem = (form: Record<string, string>, origin: string | null = ORIGIN) =>
    panel.request(`${PANEL}/signin/redeem`, {
      method: 'POST',
      headers: origin ? { origin } : {},
      body: new URLSearchParams(form),
    })

  it('trades the code and the verifier for the token and grant, readable by that origin only', async () => {
    const res = await redeem({ app_key: 'demo-doctor', code: await code(), verifier })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ session_token: 'st_1', grant: 'prg_1' })
  })

  it.each([
    ['no Origin', null],
    ['another site', 'http://127.0.0.1:4303'],
    [
      'another registered widget',
      new URL(apps.find((a) => a.app_key === 'demo-profile')!.url).origin,
    ],
  ])('refuses %s with 403, before the code is spent', async (_, origin) => {
    const issued = await code()
    const res = await redeem({ app_key: 'demo-doctor', code: issued, verifier }, origin)
    expect(res.status).toBe(403)
    // An unregistered origin cannot even read the refusal.
    if (origin === null || !apps.some((a) => new URL(a.url).origin === origin)) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
    expect((await redeem({ app_key: 'demo-doctor', code: issued, verifier })).status).toBe(200)
  })

  it('a code without its verifier is worth nothing, and the try spends it', async () => {
    const issued = await code()
    const wrong = await redeem({ app_key: 'demo-doctor', code: issued, verifier: challenge })
    expect(wrong.status).toBe(400)
    expect((await redeem({ app_key: 'demo-doctor', code: issued, verifier })).status).toBe(400)
    expect((await redeem({ app_key: 'demo-doctor', code: issued })).status).toBe(400)
  })
})
