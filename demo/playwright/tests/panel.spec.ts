// The fixture on the sample widgets: each test in a sandbox of its own (what it changes is not
// in the dev command's state), dialogs answered with trusted clicks once armed, and the payment
// outcomes chosen beside Pay reaching the widget as the SDK's documented results.
import type { Page } from '@playwright/test'
import { createEmulatorControl } from 'platform-widget-server'
import { expect, test } from '../index.js'

/** The dev command's own state (not a sandbox's): what the panel's internal routes read. */
async function rootState(emulator: string, panel: string, path: string) {
  const res = await fetch(`${emulator}${path}`, { headers: { origin: panel } })
  return (await res.json()) as Record<string, unknown>
}

test('a declined card reaches the widget as PLATFORM_PAYMENT_ERROR, in the sandbox only', async ({
  panel,
}) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  const result = await panel.payment.pay({ outcome: 'declined' })
  expect(result).toEqual({
    ended: 'failed',
    alert: 'This did not go through: the platform reported an error. Close this window.',
  })
  await expect(widget.locator('#pro-result')).toHaveAttribute('data-state', 'error')
  await expect(widget.locator('#pro-result')).toContainText('The card was declined')
  const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
  expect(await sandbox.listWebhookDeliveries({ app_key: 'demo-doctor' })).toEqual([])
})

test('insufficient funds, in Persian', async ({ panel }) => {
  const widget = await panel.open('demo-doctor', { lang: 'fa' })
  await widget.locator('#buy').click()
  expect((await panel.payment.pay({ outcome: 'insufficient_funds' })).ended).toBe('failed')
  await expect(widget.locator('#pro-result')).toContainText('insufficient funds')
})

test('a timeout charges in the sandbox and sends the webhook; the widget hears of an error', async ({
  panel,
}) => {
  const widget = await panel.open('demo-profile', { context: 'doctor-profile' })
  await widget.locator('#pay').click()
  expect((await panel.payment.pay({ outcome: 'timeout' })).ended).toBe('failed')
  const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
  await expect
    .poll(async () =>
      (await sandbox.listWebhookDeliveries({ app_key: 'demo-profile' })).map((d) => d.type),
    )
    .toEqual(['doctor_service.succeeded'])
  // The delivery names this test's sandbox, in the signed body and the header.
  const [delivery] = await sandbox.listWebhookDeliveries({ app_key: 'demo-profile' })
  expect(delivery!.event.sandbox).toBe(panel.sandbox.id)
  expect(JSON.parse(delivery!.body).sandbox).toBe(panel.sandbox.id)
  await expect
    .poll(
      async () => (await sandbox.listWebhookDeliveries({ app_key: 'demo-profile' }))[0]?.headers,
    )
    .toMatchObject({ 'platform-sandbox': panel.sandbox.id })
  const root = createEmulatorControl({ baseUrl: panel.platform.emulator })
  expect(
    (await root.listWebhookDeliveries({ app_key: 'demo-profile' })).filter(
      (d) => d.event.data.user_id === 'pt-1' && d.type === 'doctor_service.succeeded',
    ).length,
  ).toBe(0)
})

test('SMS activation changes the sandbox, not the dev command', async ({ panel }) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#sms-activate').click()
  await panel.sms.activate()
  await expect(widget.locator('#sms-result')).toHaveText('PLATFORM_SMS_ACTIVATE_SUCCESS')
  const root = await rootState(
    panel.platform.emulator,
    panel.platform.panel,
    '/internal/users/dr-1/sms',
  )
  expect(root.active).toBe(false)
  const mine = await rootState(panel.sandbox.url, panel.platform.panel, '/internal/users/dr-1/sms')
  expect(mine.active).toBe(true)
})

test.describe('SMS outcomes', () => {
  test('a declined top-up reaches the widget as the platform’s error; nothing is charged', async ({
    panel,
  }) => {
    const widget = await panel.open('demo-doctor')
    const before = await rootState(
      panel.sandbox.url,
      panel.platform.panel,
      '/internal/users/dr-1/sms',
    )
    await widget.locator('#sms-charge').click()
    expect(await panel.sms.buy({ package: 1, outcome: 'declined' })).toEqual({
      ended: 'failed',
      alert: 'This did not go through: the platform reported an error. Close this window.',
    })
    await expect(widget.locator('#sms-result')).toHaveAttribute('data-state', 'error')
    await expect(widget.locator('#sms-result')).toContainText('BACKEND_ERROR')
    await expect(widget.locator('#sms-result')).toContainText('The card was declined')
    const after = await rootState(
      panel.sandbox.url,
      panel.platform.panel,
      '/internal/users/dr-1/sms',
    )
    expect(after.credit).toBe(before.credit)
    const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
    expect(await sandbox.listWebhookDeliveries({ app_key: 'demo-doctor' })).toEqual([])
  })

  test('the platform failing a top-up, then one paid', async ({ panel }) => {
    const widget = await panel.open('demo-doctor')
    await widget.locator('#sms-charge').click()
    expect((await panel.sms.buy({ outcome: 'platform_error' })).ended).toBe('failed')
    await expect(widget.locator('#sms-result')).toContainText('The payment platform failed')
    await panel.settled('demo-doctor')
    await widget.locator('#sms-charge').click()
    expect(await panel.sms.buy()).toEqual({ ended: 'closed' })
    await expect(widget.locator('#sms-result')).toHaveAttribute('data-state', 'ok')
  })

  test('an activation the platform declines: PLATFORM_SMS_ACTIVATE_ERROR, still inactive', async ({
    panel,
  }) => {
    const widget = await panel.open('demo-doctor')
    await widget.locator('#sms-activate').click()
    expect((await panel.sms.activate({ outcome: 'declined' })).ended).toBe('failed')
    await expect(widget.locator('#sms-result')).toHaveText('PLATFORM_SMS_ACTIVATE_ERROR')
    const mine = await rootState(
      panel.sandbox.url,
      panel.platform.panel,
      '/internal/users/dr-1/sms',
    )
    expect(mine.active).toBe(false)
  })
})

test('cancel ends a payment dialog as the user would', async ({ panel }) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  expect(await panel.payment.cancel()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#pro-result')).toHaveText('Payment cancelled.')
})

test('an outcome the dialog does not offer is an error naming what it offers', async ({
  panel,
}) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  await expect(panel.payment.pay({ outcome: 'nope' as never })).rejects.toThrow(
    'has no choice "nope" (it offers: succeed, declined, insufficient_funds, platform_error, timeout)',
  )
  await panel.payment.cancel()
})

test.describe('consent', () => {
  test('cancel: the widget gets USER_CLOSED_POPUP; allow: the token comes', async ({ panel }) => {
    const widget = await panel.open('demo-doctor')
    await widget.locator('#connect').click()
    await panel.consent.cancel()
    await expect(widget.locator('#account-result')).toContainText('USER_CLOSED_POPUP')
    await panel.settled('demo-doctor')
    await widget.locator('#connect').click()
    expect(await panel.consent.allow()).toEqual({ ended: 'closed' })
    const sandbox = await rootState(
      panel.sandbox.url,
      panel.platform.panel,
      '/internal/users/dr-1/apps/demo-doctor/consent',
    )
    expect((sandbox.scopes as string[]).length).toBeGreaterThan(0)
  })
})

/**
 * The page of `asks-at-load` (tests/platform.config.json), served here: it asks for consent as it
 * loads, and grows while the dialog is open, as a page that renders its loading state does.
 */
async function serveAsksAtLoad(page: Page, panelOrigin: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script src="${panelOrigin}/dist/platform.js"></script></head>
<body><p id="status">Loading…</p><script type="module">
await platform.initialize({ app_key: 'asks-at-load' })
const asked = platform.getSessionToken({ scope: ['provider.profile.read'] })
const loading = document.createElement('div')
loading.style.height = '300px'
loading.textContent = 'Waiting for your consent…'
document.body.append(loading)
try {
  await asked
  document.querySelector('#status').textContent = 'Connected'
} catch (error) {
  document.querySelector('#status').textContent = error.code
}
loading.remove()
</script></body></html>`
  await page.route('http://localhost:64999/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  )
  // A page served by page.route has no address, so Chromium takes it for a public one and refuses
  // its script from the panel's loopback address (Local Network Access): routed too, as fetched.
  await page.route(`${panelOrigin}/dist/platform.js`, async (route) =>
    route.fulfill({ response: await route.fetch() }),
  )
}

test.describe('a widget that asks for consent while it loads', () => {
  test('open() resolves with the dialog open; the test answers it', async ({ panel, page }) => {
    await serveAsksAtLoad(page, panel.platform.panel)
    const widget = await panel.open('asks-at-load')
    expect(await panel.consent.allow()).toEqual({ ended: 'closed' })
    await expect(widget.locator('#status')).toHaveText('Connected')
    await panel.settled('asks-at-load')
  })

  test('open({ dialog: true }) waits for the dialog; cancel reaches the page', async ({
    panel,
    page,
  }) => {
    await serveAsksAtLoad(page, panel.platform.panel)
    const widget = await panel.open('asks-at-load', { dialog: true })
    expect(await panel.consent.cancel()).toEqual({ ended: 'closed' })
    await expect(widget.locator('#status')).toHaveText('USER_CLOSED_POPUP')
    await panel.settled('asks-at-load')
  })

  test('open({ dialog: true }) on a widget that asks nothing says so', async ({ panel }) => {
    await expect(panel.open('demo-doctor', { dialog: true })).rejects.toThrow(
      'a host dialog opens over demo-doctor',
    )
  })
})

/**
 * The pages of `pages-by-key` (tests/platform.config.json), served here: `home`, whose button
 * sends the panel to the `log` page of a given day with `redirect.dispatch`, and `log`, which
 * shows the path and `view` it was loaded with.
 */
async function servePagesByKey(page: Page, panelOrigin: string) {
  const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script src="${panelOrigin}/dist/platform.js"></script></head>
<body>${body}<script type="module">
await platform.initialize({ app_key: 'pages-by-key' })
document.querySelector('#where').textContent =
  location.pathname + ' ' + (new URLSearchParams(location.search).get('view') ?? '')
document.querySelector('#log')?.addEventListener('click', () => {
  void platform.redirect.dispatch({ path: '/_/pages-by-key/log/2026-11-29' })
})
</script></body></html>`
  await page.route('http://localhost:64996/**', (route) => {
    const { pathname } = new URL(route.request().url())
    const body = pathname.startsWith('/log/')
      ? '<h1>Log</h1><p id="where"></p>'
      : '<h1>Home</h1><p id="where"></p><button type="button" id="log">Show the log</button>'
    return route.fulfill({ contentType: 'text/html', body: html(body) })
  })
  await page.route(`${panelOrigin}/dist/platform.js`, async (route) =>
    route.fulfill({ response: await route.fetch() }),
  )
}

test.describe('pages by key', () => {
  test('open({ pageKey }) opens a registered page; redirect.dispatch to another is followed', async ({
    panel,
    page,
  }) => {
    await servePagesByKey(page, panel.platform.panel)
    const home = await panel.open('pages-by-key', { pageKey: 'home' })
    await expect(home.locator('h1')).toHaveText('Home')
    await expect(home.locator('#where')).toHaveText('/home ')
    await home.locator('#log').click()
    const log = await panel.waitForPage('log', { params: ['2026-11-29'] })
    await expect(log.locator('h1')).toHaveText('Log')
    await expect(log.locator('#where')).toHaveText('/log/2026-11-29 log')
    expect(new URL(page.url()).pathname).toBe('/_/pages-by-key/log/2026-11-29')
  })

  test('open({ pageKey, params }); waitForPage names what the panel shows instead', async ({
    panel,
    page,
  }) => {
    await servePagesByKey(page, panel.platform.panel)
    const log = await panel.open('pages-by-key', { pageKey: 'log', params: ['2026-01-02'] })
    await expect(log.locator('#where')).toHaveText('/log/2026-01-02 log')
    await expect(panel.waitForPage('home', { timeout: 2_000 })).rejects.toThrow(
      "the panel shows pages-by-key's page home",
    )
  })
})
