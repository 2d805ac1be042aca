// Stopping an emulator stops its webhooks for good: no retry is scheduled by an attempt that was
// under way, no attempt queued behind it runs, and its sandboxes' senders stop too (deleting a
// sandbox stops its own). Real timers, retries 50 ms apart, a receiver that answers 503.

import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator } from '../start-emulator.js'
import type { Emulator } from './app.js'
import {
  sampleWidgets as apps,
  SAMPLE_DOCTOR as DOCTOR,
  ORIGIN,
  testEmulator,
} from './test-harness.js'
import { createWebhookSender, type WebhookDelivery } from './webhooks.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const RETRIES = [50, 50, 50]

/** A receiver that answers 503 after 30 ms, and counts the POSTs. */
function slowReceiver() {
  const posts: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    posts.push(String(input))
    await sleep(30)
    return new Response('busy', { status: 503 })
  }) as typeof globalThis.fetch
  return { posts, fetch }
}

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await sleep(5)
  }
}

describe('the sender, stopped', () => {
  it('schedules no retry after the attempt under way, and runs none queued behind it', async () => {
    const receiver = slowReceiver()
    let log: WebhookDelivery[] = []
    const sender = createWebhookSender(() => log, Date.now, {
      fetch: receiver.fetch,
      retryDelaysMs: RETRIES,
    })
    const first = sender.send(DOCTOR, 'payment.succeeded', {})
    const queued = sender.send(DOCTOR, 'installation.created', {})
    await until(() => receiver.posts.length === 1)
    await sender.stop() // during attempt 1
    await sleep(400)
    expect(receiver.posts).toHaveLength(1)
    for (const d of [first, queued])
      expect(d).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped/) })
    const later = sender.send(DOCTOR, 'payment.succeeded', {})
    await sleep(100)
    expect(later).toMatchObject({ status: 'skipped', error: expect.stringMatching(/stopped/) })
    expect(receiver.posts).toHaveLength(1)
    log = []
  })
})

describe('an emulator, stopped', () => {
  const control =
    (path: string, json?: unknown, method = 'POST') =>
    (emulator: Emulator) =>
      emulator.app.request(`${ORIGIN}${path}`, {
        method,
        headers: json === undefined ? {} : { 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
  const trigger = { type: 'payment.succeeded', app_key: 'demo-doctor' }

  function emulatorWith(receiver: ReturnType<typeof slowReceiver>) {
    return testEmulator({
      apps,
      webhooks: { fetch: receiver.fetch, retryDelaysMs: RETRIES },
    })
  }

  it("stops every sandbox's webhooks", async () => {
    const receiver = slowReceiver()
    const emulator = emulatorWith(receiver)
    const made = await control('/control/v1/sandboxes', {})(emulator)
    const { id } = (await made.json()) as { id: string }
    const sent = await control(`/sandboxes/${id}/control/v1/webhooks/trigger`, trigger)(emulator)
    expect(sent.status).toBe(201)
    expect(receiver.posts).toHaveLength(1) // its retry waits 50 ms
    await emulator.stop()
    await sleep(400)
    expect(receiver.posts).toHaveLength(1)
  })

  it('a sandbox deleted during an attempt retries nothing after it', async () => {
    const receiver = slowReceiver()
    const emulator = emulatorWith(receiver)
    const made = await control('/control/v1/sandboxes', {})(emulator)
    const { id } = (await made.json()) as { id: string }
    const sent = control(`/sandboxes/${id}/control/v1/webhooks/trigger`, trigger)(emulator)
    await until(() => receiver.posts.length === 1)
    const gone = await control(`/control/v1/sandboxes/${id}`, undefined, 'DELETE')(emulator)
    expect(gone.status).toBe(204)
    await sent
    await sleep(400)
    expect(receiver.posts).toHaveLength(1)
    await emulator.stop()
  })
})

describe('startEmulator().close()', () => {
  const servers: ReturnType<typeof createServer>[] = []
  afterEach(() => {
    for (const s of servers.splice(0)) s.close()
  })

  it("aborts a sandbox's attempt under way and resolves once it ended", async () => {
    let held: IncomingMessage | undefined
    let aborted = false
    const receiver = createServer((req) => {
      held = req // never answered
      req.socket.on('close', () => {
        aborted = true
      })
    })
    servers.push(receiver)
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done))
    const { port } = receiver.address() as AddressInfo
    const emulator = await startEmulator({
      config: { apps: [{ app_key: 'my-widget', url: 'http://localhost:5173/' }] },
    })
    const made = await fetch(`${emulator.url}/control/v1/sandboxes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        apps: [{ app_key: 'my-widget', webhook_url: `http://127.0.0.1:${port}/hook` }],
      }),
    })
    const { url } = (await made.json()) as { url: string }
    void fetch(`${url}/control/v1/webhooks/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'payment.succeeded', app_key: 'my-widget' }),
    }).catch(() => undefined)
    await until(() => held !== undefined)
    await emulator.close()
    await until(() => aborted, 1000)
  })
})
