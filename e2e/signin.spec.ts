// The platform's sign-in page when it refuses a request (a `return` the widget did not register):
// what the doctor sees, in Persian and in English, that it is accessible, and that its way back is
// a link the doctor follows with the keyboard (nothing moves by itself).
import AxeBuilder from '@axe-core/playwright'
import { expect, resetDemo, test } from './own-demo'

const STATE = 'c'.repeat(32)

test.beforeEach(({ demo }) => resetDemo(demo))

for (const locale of ['fa', 'en'] as const) {
  test(`a refused sign-in says why in ${locale}, and goes back only when the doctor asks`, async ({
    page,
    demo,
  }, testInfo) => {
    const doctor = demo.apps.find((a) => a.app_key === 'demo-doctor')!
    const url = new URL('/signin', demo.origins.panel)
    url.search = new URLSearchParams({
      app_key: 'demo-doctor',
      scope: 'provider.profile.read',
      return: '/elsewhere/',
      state: STATE,
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      locale,
    }).toString()
    await page.goto(url.href)
    const view = page.locator('[data-platform-signin="refused"]')
    await expect(page.locator('body[data-ready="error"]')).toHaveCount(1, { timeout: 10_000 })
    await expect(view).toHaveAttribute('lang', locale)
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr')
    await expect(view.getByRole('alert')).toHaveText(
      locale === 'fa'
        ? 'این درخواست می‌خواهد به صفحه‌ای برگردد که ویجت آن را ثبت نکرده است.'
        : 'The request asks to go back to a page the widget has not registered.',
    )
    const back = view.getByRole('link')
    await expect(back).toHaveText(
      locale === 'fa' ? 'بازگشت به «دستیار مطب»' : 'Back to Clinic assistant',
    )
    await expect(back).toHaveAttribute('href', doctor.url)
    await page.screenshot({ path: testInfo.outputPath(`signin-refused-${locale}.png`) })
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(
      violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`),
    ).toEqual([])
    // Still here: the refusal never moves the tab by itself.
    expect(page.url()).toBe(url.href)
    // The doctor goes back with the keyboard: Tab to the link, Enter.
    for (let i = 0; i < 5 && !(await back.evaluate((a) => a === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(back).toBeFocused()
    await page.keyboard.press('Enter')
    await page.waitForURL(doctor.url)
  })
}
