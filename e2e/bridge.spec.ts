import { expect, type Page, test } from '@playwright/test'
import { initializedWidget, openPanel, start, THIRD, WIDGET, widgetFrame } from './helpers'

const PROFILE = ['provider.profile.read']
const consentDialog = (page: Page) => page.getByRole('dialog', { name: /asks for access/ })

test('approving consent resolves with a session token bound to the widget and scopes', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  const token = start<string>(frame, 'getSessionToken', { scope: PROFILE })
  const dialog = consentDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('listitem')).toHaveText(['See your profile, expertise and centers'])
  await dialog.getByRole('button', { name: 'Allow' }).click()
  const result = await token
  expect(result.ok && result.value).toMatch(/^st_/)
  const issued = await page.evaluate(() => window.backend.tokens)
  expect(issued).toEqual([
    { token: result.ok && result.value, app_key: 'test-widget', scopes: PROFILE },
  ])
  await expect(dialog).toHaveCount(0)
})

// Closing the consent dialog (close button, Esc, Cancel): a journey on every engine,
// e2e/engines/core.journeys.ts.

test('a scope that is not enabled is refused with INVALID_SCOPE and no popup', async ({ page }) => {
  const frame = await initializedWidget(page)
  const result = await start(frame, 'getSessionToken', {
    scope: ['provider.profile.read', 'user.profile.write'],
  })
  expect(result).toMatchObject({ ok: false, code: 'INVALID_SCOPE' })
  expect(!result.ok && result.message).toContain('user.profile.write')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a malformed scope name is refused with INVALID_ARGUMENT naming the entry', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  const result = await start(frame, 'getSessionToken', { scope: ['provider.profile.read', 'root'] })
  expect(result).toMatchObject({ ok: false, code: 'INVALID_ARGUMENT', field: 'scope[1]' })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('once approved, a request for a subset of the scopes resolves without a popup', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  const first = start(frame, 'getSessionToken', {
    scope: ['provider.profile.read', 'provider.appointment.read'],
  })
  await consentDialog(page).getByRole('button', { name: 'Allow' }).click()
  expect(await first).toMatchObject({ ok: true })
  const second = await start(frame, 'getSessionToken', { scope: ['provider.appointment.read'] })
  expect(second).toMatchObject({ ok: true })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // A scope outside the approved set asks again.
  const third = start(frame, 'getSessionToken', { scope: ['provider.sms.write'] })
  await expect(consentDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  expect(await third).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
})

test('concurrent consent requests never stack popups: one pending per widget, the second refused', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  const a = start(frame, 'getSessionToken', { scope: PROFILE })
  await expect(consentDialog(page)).toHaveCount(1)
  expect(await start(frame, 'getSessionToken', { scope: PROFILE })).toMatchObject({
    ok: false,
    code: 'DIALOG_BUSY',
  })
  await consentDialog(page).getByRole('button', { name: 'Allow' }).click()
  expect(await a).toMatchObject({ ok: true })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The consent given now covers the next request: no dialog.
  expect(await start(frame, 'getSessionToken', { scope: PROFILE })).toMatchObject({ ok: true })
})

test('the consent dialog is keyboard-usable: focus moves in, Tab reaches Allow, focus returns', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  // The user is working in the widget: focus is in its iframe.
  await page.frameLocator('iframe[data-app-key="test-widget"]').locator('h1').click()
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
  const token = start(frame, 'getSessionToken', { scope: PROFILE })
  const dialog = consentDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toBeFocused()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  const allow = dialog.getByRole('button', { name: 'Allow' })
  for (let i = 0; i < 5 && !(await allow.evaluate((el) => el.matches(':focus'))); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(allow).toBeFocused()
  // Enter works once the host's intent delay has passed (the button says so until then).
  await expect(allow).not.toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Enter')
  expect(await token).toMatchObject({ ok: true })
  // Focus goes back to where it was: the widget's iframe.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
})

test('in Persian the dialog reads right to left, and widget names render as text', async ({
  page,
}) => {
  const frame = await initializedWidget(page, 'locale=fa')
  const token = start(frame, 'getSessionToken', { scope: PROFILE })
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAttribute('dir', 'rtl')
  await expect(dialog).toHaveAttribute('lang', 'fa')
  await expect(dialog.getByRole('heading')).toHaveText(
    '«Test <img src=x onerror=alert(1)> Widget» درخواست دسترسی دارد',
  )
  await expect(dialog.locator('img')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'انصراف' }).click()
  expect(await token).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
})

test('calls before initialize reject with NOT_INITIALIZED', async ({ page }) => {
  await openPanel(page)
  const frame = await widgetFrame(page)
  expect(await start(frame, 'getSessionToken', { scope: PROFILE })).toMatchObject({
    ok: false,
    code: 'NOT_INITIALIZED',
  })
})

test('initialize with another widget’s app_key is refused by the host', async ({ page }) => {
  await openPanel(page)
  const frame = await widgetFrame(page)
  expect(await frame.evaluate(() => window.init('second-widget'))).toMatchObject({
    ok: false,
    code: 'APP_KEY_MISMATCH',
  })
  // The refusal leaves the SDK free to initialize with its own key.
  expect(await frame.evaluate(() => window.init('test-widget'))).toMatchObject({ ok: true })
})

test('a second initialize: same app_key resolves again, another app_key is refused', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  expect(await frame.evaluate(() => window.init('test-widget'))).toMatchObject({
    ok: true,
    value: { app_key: 'test-widget', context: 'doctor-panel', locale: 'en' },
  })
  expect(await frame.evaluate(() => window.init('second-widget'))).toMatchObject({
    ok: false,
    code: 'ALREADY_INITIALIZED',
  })
})

test('a page that is not embedded: initialize resolves at once, and a panel call rejects with NOT_EMBEDDED', async ({
  page,
}) => {
  await page.goto(`${WIDGET}/e2e/fixtures/widget.html`)
  // Timed in the page, so Playwright's round trip does not count: a few ms (platform-top.js
  // loads beside platform.js), where waiting for a handshake would take its 5 s timeout. The
  // 1 s bound is over 10× the typical value.
  const { result, ms } = await page.evaluate(async () => {
    const t = performance.now()
    const result = await window.init()
    return { result, ms: performance.now() - t }
  })
  expect(result).toMatchObject({ ok: true, value: { embedded: false } })
  expect(ms).toBeLessThan(1000)
  expect(
    await page.evaluate(() => window.callApi('payment.pay', { product_key: 'pro' })),
  ).toMatchObject({ ok: false, code: 'NOT_EMBEDDED' })
})

test('a widget embedded by an untrusted origin fails with UNTRUSTED_HOST and gets no token', async ({
  page,
}) => {
  await page.goto(`${THIRD}/e2e/fixtures/embedder.html`)
  const frame = page.frameLocator('#widget')
  await expect(frame.locator('h1')).toHaveText('Test widget')
  const child = page.frames().find((f) => f.url().startsWith(WIDGET))!
  expect(await child.evaluate(() => window.init())).toMatchObject({
    ok: false,
    code: 'UNTRUSTED_HOST',
  })
  expect(await start(child, 'getSessionToken', { scope: PROFILE })).toMatchObject({
    ok: false,
    code: 'NOT_INITIALIZED',
  })
})

test('a widget below the fold gets its height without being scrolled to', async ({ page }) => {
  // Chromium renders no cross-origin frame outside the viewport, so no ResizeObserver reports
  // there: the SDK measures once as it starts. Before, such a frame kept its first 150 px.
  await openPanel(page)
  const frame = await widgetFrame(page)
  const iframe = page.locator('iframe[data-app-key="test-widget"]')
  await page.evaluate(() => {
    const spacer = document.createElement('div')
    spacer.style.height = `${2 * innerHeight}px`
    document.getElementById('slot-a')?.before(spacer)
  })
  await frame.evaluate(() => window.setFiller(640))
  expect((await frame.evaluate(() => window.init())).ok).toBe(true)
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBeGreaterThan(640)
  const box = await iframe.boundingBox()
  expect(box!.y).toBeGreaterThan(page.viewportSize()!.height)
})

test('the host sizes the iframe to the widget’s content height', async ({ page }) => {
  const frame = await initializedWidget(page)
  const iframe = page.locator('iframe[data-app-key="test-widget"]')
  await frame.evaluate(() => window.setFiller(640))
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBeGreaterThan(640)
  const content = await frame.evaluate(
    () => document.documentElement.getBoundingClientRect().height,
  )
  expect((await iframe.boundingBox())?.height).toBe(Math.ceil(content))
  await frame.evaluate(() => window.setFiller(100))
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBeLessThan(200)
  // No inner scrollbar: the iframe's document does not scroll.
  expect(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(
    true,
  )
})
