// `hostDialogs(page)` on the dev panel: each answer a panel's tests need (allow, deny, cancel,
// pay with an outcome, an SMS package or a typed count, an outside link's tab), in the panel's
// locale, with trusted input once the confirm is armed.
import type { Page } from '@playwright/test'
import { createEmulatorControl } from 'platform-widget-server'
import { expect, hostDialogs, test } from '../index.js'

test('consent in Persian: deny reaches the widget, allow gives it the token', async ({
  panel,
  page,
}) => {
  const widget = await panel.open('demo-doctor', { lang: 'fa' })
  const dialogs = hostDialogs(page, { locale: 'fa' })
  await widget.locator('#connect').click()
  expect(await dialogs.waitFor('consent')).toMatchObject({ kind: 'consent', locale: 'fa' })
  expect(await dialogs.deny()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#account-result')).toContainText('USER_CLOSED_POPUP')
  expect(await dialogs.current()).toBeNull()
  await panel.settled('demo-doctor')
  await widget.locator('#connect').click()
  expect(await dialogs.allow()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#account-result')).not.toContainText('USER_CLOSED_POPUP')
})

test('a dialog in another locale than the page says so', async ({ panel, page }) => {
  const widget = await panel.open('demo-doctor', { lang: 'en' })
  await widget.locator('#buy').click()
  await expect(hostDialogs(page, { locale: 'fa' }).pay()).rejects.toThrow(
    'The payment dialog speaks "en", not the page\'s "fa"',
  )
  expect(await hostDialogs(page, { locale: 'en' }).cancel()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#pro-result')).toHaveText('Payment cancelled.')
})

test('pay with an outcome, then pay', async ({ panel, page }) => {
  const widget = await panel.open('demo-doctor')
  const dialogs = hostDialogs(page, { locale: 'en' })
  await widget.locator('#buy').click()
  expect(await dialogs.pay({ outcome: 'declined' })).toMatchObject({ ended: 'failed' })
  await expect(widget.locator('#pro-result')).toContainText('The card was declined')
  await panel.settled('demo-doctor')
  await widget.locator('#buy').click()
  expect(await dialogs.pay()).toEqual({ ended: 'closed' })
  // Charged in this test's sandbox: its webhook says so.
  const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
  await expect
    .poll(async () =>
      (await sandbox.listWebhookDeliveries({ app_key: 'demo-doctor' })).map((d) => d.type),
    )
    .toEqual(['payment.succeeded'])
})

test('SMS: activate, then a typed count, then a package', async ({ panel, page }) => {
  const widget = await panel.open('demo-doctor')
  const dialogs = hostDialogs(page)
  await widget.locator('#sms-activate').click()
  await dialogs.sms.activate()
  await expect(widget.locator('#sms-result')).toHaveText('PLATFORM_SMS_ACTIVATE_SUCCESS')
  await panel.settled('demo-doctor')
  await widget.locator('#sms-charge').click()
  expect(await dialogs.sms.buy({ count: 250 })).toEqual({ ended: 'closed' })
  await expect(widget.locator('#sms-result')).toHaveText('250 SMS added to the credit.')
  await panel.settled('demo-doctor')
  await widget.locator('#sms-charge').click()
  await dialogs.sms.buy({ package: 1 })
  await expect(widget.locator('#sms-result')).not.toHaveText('250 SMS added to the credit.')
  await expect(widget.locator('#sms-result')).toContainText('SMS added to the credit.')
})

/** The page of `opens-a-link` (tests/platform.config.json): it opens a link as it loads. */
async function serveOpensALink(page: Page, panelOrigin: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script src="${panelOrigin}/dist/platform.js"></script></head>
<body><p id="status">Loading…</p><script type="module">
await platform.initialize({ app_key: 'opens-a-link' })
const opened = await platform.openLink({ url: 'http://localhost:64997/outside' })
  .catch((error) => ({ error: error.code }))
document.querySelector('#status').textContent = JSON.stringify(opened)
</script></body></html>`
  await page.route('http://localhost:64998/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  )
  await page
    .context()
    .route('http://localhost:64997/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Outside</title><p>outside</p>' }),
    )
  // Routed as fetched: a page served by page.route counts as a public address for Chromium's
  // Local Network Access, which would refuse its script from the panel's loopback address.
  await page.route(`${panelOrigin}/dist/platform.js`, async (route) =>
    route.fulfill({ response: await route.fetch() }),
  )
}

test('a link opened without a click: Open gives the new tab', async ({ panel, page }) => {
  await serveOpensALink(page, panel.platform.panel)
  const widget = await panel.open('opens-a-link', { dialog: true })
  const dialogs = hostDialogs(page)
  expect(await dialogs.current()).toMatchObject({ kind: 'open-link', from: 'Opens a link' })
  const tab = await dialogs.openLink()
  await expect(tab).toHaveURL('http://localhost:64997/outside')
  await expect(widget.locator('#status')).toHaveText('{"opened":true}')
})

test('no dialog: a clear timeout naming the page', async ({ panel, page }) => {
  await panel.open('demo-doctor')
  await expect(hostDialogs(page, { timeout: 300 }).allow()).rejects.toThrow(
    /Timed out after 300 ms waiting for consent to open on http:\/\/127\.0\.0\.1:\d+\/panel/,
  )
})
