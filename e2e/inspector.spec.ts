// The dev panel's bridge inspector on a demo of its own: a widget's calls,
// their dialog answers and webhook deliveries appear live; "Copy as test" fills the clipboard;
// it never takes focus from a host dialog. All input is trusted (Playwright's mouse and keyboard).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { clickInWidget, confirm, openDialog, widget } from './demo-helpers'
import { expect, open, resetDemo, test } from './own-demo'

const drawer = (page: Page) => page.locator('#bridge-inspector')
/** axe on the open drawer, with a11y.spec.ts's rules: one line per violation. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .include('#bridge-inspector')
    .analyze()
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
}
const row = (page: Page, method: string) => drawer(page).locator(`li.call[data-method="${method}"]`)

test('lists calls, dialog answers, events and webhooks live, and copies them as a test', async ({
  page,
  demo,
}, testInfo) => {
  await resetDemo(demo)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: demo.origins.panel,
  })
  await open(page, demo, '/panel?lang=en')
  const frame = await widget(page, 'demo-doctor')

  // Opened first with a trusted click: the calls then appear while it is open.
  const toggle = page.getByRole('button', { name: 'Bridge inspector' })
  await toggle.click()
  const region = page.getByRole('region', { name: 'Widget bridge inspector' })
  await expect(region).toBeVisible()
  await expect(page.locator('#bridge-inspector-title')).toBeFocused()
  await expect(region.getByText('No call yet.')).toBeVisible()

  await clickInWidget(page, 'demo-doctor', '#connect')
  await confirm(await openDialog(page, 'consent'))
  await expect(frame.locator('#profile dd').first()).toBeVisible()
  await expect(row(page, 'getSessionToken')).toContainText('consent: confirmed')

  await clickInWidget(page, 'demo-doctor', '#buy')
  await confirm(await openDialog(page, 'payment'))
  await expect(frame.locator('#pro-webhook')).not.toBeEmpty({ timeout: 15_000 })
  const pay = row(page, 'pay')
  await expect(pay).toContainText('PLATFORM_PAYMENT_SUCCESS')
  await expect(pay).toContainText('payment: confirmed')
  await expect(pay.locator('.event')).toHaveText('Event: PLATFORM_PAYMENT_SUCCESS')
  // The webhook that payment caused, read from the emulator while the drawer is open.
  const payId = await pay.getAttribute('data-call-id')
  const hook = drawer(page).locator('li.webhook.status-delivered')
  await expect(hook).toContainText('payment.succeeded')
  await expect(hook).toContainText(`from call ${payId} pay`)

  // A hostile argument that passed the host's checks is shown as the text it is; a refused
  // call's arguments are not traced at all (the host hands over none).
  const hostile = '<img src=x onerror="document.title=\'pwned\'">'
  const handle = await (
    await page.locator('iframe[data-app-key="demo-doctor"]').elementHandle()
  )?.contentFrame()
  await handle!.evaluate(
    (note) => window.platform.flow.dispatch('BOOKING.RECEIPT', { note }).catch(() => {}),
    hostile,
  )
  const flow = row(page, 'flow')
  await flow.locator('summary').click()
  await expect(flow.locator('pre')).toContainText(hostile.replaceAll('"', '\\"'))
  await handle!.evaluate((url) => window.platform.openLink({ url }).catch(() => {}), hostile)
  const link = row(page, 'openLink')
  await expect(link).toContainText('INVALID_ARGUMENT')
  await link.locator('summary').click()
  await expect(link.locator('pre')).toContainText('not traced')
  await expect(link.locator('pre')).not.toContainText('onerror')
  expect(await drawer(page).locator('img').count()).toBe(0)
  expect(await page.title()).not.toBe('pwned')

  await region.screenshot({ path: testInfo.outputPath('inspector-en.png') })
  expect(await axe(page)).toEqual([])

  // One click copies the sequence as a createTestHost test, and says so.
  await region.getByRole('button', { name: 'Copy as test' }).click()
  await expect(region.getByRole('status')).toHaveText('Test copied.')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain("import { createTestHost } from 'platform-widget-sdk/testing'")
  expect(copied).toContain('kit.next("consent", "confirm")')
  expect(copied).toContain('kit.next("payment", "confirm")')
  expect(copied).toContain('kit.platform.payment.pay({ product_key: "pro"')
  expect(copied).toContain('// not replayed: the host traced no arguments')

  // Escape closes it and gives focus back; the shortcut opens it from the panel page.
  await page.keyboard.press('Escape')
  await expect(region).toBeHidden()
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Alt+Shift+KeyI')
  await expect(region).toBeVisible()
  await expect(page.locator('#bridge-inspector-title')).toBeFocused()
})

test('in Persian, right to left; never takes focus from a host dialog', async ({
  page,
  demo,
}, testInfo) => {
  await resetDemo(demo)
  await open(page, demo, '/panel?lang=fa')
  await widget(page, 'demo-doctor')
  // Opened from the keyboard, with focus in the panel page (a widget frame's keys are its own).
  await page.locator('h1').click()
  await page.keyboard.press('Alt+Shift+KeyI')
  const region = page.getByRole('region', { name: 'بازرس پل ویجت‌ها' })
  await expect(region).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // A dialog opens while the drawer is open and records the pending call: focus stays in it.
  await clickInWidget(page, 'demo-doctor', '#connect')
  const consent = await openDialog(page, 'consent')
  await expect(row(page, 'getSessionToken')).toContainText('در انتظار')
  const inDialog = () =>
    page.evaluate(() => {
      const host = document.querySelector('[data-platform-dialogs]')
      return document.activeElement === host && !!host?.shadowRoot?.activeElement?.closest('dialog')
    })
  expect(await inDialog()).toBe(true)
  // The shortcut typed into the dialog is the dialog's: the drawer stays as it is.
  await page.keyboard.press('Alt+Shift+KeyI')
  await expect(region).toBeVisible()
  expect(await inDialog()).toBe(true)
  await consent.locator('[data-action="cancel"]').click()
  await expect(row(page, 'getSessionToken')).toContainText('USER_CLOSED_POPUP')
  await expect(row(page, 'getSessionToken')).toContainText('consent: انصراف')

  await region.screenshot({ path: testInfo.outputPath('inspector-fa.png') })
  expect(await axe(page)).toEqual([])
})

test('is on the booking flow and the doctor profile too, listing their widgets', async ({
  page,
  demo,
}) => {
  for (const [path, app_key] of [
    ['/booking?lang=en', 'demo-booking'],
    ['/profile?lang=en', 'demo-profile'],
  ] as const) {
    await open(page, demo, path)
    await widget(page, app_key)
    await page.getByRole('button', { name: 'Bridge inspector' }).click()
    const region = page.getByRole('region', { name: 'Widget bridge inspector' })
    await expect(region.getByRole('combobox', { name: 'Widget' })).toHaveValue(app_key)
    await expect(region.locator('.inspector-calls > li').first()).toBeVisible()
    await region.getByRole('button', { name: 'Close the inspector' }).click()
    await expect(region).toBeHidden()
  }
})
