// Each browser test's webhooks are its own: two sandboxes deliver to the one backend (started
// once, as `npm run dev` runs it), which keeps each sandbox's events apart, and a page's call,
// naming its sandbox, reads only its own.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  createEmulatorControl,
  type EmulatorSandbox,
  type PlatformWebhookEvent,
} from 'platform-widget-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import config from '../platform.config.json'
import { createApp, SANDBOX_HEADER } from './app'

const APP_KEY = config.apps[0]!.app_key

describe("each sandbox's webhooks", () => {
  const platformUrl = inject('platformUrl')
  const emulator = createEmulatorControl({ baseUrl: platformUrl })
  const sandboxes: EmulatorSandbox[] = []
  const seen: PlatformWebhookEvent[] = []
  let backend!: ReturnType<typeof createApp>
  let server: ReturnType<typeof serve>

  beforeAll(async () => {
    server = serve({ fetch: (request) => backend.fetch(request), port: 0, hostname: '127.0.0.1' })
    await new Promise((listening) => server.once('listening', listening))
    const { port } = server.address() as AddressInfo
    const webhook_url = `http://127.0.0.1:${port}/webhooks/platform`
    for (let i = 0; i < 2; i++) {
      sandboxes.push(await emulator.createSandbox({ apps: [{ app_key: APP_KEY, webhook_url }] }))
    }
    // A sandbox keeps the dev platform's keys: the backend's one secret verifies them all.
    const mine = sandboxes[0]!.apps.find((app) => app.app_key === APP_KEY)!
    backend = createApp({
      appKey: APP_KEY,
      apiKey: mine.developer_key,
      webhookSecret: mine.webhook_secret,
      platformUrl,
      onWebhook: (event) => void seen.push(event),
    })
  })
  afterAll(async () => {
    try {
      await Promise.all(sandboxes.map((s) => s.delete()))
    } finally {
      await new Promise((closed) => server.close(closed))
    }
  })

  /** A payment in `sandbox`, once its webhook reached the backend. */
  async function payIn(sandbox: EmulatorSandbox) {
    const { receipt_id } = await sandbox.control.completePayment({
      app_key: APP_KEY,
      kind: 'pay',
      product_key: 'pro',
    })
    await expect
      .poll(async () =>
        (await sandbox.control.listWebhookDeliveries({ app_key: APP_KEY }))
          .filter((d) => d.event.data.receipt_id === receipt_id)
          .map((d) => d.status),
      )
      .toEqual(['delivered'])
    return receipt_id
  }
  const eventsOf = (sandbox?: string) =>
    backend.request('/api/test/webhooks', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(sandbox ? { [SANDBOX_HEADER]: sandbox } : {}),
      },
      body: '{}',
    })
  const receiptsOf = async (sandbox: EmulatorSandbox) => {
    const res = await eventsOf(sandbox.id)
    expect(res.status).toBe(200)
    const { events } = (await res.json()) as { events: PlatformWebhookEvent[] }
    return events.map((e) => [e.sandbox, (e.data as { receipt_id?: string }).receipt_id])
  }

  it('keeps two sandboxes’ events apart; a resent one counts once', async () => {
    const [a, b] = sandboxes as [EmulatorSandbox, EmulatorSandbox]
    const paidA = await payIn(a)
    const paidB = await payIn(b)
    expect(await receiptsOf(a)).toEqual([[a.id, paidA]])
    expect(await receiptsOf(b)).toEqual([[b.id, paidB]])
    // The platform sends an event again until it is answered: the backend acts once.
    const [delivery] = await a.control.listWebhookDeliveries({ app_key: APP_KEY })
    await a.control.resendWebhook(delivery!.id)
    await expect
      .poll(async () => (await a.control.listWebhookDeliveries({ app_key: APP_KEY }))[0]?.series)
      .toBe(2)
    await expect
      .poll(async () => (await a.control.listWebhookDeliveries({ app_key: APP_KEY }))[0]?.status)
      .toBe('delivered')
    expect(await receiptsOf(a)).toEqual([[a.id, paidA]])
    expect(seen.map((e) => e.sandbox)).toEqual([a.id, b.id])
    // Without a sandbox the route is not there: the platform's own events are no page's.
    expect((await eventsOf()).status).toBe(404)
  })
})
