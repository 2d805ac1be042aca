// The sample backend unlocks what was bought only when the platform's record of the payment (its
// payload, product and amount, from monetization verify) matches the order the backend created.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../emulator/app.js'
import {
  sampleWidgets as apps,
  SAMPLE_DOCTOR as DOCTOR,
  ORIGIN as EMULATOR,
  PANEL,
  testEmulator,
} from '../emulator/test-harness.js'
import { portsFrom, SAMPLE_KEYS, sampleOrigins } from '../lib/config.js'
import { createWidgets, keep, MAX_JSON_BYTES, MAX_ORDERS, MAX_SESSIONS } from './server.js'

const ORIGINS = sampleOrigins(portsFrom(4400))

// keep() itself, watched: the caps test below sees which cap each store passes it.
vi.mock('./page-guard.js', async (original) => {
  const real = await original<typeof import('./page-guard.js')>()
  return { ...real, keep: vi.fn(real.keep) }
})

let emulator: Emulator
let widgets: ReturnType<typeof createWidgets>

beforeEach(() => {
  emulator = testEmulator({
    apps,
    webhooks: { fetch: async () => new Response(null, { status: 204 }) },
  })
  // The backend's calls to the platform go to this emulator, with no server and no port.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    emulator.app.request(String(input), init),
  )
  widgets = createWidgets({ panelOrigin: PANEL, emulatorOrigin: EMULATOR, app: DOCTOR })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function post(path: string, body: unknown) {
  const res = await widgets.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGINS['demo-doctor']! },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** What the panel's backend adapter sends when the user confirms the payment dialog. */
async function panelPays(body: Record<string, unknown>) {
  const res = await emulator.app.request('/internal/users/dr-1/apps/demo-doctor/payments', {
    method: 'POST',
    headers: { origin: PANEL, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'pay', product_key: 'pro', amount: 1_250_000, ...body }),
  })
  return ((await res.json()) as { receipt_id: string }).receipt_id
}

const newOrder = async () => {
  const order = await post('/api/orders', { app_key: 'demo-doctor', product_key: 'pro' })
  expect(order).toEqual({
    status: 201,
    body: { order_id: expect.stringMatching(/^ord_/), product_key: 'pro', amount: 1_250_000 },
  })
  return order.body.order_id as string
}

describe('the sample backend checks the payment against its order', () => {
  it('unlocks when the verified payload names the order, and only once', async () => {
    const order_id = await newOrder()
    const receipt_id = await panelPays({ payload: { order_id } })
    const verified = await post('/api/verify', { app_key: 'demo-doctor', receipt_id, order_id })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      verified: true,
      receipt_id,
      payload: { order_id },
      order: { id: order_id, status: 'paid', receipt_id, user_id: 'dr-1' },
    })
    // A second payment cannot be passed off as paying the same order again.
    const other = await panelPays({ payload: { order_id } })
    const again = await post('/api/verify', { app_key: 'demo-doctor', receipt_id: other, order_id })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: 'ORDER_MISMATCH', message: /already paid/ })
  })

  it('refuses a payment made for another order, or for none', async () => {
    const mine = await newOrder()
    const theirs = await newOrder()
    const forOther = await panelPays({ payload: { order_id: theirs } })
    const res = await post('/api/verify', {
      app_key: 'demo-doctor',
      receipt_id: forOther,
      order_id: mine,
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(new RegExp(`made for order ${theirs}, not order ${mine}`))
    const none = await panelPays({})
    const bare = await post('/api/verify', {
      app_key: 'demo-doctor',
      receipt_id: none,
      order_id: mine,
    })
    expect(bare.body).toMatchObject({ error: 'ORDER_MISMATCH', message: /for no order/ })
  })

  it('refuses an unknown order, and an unknown product when ordering', async () => {
    expect(
      (await post('/api/verify', { app_key: 'demo-doctor', receipt_id: 'x', order_id: 'ord_nope' }))
        .status,
    ).toBe(404)
    expect(
      (await post('/api/orders', { app_key: 'demo-doctor', product_key: 'gold-plated' })).status,
    ).toBe(400)
  })
})

describe('each sample widget has a server of its own', () => {
  const servers = apps.map((app) => ({
    app,
    server: createWidgets({ panelOrigin: PANEL, emulatorOrigin: EMULATOR, app }),
  }))
  const PAGES = {
    'demo-doctor': '/doctor/',
    'demo-booking': '/booking-addon/',
    'demo-profile': '/profile-widget/',
  }
  const STATIC = {
    'demo-doctor': '/static/doctor/doctor.js',
    'demo-booking': '/static/booking/booking.js',
    'demo-profile': '/static/profile/profile.js',
  }

  it('puts the three samples on three origins, at the ports from the base', () => {
    expect(ORIGINS).toEqual({
      'demo-doctor': 'http://localhost:4401',
      'demo-booking': 'http://localhost:4403',
      'demo-profile': 'http://localhost:4404',
    })
    expect(new Set(apps.map((a) => new URL(a.url).origin)).size).toBe(SAMPLE_KEYS.length)
    for (const app of apps) {
      expect(app.url).toBe(`${ORIGINS[app.app_key]}${PAGES[app.app_key as keyof typeof PAGES]}`)
      expect(app.webhook_url).toBe(`${ORIGINS[app.app_key]}/api/webhooks/${app.app_key}`)
    }
  })

  it("answers its own widget's page and files, and 404 for another sample's", async () => {
    for (const { app, server } of servers) {
      for (const key of SAMPLE_KEYS) {
        const own = key === app.app_key
        const pageRes = await server.request(PAGES[key])
        expect(pageRes.status, `${key}'s page on ${app.app_key}'s origin`).toBe(own ? 200 : 404)
        if (own) {
          expect(pageRes.headers.get('content-security-policy')).toContain(
            `frame-ancestors ${PANEL}`,
          )
          expect(await pageRes.text()).toContain(`${PANEL}/dist/platform.js`)
        }
        const file = await server.request(STATIC[key])
        expect(file.status, `${STATIC[key]} on ${app.app_key}'s origin`).toBe(own ? 200 : 404)
      }
      expect((await server.request('/shared/kit.js')).status).toBe(200)
      const index = await server.request('/')
      expect(await index.text()).toContain(`Sample widget ${app.app_key}`)
    }
  })

  it("answers its own widget's backend routes only", async () => {
    for (const { app, server } of servers) {
      for (const key of SAMPLE_KEYS) {
        const events = await server.request(`/api/webhooks/${key}/events`)
        expect(events.status, `${key}'s webhook events on ${app.app_key}'s origin`).toBe(
          key === app.app_key ? 200 : 404,
        )
        const session = await server.request('/api/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: new URL(app.url).origin },
          body: JSON.stringify({ app_key: key, session_token: 'x' }),
        })
        // Its own key gets as far as the token exchange (a bad token); another key is unknown here.
        expect(await session.json(), `${key}'s session on ${app.app_key}'s origin`).toMatchObject(
          key === app.app_key ? { error: 'INVALID_SESSION_TOKEN' } : { message: 'Unknown app_key' },
        )
      }
    }
  })
})

describe('the sample backend refuses what a copy of it must refuse', () => {
  const OWN = ORIGINS['demo-doctor']!
  const STATE_CHANGING = ['/api/session', '/api/sms/send', '/api/orders', '/api/verify']
  const send = (
    path: string,
    headers: Record<string, string>,
    body = '{"app_key":"demo-doctor"}',
  ) => widgets.request(path, { method: 'POST', headers, body })

  it('takes JSON bodies only: text/plain, forms and no type are 415, before the body is read', async () => {
    for (const path of [...STATE_CHANGING, '/api/webhooks/demo-doctor']) {
      for (const type of [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonx',
        '',
      ]) {
        const res = await send(path, { origin: OWN, ...(type ? { 'content-type': type } : {}) })
        expect(res.status, `${path} ${type}`).toBe(415)
        expect(await res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' })
      }
    }
    // The cross-site attack as sent: 200 text/plain posts created no order.
    for (let i = 0; i < 200; i++) {
      const res = await send(
        '/api/orders',
        { origin: OWN, 'content-type': 'text/plain' },
        '{"app_key":"demo-doctor","product_key":"pro"}',
      )
      expect(res.status).toBe(415)
    }
    // JSON with parameters is JSON.
    const ok = await send(
      '/api/orders',
      { origin: OWN, 'content-type': 'Application/JSON; charset=utf-8' },
      '{"app_key":"demo-doctor","product_key":"pro"}',
    )
    expect(ok.status).toBe(201)
  })

  it("answers state-changing routes for the widget's own origin only: 403 otherwise", async () => {
    for (const path of STATE_CHANGING) {
      for (const origin of [
        'https://evil.example',
        'null',
        PANEL,
        ORIGINS['demo-booking']!,
        'http://127.0.0.1:4401',
        undefined,
      ]) {
        const res = await send(path, {
          'content-type': 'application/json',
          ...(origin === undefined ? {} : { origin }),
        })
        expect(res.status, `${path} from ${origin}`).toBe(403)
        expect(await res.json()).toMatchObject({ error: 'FORBIDDEN_ORIGIN' })
      }
    }
    // The origin is checked before the media type: another site learns nothing more.
    expect((await send('/api/orders', { origin: 'https://evil.example' })).status).toBe(403)
  })

  it('refuses a body over MAX_JSON_BYTES with 413', async () => {
    const big = JSON.stringify({ app_key: 'demo-doctor', text: 'x'.repeat(MAX_JSON_BYTES) })
    const res = await send(
      '/api/sms/send',
      { origin: OWN, 'content-type': 'application/json' },
      big,
    )
    expect(res.status).toBe(413)
  })

  it('keep(): one entry past the cap forgets the oldest, a replaced entry stays', () => {
    const map = new Map<string, number>()
    for (let i = 0; i < 5; i++) keep(map, `k${i}`, i, 3)
    expect([...map.keys()]).toEqual(['k2', 'k3', 'k4'])
    keep(map, 'k3', 33, 3)
    expect([...map.entries()]).toEqual([
      ['k2', 2],
      ['k3', 33],
      ['k4', 4],
    ])
  })

  // keep() is what forgets the oldest (its own test, above); what the server must do is keep
  // every order and session through it with its cap. One order and one session show that, where
  // a thousand and one HTTP requests to see the first forgotten took over 5 s at a load of 20.
  it('keeps orders and sessions through keep(), capped at MAX_ORDERS and MAX_SESSIONS', async () => {
    expect([MAX_ORDERS, MAX_SESSIONS]).toEqual([1000, 1000])
    vi.mocked(keep).mockClear()
    const order_id = await newOrder()
    expect(keep).toHaveBeenCalledExactlyOnceWith(
      expect.any(Map),
      order_id,
      expect.objectContaining({ id: order_id, status: 'open' }),
      MAX_ORDERS,
    )

    vi.mocked(keep).mockClear()
    const minted = await emulator.app.request(
      '/internal/users/dr-1/apps/demo-doctor/session-tokens',
      {
        method: 'POST',
        headers: { origin: PANEL, 'content-type': 'application/json' },
        body: JSON.stringify({ scopes: ['provider.profile.read'] }),
      },
    )
    const { session_token } = (await minted.json()) as { session_token: string }
    const session = await post('/api/session', { app_key: 'demo-doctor', session_token })
    expect(session.status).toBe(200)
    expect(keep).toHaveBeenCalledExactlyOnceWith(
      expect.any(Map),
      session.body.session,
      expect.objectContaining({ app: expect.objectContaining({ app_key: 'demo-doctor' }) }),
      MAX_SESSIONS,
    )
  })
})
