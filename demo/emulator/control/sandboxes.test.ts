// Sandboxes: each an emulator of its own under /sandboxes/{id} (state, tokens, scenario, webhook
// log), bounded in number and idle time, and the running command's state untouched by them.

import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type ControlHarness,
  controlHarness,
  SAMPLE_DOCTOR as DOCTOR,
  ORIGIN,
  PANEL,
} from '../test-harness.js'
import { createSandboxRegistry } from './sandboxes.js'

let h: ControlHarness
beforeEach(() => {
  h = controlHarness()
})

const create = async (json?: unknown) => {
  const res = await h.call('POST', '/control/v1/sandboxes', json === undefined ? {} : { json })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as {
    id: string
    url: string
    apps: { app_key: string; developer_key: string; webhook_secret: string; app_id: string }[]
  }
}
/** A path under a sandbox's url. */
const under = (url: string, path: string) => `${new URL(url).pathname}${path}`

/** What the running command's state holds, to compare before and after sandbox work. */
const snapshot = () => {
  const s = h.emulator.state
  return JSON.parse(
    JSON.stringify({
      receipts: [...s.receipts.values()],
      sessionTokens: s.sessionTokens.size,
      accessTokens: s.accessTokens.size,
      users: [...s.users.values()].map((u) => u.sms),
      scenario: s.scenario,
      webhooks: s.webhooks.length,
      apps: [...s.apps.values()],
    }),
  )
}

describe('a sandbox', () => {
  it('answers every route over its own state; the default state is untouched', async () => {
    const before = snapshot()
    const sandbox = await create()
    expect(sandbox.id).toMatch(/^sbx_[0-9a-f]{24}$/)
    expect(sandbox.url).toBe(`${ORIGIN}/sandboxes/${sandbox.id}`)
    const doctor = sandbox.apps.find((a) => a.app_key === 'demo-doctor')!
    expect(doctor).toMatchObject({ developer_key: DOCTOR.developer_key, app_id: DOCTOR.app_id })
    const at = (path: string) => under(sandbox.url, path)

    await h.call('PUT', at('/control/v1/scenario'), {
      json: { decline_next_payments: 1, token_ttl: { session: 9 } },
    })
    await h.call('PUT', at('/control/v1/sms'), {
      json: { app_key: 'demo-doctor', activated: true, credit: 4 },
    })
    const paid = await h.call('POST', at('/control/v1/payments'), {
      json: { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' },
    })
    expect(paid.status).toBe(201)
    const minted = await h.call('POST', at('/control/v1/session-tokens'), {
      json: { app_key: 'demo-doctor', scopes: ['provider.sms.read'] },
    })
    expect(minted.body.expires_in).toBe(9)
    const exchange = (path: string) =>
      h.call('POST', path, {
        headers: { 'x-api-key': doctor.developer_key },
        json: { session_token: minted.body.session_token },
      })
    // The sandbox's token means nothing to the default state (another signing key).
    expect((await exchange('/api/v1/apps/demo-doctor/oauth/access_token')).status).toBe(400)
    const access = await exchange(at('/api/v1/apps/demo-doctor/oauth/access_token'))
    expect(access.status).toBe(200)
    const balance = await h.call('GET', at('/v1/sms/balance'), {
      headers: { authorization: `Bearer ${access.body.access_token}` },
    })
    expect(balance.body).toEqual({ credit: 4 })
    const verify = await h.call('POST', at('/api/v1/apps/demo-doctor/monetization/verify'), {
      headers: { 'x-api-key': doctor.developer_key },
      json: { receipt_id: paid.body.receipt_id },
    })
    expect(verify.status).toBe(200)
    // The panel's routes answer there too, over the sandbox's scenario.
    const declined = await h.call('POST', at('/internal/users/dr-1/apps/demo-doctor/payments'), {
      headers: { origin: PANEL },
      json: { kind: 'pay', product_key: 'pro', amount: 1_250_000 },
    })
    expect(declined.body.error).toBe('PAYMENT_DECLINED')
    const log = await h.call('GET', at('/webhooks'))
    expect(log.body.deliveries.map((d: { type: string }) => d.type)).toEqual(['payment.succeeded'])

    expect(snapshot()).toEqual(before)
    expect((await h.call('GET', '/webhooks')).body.deliveries).toEqual([])
    expect(
      (
        await h.call('POST', '/api/v1/apps/demo-doctor/monetization/verify', {
          headers: { 'x-api-key': DOCTOR.developer_key },
          json: { receipt_id: paid.body.receipt_id },
        })
      ).body.error,
    ).toBe('RECEIPT_NOT_FOUND')
  })

  it('two sandboxes do not see each other; a reset in one resets only it', async () => {
    const [a, b] = [await create(), await create()]
    await h.call('PUT', under(a.url, '/control/v1/sms'), {
      json: { app_key: 'demo-doctor', credit: 7 },
    })
    await h.call('PUT', under(b.url, '/control/v1/sms'), {
      json: { app_key: 'demo-doctor', credit: 2 },
    })
    await h.call('PUT', '/control/v1/sms', { json: { app_key: 'demo-doctor', credit: 1 } })
    expect((await h.call('POST', under(a.url, '/control/v1/reset'))).status).toBe(200)
    const credit = async (url: string) =>
      (await h.call('PUT', url, { json: { app_key: 'demo-doctor' } })).body.credit
    expect(await credit(under(a.url, '/control/v1/sms'))).toBe(0)
    expect(await credit(under(b.url, '/control/v1/sms'))).toBe(2)
    expect(await credit('/control/v1/sms')).toBe(1)
  })

  it("takes apps: a registered one's webhook_url overridden, a new one with its own keys", async () => {
    const sandbox = await create({
      apps: [
        { app_key: 'demo-doctor', webhook_url: 'http://127.0.0.1:4699/hooks' },
        {
          app_key: 'my-widget',
          url: 'http://localhost:4698/',
          scopes: ['user.profile.read'],
          plans: [{ key: 'weekly', price: 70_000, period: 'week' }],
        },
      ],
    })
    const mine = sandbox.apps.find((a) => a.app_key === 'my-widget')!
    expect(mine.developer_key).toMatch(/^dk_/)
    expect(mine.webhook_secret).toMatch(/^whsec_/)
    expect(new Set(sandbox.apps.map((a) => a.app_id)).size).toBe(sandbox.apps.length)
    await h.call('POST', under(sandbox.url, '/control/v1/payments'), {
      json: { app_key: 'demo-doctor', kind: 'subscribe', plan_key: 'monthly' },
    })
    const paid = await h.call('POST', under(sandbox.url, '/control/v1/payments'), {
      json: { app_key: 'my-widget', kind: 'pay', product_key: 'pro' },
    })
    expect(paid.body.amount).toBe(1_000_000)
    const weekly = await h.call('POST', under(sandbox.url, '/control/v1/payments'), {
      json: { app_key: 'my-widget', kind: 'subscribe', plan_key: 'weekly' },
    })
    expect(weekly.body).toMatchObject({ plan_key: 'weekly', amount: 70_000 })
    const monthly = await h.call('POST', under(sandbox.url, '/control/v1/payments'), {
      json: { app_key: 'my-widget', kind: 'subscribe', plan_key: 'monthly' },
    })
    expect(monthly.status).toBe(404)
    const minted = await h.call('POST', under(sandbox.url, '/control/v1/session-tokens'), {
      json: { app_key: 'my-widget' },
    })
    expect(minted.body.scopes).toEqual(['user.profile.read'])
    // The override went to the sandbox only; the new widget has no webhook URL. Waits until the
    // sandbox's log has every delivery settled (the fake fetch records before it answers).
    await vi.waitFor(async () => {
      const log = await h.call('GET', under(sandbox.url, '/control/v1/webhooks/deliveries'))
      expect(
        log.body.deliveries.map((d: { app_key: string; status: string }) => [d.app_key, d.status]),
      ).toEqual([
        ['my-widget', 'skipped'],
        ['my-widget', 'skipped'],
        ['demo-doctor', 'delivered'],
      ])
    })
    expect(h.sent.map((s) => s.url)).toEqual(['http://127.0.0.1:4699/hooks'])
    expect(h.emulator.state.apps.has('my-widget')).toBe(false)
  })

  it('refuses bad apps with 400, naming the field', async () => {
    for (const apps of [
      [{ app_key: 'demo-doctor', webhook_url: 'https://example.com/hooks' }],
      [{ app_key: 'bad key' }],
      [{ app_key: 'x', scopes: ['nope nope'] }],
      [{ app_key: 'x', url: 'javascript:alert(1)' }],
      [{ app_key: 'x', products: [{ key: 'p', price: 0 }] }],
      [{ app_key: 'x', plans: [{ key: 'p', price: 5, period: 'day' }] }],
    ]) {
      const res = await h.call('POST', '/control/v1/sandboxes', { json: { apps } })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/apps\.0\./)
    }
  })

  it('ends with DELETE; its routes then answer 404 SANDBOX_NOT_FOUND', async () => {
    const sandbox = await create()
    expect((await h.call('DELETE', `/control/v1/sandboxes/${sandbox.id}`)).status).toBe(204)
    const gone = await h.call('GET', under(sandbox.url, '/control/v1/scenario'))
    expect(gone.status).toBe(404)
    expect(gone.body.error).toBe('SANDBOX_NOT_FOUND')
    expect((await h.call('DELETE', `/control/v1/sandboxes/${sandbox.id}`)).status).toBe(404)
  })

  it('makes no sandbox of its own, and refuses browsers as the emulator does', async () => {
    const sandbox = await create()
    const nested = await h.call('POST', under(sandbox.url, '/control/v1/sandboxes'), { json: {} })
    expect(nested.status).toBe(409)
    expect(nested.body.error).toBe('NESTED_SANDBOX')
    const browser = await h.call('POST', under(sandbox.url, '/control/v1/reset'), {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(browser.body.error).toBe('CONTROL_FROM_BROWSER')
    const doc = await h.call('GET', under(sandbox.url, '/control/v1/openapi.json'))
    expect(doc.body.servers[0].url).toBe(sandbox.url)
  })
})

describe('limits', () => {
  it('at most max at once (429), and one idle too long is dropped', async () => {
    h = controlHarness({ sandboxLimits: { max: 2, idleMs: 60_000 } })
    const a = await create()
    h.clock.now += 30_000
    const b = await create()
    const third = await h.call('POST', '/control/v1/sandboxes', {})
    expect(third.status).toBe(429)
    expect(third.body.error).toBe('TOO_MANY_SANDBOXES')
    expect(third.body.message).toMatch(/At most 2/)
    h.clock.now += 20_000
    // A request keeps b alive.
    expect((await h.call('GET', under(b.url, '/control/v1/scenario'))).status).toBe(200)
    h.clock.now += 15_000
    // a has been idle 65 s: gone, and its place is free.
    expect((await h.call('GET', under(a.url, '/control/v1/scenario'))).status).toBe(404)
    await create()
    expect((await h.call('GET', under(b.url, '/control/v1/scenario'))).status).toBe(200)
  })
})

it('a sandbox deleted or dropped for idleness stops its emulator (its webhook retries end)', () => {
  let clock = 0
  const stops: string[] = []
  const registry = createSandboxRegistry(
    (_apps, basePath) => ({
      app: { fetch: () => new Response() },
      stop: vi.fn(() => void stops.push(basePath)),
    }),
    () => clock,
    { max: 5, idleMs: 1_000 },
  )
  const kept = registry.create([])
  const idle = registry.create([])
  const deleted = registry.create([])
  expect(registry.delete(deleted.id)).toBe(true)
  expect(stops).toEqual([`/sandboxes/${deleted.id}`])
  clock = 900
  registry.get(kept.id)
  clock = 1_500
  registry.get(kept.id)
  expect(stops).toEqual([`/sandboxes/${deleted.id}`, `/sandboxes/${idle.id}`])
})
