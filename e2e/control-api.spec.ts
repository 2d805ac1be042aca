// The control API refuses web pages. A page on another local origin, open while the dev command
// runs, sends what a browser lets any page send without CORS: `fetch(…, { method: 'POST',
// mode: 'no-cors', body })` and a form POST (a trusted click). The emulator answers 403
// CONTROL_FROM_BROWSER to each, and the state read back through the control API from Node is
// what it was. Chromium, the demo that playwright.config.ts starts.
import { expect, type Response, test } from '@playwright/test'
import { plantPaymentForm, sendNoCors } from './control-attack'
import { DEMO } from './demo-helpers'
import { THIRD } from './helpers'

/** A call from Node, as a test or script makes it. */
async function control(path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${DEMO.emulator}${path}`, {
    method: init.method ?? 'GET',
    ...(init.json === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }),
  })
  return { status: res.status, body: await res.json() }
}

test('a page on another origin can neither mint, pay, reset nor steer through the control API', async ({
  page,
}) => {
  // A sandbox of this test's own with a marker in its scenario: a reset would clear it.
  const sandbox = await control('/control/v1/sandboxes', { method: 'POST', json: {} })
  expect(sandbox.status).toBe(201)
  try {
    const base = `/sandboxes/${sandbox.body.id}`
    const marker = { decline_next_payments: 3, delay_ms: 0 }
    expect(
      (await control(`${base}/control/v1/scenario`, { method: 'PUT', json: marker })).status,
    ).toBe(200)
    const scenarioBefore = (await control(`${base}/control/v1/scenario`)).body
    // Only this sandbox's state is compared: the default state is shared with the other specs'
    // workers (demo.spec.ts resets it and pays), so it may change while this test runs. The
    // requests to the default state are still sent, and each must be answered 403.
    const deliveries = async () =>
      ((await control(`${base}/webhooks?app_key=demo-doctor`)).body.deliveries as unknown[]).length
    const deliveriesBefore = await deliveries()

    const targets = ['', base].flatMap((at) =>
      [
        ['/control/v1/reset', {}],
        ['/control/v1/session-tokens', { app_key: 'demo-doctor' }],
        ['/control/v1/payments', { app_key: 'demo-doctor', kind: 'pay', product_key: 'pro' }],
        ['/control/v1/sandboxes', {}],
      ].map(([path, body]) => ({ url: `${DEMO.emulator}${at}${path}`, body })),
    )
    const answers: Response[] = []
    page.on('response', (response) => {
      if (response.url().includes('/control/v1/')) answers.push(response)
    })

    await page.goto(`${THIRD}/package.json`)
    // What no-cors allows any page: a POST with a text/plain body, its answer unreadable.
    const sent = await page.evaluate(
      sendNoCors,
      targets.map(({ url, body }) => ({ url, body: JSON.stringify(body) })),
    )
    expect(sent).toEqual(targets.map(() => 'fulfilled'))

    // A form POST, submitted by a trusted click; its text/plain body is the JSON of a payment.
    await page.evaluate(plantPaymentForm, `${DEMO.emulator}${base}/control/v1/payments`)
    await Promise.all([page.waitForURL(/\/control\/v1\/payments$/), page.click('#go')])
    // The navigation shows the refusal; a page that framed or opened it could not read it.
    await expect(page.locator('body')).toContainText('CONTROL_FROM_BROWSER')

    await expect.poll(() => answers.length).toBe(targets.length + 1)
    for (const answer of answers) expect(answer.status(), answer.url()).toBe(403)

    // Nothing changed, read back from Node through the control API.
    expect((await control(`${base}/control/v1/scenario`)).body).toEqual(scenarioBefore)
    expect(await deliveries()).toBe(deliveriesBefore)
  } finally {
    // Even when an assertion failed: no sandbox left behind.
    const ended = await fetch(`${DEMO.emulator}/control/v1/sandboxes/${sandbox.body.id}`, {
      method: 'DELETE',
    })
    expect(ended.status).toBe(204)
  }
})
