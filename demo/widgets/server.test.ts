// @vitest-environment node
// The sample backend unlocks what was bought only when the platform's record of the payment (its
// payload, product and amount, from monetization verify) matches the order the backend created.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEmulator, type Emulator } from '../emulator/app.js'
import { loadFixtures } from '../emulator/state.js'
import { sampleApps } from '../lib/config.js'
import { createWidgets } from './server.js'

const PANEL = 'http://127.0.0.1:4400'
const WIDGETS = 'http://localhost:4401'
const EMULATOR = 'http://127.0.0.1:4402'
const fixtures = loadFixtures()
const apps = sampleApps(fixtures, WIDGETS)

let emulator: Emulator
let widgets: ReturnType<typeof createWidgets>

beforeEach(() => {
  emulator = createEmulator({
    fixtures,
    apps,
    panelOrigin: PANEL,
    webhooks: { fetch: async () => new Response(null, { status: 204 }) },
  })
  // The backend's calls to the platform go to this emulator, with no server and no port.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    emulator.app.request(String(input), init),
  )
  widgets = createWidgets({ panelOrigin: PANEL, emulatorOrigin: EMULATOR, apps })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function post(path: string, body: unknown) {
  const res = await widgets.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
