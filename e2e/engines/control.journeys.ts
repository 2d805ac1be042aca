// The emulator's control API refuses web pages, on every engine: a page of another site, open
// while the dev command runs, sends what any page may send without CORS (a `no-cors` POST, and a
// form POST submitted by a real click). Each is refused, and the state read back from Node is
// what it was. e2e/control-api.spec.ts checks each answer's status on Chromium.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { plantPaymentForm, sendNoCors } from '../control-attack'
import { DEMO } from '../demo-helpers'
import { until } from './app'
import { expect, test } from './fixtures'

/** A call from Node, as a test or script makes it (no Origin, no Sec-Fetch-Site). */
async function control(path: string, method = 'GET', json?: unknown) {
  const res = await fetch(`${DEMO.emulator}${path}`, {
    method,
    ...(json === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
  })
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as Record<string, unknown>,
  }
}

/** Any web page the developer visits: its own server, no CSP that would stop its requests. */
async function visitedPage() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      '<!doctype html><html lang="en"><title>A page</title><body><h1>A page</h1></body></html>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    // localhost, not 127.0.0.1: another site than the emulator's.
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test('a page of another site can neither pay, reset nor mint through the control API', async ({
  driver,
}) => {
  const made = await control('/control/v1/sandboxes', 'POST', {})
  expect(made.status).toBe(201)
  try {
    const base = `/sandboxes/${made.body.id}`
    // A marker a reset would clear; the deliveries a payment would add to.
    const marker = { decline_next_payments: 3 }
    expect((await control(`${base}/control/v1/scenario`, 'PUT', marker)).status).toBe(200)
    const state = async () => ({
      scenario: (await control(`${base}/control/v1/scenario`)).body,
      deliveries: ((await control(`${base}/webhooks?app_key=demo-doctor`)).body.deliveries as [])
        .length,
    })
    const before = await state()
    expect(before.scenario).toMatchObject(marker)

    const page = await visitedPage()
    try {
      await driver.goto(page.url)
      const targets = [
        ['/control/v1/reset', {}],
        ['/control/v1/session-tokens', { app_key: 'demo-doctor' }],
        ['/control/v1/payments', { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' }],
        ['/control/v1/scenario', {}],
      ].map(([path, body]) => ({
        url: `${DEMO.emulator}${base}${path}`,
        body: JSON.stringify(body),
      }))
      const sent = await driver.evaluate('top', sendNoCors, targets)
      // Sent: an opaque answer resolves; what matters is that nothing was done.
      expect(sent).toEqual(targets.map(() => 'fulfilled'))

      // A form whose text/plain body is the JSON of a payment, submitted by a real click.
      const at = await driver.evaluate(
        'top',
        plantPaymentForm,
        `${DEMO.emulator}${base}/control/v1/payments`,
      )
      await driver.click(at.x, at.y)
      const shown = await until(
        () =>
          driver.evaluate(
            'top',
            () => (location.pathname.endsWith('/payments') ? document.body.textContent : null),
            null,
          ),
        "the form to show the emulator's answer",
      )
      expect(await state()).toEqual(before)
      expect(shown).toContain('CONTROL_FROM_BROWSER')
    } finally {
      await page.close()
    }
  } finally {
    // Even when an assertion failed: no sandbox left behind.
    expect((await control(`/control/v1/sandboxes/${made.body.id}`, 'DELETE')).status).toBe(204)
  }
})
