import { expect, type Page, test } from '@playwright/test'
import { confirm, dialog } from './demo-helpers'
import { openPanel, start, widgetFrame } from './helpers'

/**
 * A widget written for the original platform: its call forms, and a scope the docs do
 * not list but the platform may have (`provider.future_thing.v2`, enabled for the test widget in
 * e2e/fixtures/host.js), in the panel's locale.
 */
const WEBHOOK = 'provider.future_thing.v2'
const LINE = { fa: 'دسترسی تعریف‌شده در پلتفرم با نام:', en: 'Access named by the platform:' }
const TITLE = { fa: 'درخواست دسترسی دارد', en: 'asks for access' }

async function widgetIn(page: Page, locale: 'fa' | 'en') {
  await openPanel(page, `locale=${locale}&name=Calendar%20sync`)
  const frame = await widgetFrame(page)
  // The original SDK's `{ clientKey }` form.
  const init = await start(frame, 'initialize', { clientKey: 'test-widget' })
  expect(init).toMatchObject({ ok: true, value: { app_key: 'test-widget', locale } })
  return frame
}

for (const locale of ['fa', 'en'] as const) {
  test(`an unlisted, enabled scope gets a consent dialog that names it (${locale})`, async ({
    page,
  }, testInfo) => {
    const frame = await widgetIn(page, locale)
    // The original SDK's forms: one space-separated string, `timeout` and `appId`.
    const token = start<string>(frame, 'getSessionToken', {
      scope: `provider.profile.read ${WEBHOOK}`,
      timeout: 30_000,
      appId: 'calendar-sync',
    })
    const consent = dialog(page, 'consent')
    await expect(consent).toBeVisible()
    await expect(consent).toHaveAttribute('lang', locale)
    await expect(consent.getByRole('heading')).toContainText(TITLE[locale])
    const item = consent.locator(`li[data-scope="${WEBHOOK}"]`)
    await expect(item).toHaveText(`${LINE[locale]} ${WEBHOOK}`)
    // The name as it is, left to right and isolated, in a code element.
    await expect(item.locator('bdi[dir="ltr"] > code')).toHaveText(WEBHOOK)
    await consent.screenshot({ path: testInfo.outputPath(`consent-unlisted-${locale}.png`) })
    await confirm(dialog(page, 'consent'))
    const result = await token
    expect(result.ok && result.value).toMatch(/^st_/)
    expect(
      await page.evaluate(() => window.backend.tokens.map((t: { scopes: string[] }) => t.scopes)),
    ).toEqual([['provider.profile.read', WEBHOOK]])
  })
}

test('an unlisted scope not enabled: INVALID_SCOPE in the panel locale, no dialog', async ({
  page,
}) => {
  const frame = await widgetIn(page, 'fa')
  const result = await start(frame, 'getSessionToken', { scope: ['provider.appointment.delete'] })
  expect(result).toMatchObject({
    ok: false,
    code: 'INVALID_SCOPE',
    message: 'این دسترسی برای این ویجت فعال نیست: provider.appointment.delete',
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the key as a string initializes; a malformed scope stays a developer error', async ({
  page,
}) => {
  await openPanel(page, 'locale=fa')
  const frame = await widgetFrame(page)
  expect(await start(frame, 'initialize', 'test-widget')).toMatchObject({ ok: true })
  const result = await start(frame, 'getSessionToken', {
    scope: 'provider.profile.read Provider.X',
  })
  expect(result).toMatchObject({
    ok: false,
    code: 'INVALID_ARGUMENT',
    field: 'scope[1]',
    message: 'scope[1]: "Provider.X" is not a scope name (dotted lowercase words)',
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
