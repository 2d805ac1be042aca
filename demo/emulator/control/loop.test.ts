// A webhook URL at the emulator's own port made an endless loop: the event's body is a valid
// trigger body, and Node's fetch passes the control API's browser check. Refused both ways: the
// control API answers no request carrying a Standard Webhooks header, and the emulator sends no
// webhook to its own port (a clear `skipped` in the log; a sandbox asking for one is a 400).

import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../../lib/free-port.js'
import { type RunningEmulator, startEmulator } from '../../start-emulator.js'
import { controlHarness } from '../test-harness.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the control API and webhook headers', () => {
  it.each([
    ['webhook-id', 'evt_0123'],
    ['webhook-signature', 'v1,abc'],
  ])('refuses a request carrying %s with 403 CONTROL_FROM_WEBHOOK', async (name, value) => {
    const h = controlHarness()
    const trigger = { type: 'payment.succeeded', app_key: 'demo-doctor' }
    for (const path of ['/control/v1/webhooks/trigger', '/control/v1/reset']) {
      const res = await h.call('POST', path, { json: trigger, headers: { [name]: value } })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ error: 'CONTROL_FROM_WEBHOOK' })
      expect(res.body.message).toContain(name)
    }
    expect(h.sent).toHaveLength(0)
    const made = await h.call('POST', '/control/v1/sandboxes', { json: {} })
    const inSandbox = await h.call('POST', `/sandboxes/${made.body.id}/control/v1/reset`, {
      headers: { [name]: value },
    })
    expect(inSandbox.status).toBe(403)
    // Without the header, the same call passes.
    expect((await h.call('POST', '/control/v1/webhooks/trigger', { json: trigger })).status).toBe(
      201,
    )
  })
})

describe('a webhook URL at the emulator itself', () => {
  let emulator: RunningEmulator | undefined
  afterEach(async () => {
    await emulator?.close()
    emulator = undefined
  })
  const post = (url: string, json: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    })

  it('is not sent to: one trigger is one skipped delivery, not a loop', async () => {
    // The port is in the config, so it is known before the emulator listens: the OS gives one.
    const PORT = await freePort()
    emulator = await startEmulator({
      port: PORT,
      config: {
        apps: [
          {
            app_key: 'my-widget',
            url: 'http://localhost:5173/',
            webhook_url: `http://localhost:${PORT}/control/v1/webhooks/trigger`,
          },
        ],
      },
    })
    const res = await post(`${emulator.url}/control/v1/webhooks/trigger`, {
      type: 'payment.succeeded',
      app_key: 'my-widget',
    })
    const delivery = await res.json()
    expect(delivery).toMatchObject({ status: 'skipped' })
    expect(delivery.error).toMatch(/emulator's own port/)
    await sleep(1000)
    const log = await (await fetch(`${emulator.url}/control/v1/webhooks/deliveries`)).json()
    expect(log.deliveries).toHaveLength(1)
  })

  it('is refused when a sandbox asks for it (400), under any loopback name', async () => {
    emulator = await startEmulator()
    const PORT = Number(new URL(emulator.url).port)
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const res = await post(`${emulator.url}/control/v1/sandboxes`, {
        apps: [{ app_key: 'x', webhook_url: `http://${host}:${PORT}/control/v1/reset` }],
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        error: 'INVALID_INPUT',
        message: expect.stringContaining(
          "apps[0].webhook_url: The webhook URL is on the emulator's own port",
        ),
      })
    }
    const other = await post(`${emulator.url}/control/v1/sandboxes`, {
      apps: [{ app_key: 'x', webhook_url: `http://127.0.0.1:${PORT + 1}/hook` }],
    })
    expect(other.status).toBe(201)
  })
})
