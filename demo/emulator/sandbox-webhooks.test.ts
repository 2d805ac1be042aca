// A sandbox's webhooks say which sandbox sent them, in the signed body and a header, so a backend
// that tests share keeps each test's events apart; the server kit's verifyWebhook reads it.

import { PlatformError } from 'platform-widget-sdk/events'
import { verifyWebhook } from 'platform-widget-server'
import { describe, expect, it } from 'vitest'
import { ORIGIN, sampleWidgets, testEmulator } from './test-harness.js'

/** The emulator (its sandboxes inherit its options), each delivery's body and headers kept. */
function recording() {
  const sent: { body: string; headers: Headers }[] = []
  const emulator = testEmulator({
    apps: sampleWidgets,
    webhooks: {
      fetch: async (input, init) => {
        const request = new Request(input, init)
        sent.push({ body: await request.text(), headers: request.headers })
        return new Response(null, { status: 204 })
      },
      retryDelaysMs: [],
    },
  })
  const call = async (path: string, json: unknown = {}) => {
    const res = await emulator.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    })
    expect(res.status, path).toBe(201)
    return res.json() as Promise<{
      id: string
      url: string
      apps: { app_key: string; webhook_secret: string }[]
    }>
  }
  return { emulator, sent, call }
}

const pay = { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' }

describe("a sandbox's webhooks", () => {
  it('name their sandbox, signed; two sandboxes never get each other’s events', async () => {
    const { sent, call } = recording()
    const [a, b] = [await call('/control/v1/sandboxes'), await call('/control/v1/sandboxes')]
    await call(`${new URL(a.url).pathname}/control/v1/payments`, pay)
    await expect.poll(() => sent.length).toBe(1)
    await call(`${new URL(b.url).pathname}/control/v1/payments`, pay)
    await expect.poll(() => sent.length).toBe(2)
    await call(`${new URL(b.url).pathname}/control/v1/payments`, pay)
    await expect.poll(() => sent.length).toBe(3)
    // The sandboxes' keys are the dev command's: one secret verifies both.
    const secret = a.apps.find((app) => app.app_key === 'demo-doctor')!.webhook_secret
    const events = sent.map(({ body, headers }) => verifyWebhook(body, headers, secret))
    const by = (id: string) => events.filter((e) => e.sandbox === id)
    expect(by(a.id)).toHaveLength(1)
    expect(by(b.id)).toHaveLength(2)
    expect(sent.map(({ headers }) => headers.get('platform-sandbox'))).toEqual([a.id, b.id, b.id])
  })

  it('the dev command’s own state names none', async () => {
    const { sent, call } = recording()
    await call('/control/v1/payments', pay)
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]!.headers.get('platform-sandbox')).toBeNull()
    expect(JSON.parse(sent[0]!.body)).not.toHaveProperty('sandbox')
  })

  it('a header that is not the signed sandbox is refused', async () => {
    const { sent, call } = recording()
    const [a, b] = [await call('/control/v1/sandboxes'), await call('/control/v1/sandboxes')]
    await call(`${new URL(a.url).pathname}/control/v1/payments`, pay)
    await expect.poll(() => sent.length).toBe(1)
    const secret = a.apps.find((app) => app.app_key === 'demo-doctor')!.webhook_secret
    const headers = new Headers(sent[0]!.headers)
    headers.set('platform-sandbox', b.id)
    const error = (() => {
      try {
        verifyWebhook(sent[0]!.body, headers, secret)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(PlatformError)
    expect((error as PlatformError).code).toBe('INVALID_WEBHOOK_SIGNATURE')
  })
})
