// The example panel (examples/panel) against the dev platform: a consent and a payment answered
// with `hostDialogs`, the language and theme switched without reloading the widget, each reason a
// widget does not come up shown in its own view, and the not-found view.
import type { Page } from '@playwright/test'
import { hostDialogs, waitForWidget } from 'platform-widget-dev/playwright'
import { createEmulatorControl } from 'platform-widget-server'
import { BROKEN, EMULATOR, expect, PANEL, test } from './servers.js'

/** The widget on the page once it is ready and its frame as tall as its content. */
async function readyWidget(page: Page, app_key: string) {
  await expect(page.locator('.widget')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await waitForWidget(page, app_key)
  return page.frameLocator(`iframe[data-app-key="${app_key}"]`)
}

test.beforeEach(async ({ page }) => {
  // The platform's state (consent given, SMS, receipts) as the dev command started it.
  await createEmulatorControl({ baseUrl: EMULATOR }).reset()
  await page.goto(`${PANEL}/`)
})

test('consent and payment in Persian: answered in the dialogs, seen by the widget', async ({
  page,
}) => {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
  const widget = await readyWidget(page, 'demo-doctor')
  const dialogs = hostDialogs(page, { locale: 'fa' })
  await widget.locator('#connect').click()
  expect(await dialogs.allow()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#account-result')).toHaveAttribute('data-state', 'ok')
  await readyWidget(page, 'demo-doctor')
  await widget.locator('#buy').click()
  expect(await dialogs.waitFor('payment')).toMatchObject({ from: 'دستیار مطب' })
  expect(await dialogs.pay()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#pro-result')).toHaveAttribute('data-state', 'ok')
})

test('English and dark reach the panel and the next dialog; the widget is not reloaded', async ({
  page,
}) => {
  const widget = await readyWidget(page, 'demo-doctor')
  await widget.locator('body').evaluate(() => {
    ;(window as { mark?: number }).mark = 1
  })
  await page.locator('#language').selectOption('en')
  await page.locator('#theme').click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.locator('h1')).toHaveText('Clinic assistant')
  await widget.locator('#buy').click()
  const dialogs = hostDialogs(page, { locale: 'en' })
  expect(await dialogs.waitFor('payment')).toMatchObject({ locale: 'en' })
  const surface = page.locator('[data-platform-dialogs]').locator('dialog[open]')
  await expect(surface).toHaveCSS('background-color', 'rgb(23, 33, 31)')
  expect(await dialogs.cancel()).toEqual({ ended: 'closed' })
  expect(await widget.locator('body').evaluate(() => (window as { mark?: number }).mark)).toBe(1)
  // The widget heard the new look, redrew its words in English and turned dark with the panel,
  // without a reload.
  await expect(widget.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(widget.locator('h1')).toHaveText('Clinic assistant')
  await expect(widget.locator('#connect')).toHaveText('Connect account')
  await expect(widget.locator('html')).toHaveAttribute('data-scheme', 'dark')
  await expect(widget.locator('section').first()).toHaveCSS('background-color', 'rgb(21, 30, 41)')
  // Kept for the next page load.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('each widget that does not come up gets the view of its reason', async ({ page }) => {
  // Six pages at once, one of them waiting out the host's 10 s readyTimeout: a hang guard of
  // three times the usual 45 s under a loaded machine.
  test.slow()
  await page.locator('#language').selectOption('en')
  const pages = await Promise.all(
    Object.keys(BROKEN).map(async (app_key) => {
      const other = await page.context().newPage()
      await other.goto(`${PANEL}/widgets/${app_key}`)
      return [app_key, other] as const
    }),
  )
  // The loading state, where it lasts: a page that never initializes is waited for 10 s (an
  // app_key mismatch settles at once).
  const silent = pages.find(([key]) => key === 'silent')![1]
  await expect(silent.locator('.widget')).toHaveAttribute('data-state', 'loading')
  await expect(silent.locator('.loading')).toHaveText('Loading the widget…')
  for (const [app_key, other] of pages) {
    const reason = BROKEN[app_key as keyof typeof BROKEN]
    const slot = other.locator('.widget')
    await expect(slot, app_key).toHaveAttribute('data-state', 'unavailable', { timeout: 30_000 })
    await expect(slot, app_key).toHaveAttribute('data-reason', reason)
    await expect(slot.getByRole('alert')).toContainText('This widget is not available')
    await expect(other.locator('iframe')).toHaveCount(0)
  }
  const missing = pages.find(([key]) => key === 'missing')![1]
  await expect(missing.getByRole('alert')).toContainText(
    'Its server answered with an error HTTP 404',
  )
})

test('pages by key, and the not-found view', async ({ page }) => {
  const link = page.locator('nav a[href="/_/demo-doctor/launcher"]')
  await expect(link).toHaveText('صفحهٔ ویجت')
  await link.click()
  await expect(page).toHaveURL(`${PANEL}/_/demo-doctor/launcher`)
  await expect(link).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('.widget')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(page.locator('iframe')).toHaveAttribute('src', /\/doctor\/\?view=launcher$/)
  for (const path of ['/nowhere', '/_/demo-doctor/no-such-page', '/widgets/demo-profile']) {
    await page.goto(`${PANEL}${path}`)
    await expect(page.locator('main'), path).toHaveAttribute('data-view', 'not-found')
    await expect(page.locator('iframe')).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'بازگشت به پیشخوان' }).click()
  await expect(page.locator('main')).toHaveAttribute('data-view', 'home')
})
