// The dev panel's language switch, in place: on the booking flow and the doctor's profile, a
// plain click on it redraws the page and tells the widgets, whose pages are not reloaded (each
// keeps a mark set before) and redraw their own words. The doctor panel's switch is in
// demo.spec.ts, with the dialogs.
import { expect, type Page, test } from '@playwright/test'
import { DEMO, openDemo, widget } from './demo-helpers'

/** Marks the widget's window: a reloaded page loses the mark. */
const mark = (page: Page, app_key: string) =>
  page
    .frameLocator(`iframe[data-app-key="${app_key}"]`)
    .locator('body')
    .evaluate(() => {
      ;(window as { mark?: number }).mark = 1
    })

const marked = (page: Page, app_key: string) =>
  page
    .frameLocator(`iframe[data-app-key="${app_key}"]`)
    .locator('body')
    .evaluate(() => (window as { mark?: number }).mark)

for (const { path, app_key, before, after, title } of [
  {
    path: '/booking',
    app_key: 'demo-booking',
    before: 'ویزیت آنلاین',
    after: 'Online visit',
    title: 'Extras',
  },
  {
    path: '/profile',
    app_key: 'demo-profile',
    before: 'مشاورهٔ آنلاین',
    after: 'Online consultation',
    title: 'Dr.',
  },
]) {
  test(`${path}: English in place, the widget not reloaded and in English`, async ({ page }) => {
    await openDemo(page, `${path}?lang=fa`)
    const frame = await widget(page, app_key)
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(before)
    await mark(page, app_key)
    await page.getByRole('link', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(page).toHaveURL(new RegExp(`^${DEMO.panel}${path}\\?lang=en$`))
    await expect(page.getByRole('link', { name: 'Find a doctor' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(after)
    expect(await marked(page, app_key)).toBe(1)
    // And back, with the switch the page drew again.
    await page.getByRole('link', { name: 'فارسی' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(before)
    expect(await marked(page, app_key)).toBe(1)
  })
}
