import { expect, test } from '@playwright/test'
import { initializedWidget, PANEL, start, widgetFrame } from './helpers'

/**
 * A widget's limits outlive the panel page and hold in all the panel's tabs: after its cool-down,
 * a widget that sends the panel to another page of the tab (here the same panel page again, with
 * `?n=1`) or meets the panel in another tab finds a new host, which finds the cool-down in the
 * panel origin's localStorage. In Chromium, with the production createHost.
 */

const PAGE = '/e2e/fixtures/host.html?realNavigate'

test('three dismissals, then the widget reloads the panel: its next dialog is refused with DIALOG_COOLDOWN', async ({
  page,
}) => {
  const frame = await initializedWidget(page, 'realNavigate')
  for (let i = 0; i < 3; i++) {
    const asked = start(frame, 'getSessionToken', { scope: ['provider.profile.read'] })
    await page.locator('dialog[open]').waitFor()
    await page.keyboard.press('Escape')
    expect(await asked).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  }
  expect(await start(frame, 'getSessionToken', { scope: ['provider.profile.read'] })).toMatchObject(
    { ok: false, code: 'DIALOG_COOLDOWN' },
  )
  // The panel may unload before the answer reaches the test (see sms-navigation.spec.ts).
  const moved = start(frame, 'redirect.dispatch', { path: `${PAGE}&n=1` }).catch(
    (error: Error) => error.message,
  )
  await page.waitForURL(`${PANEL}${PAGE}&n=1`)
  await moved
  await page.waitForFunction(() => window.hostReady === true)
  const again = await widgetFrame(page)
  expect(await again.evaluate(() => window.init())).toMatchObject({ ok: true })
  for (const [path, arg] of [
    ['getSessionToken', { scope: ['provider.profile.read'] }],
    ['payment.pay', { product_key: 'pro' }],
  ] as const) {
    expect(await start(again, path, arg), path).toMatchObject({
      ok: false,
      code: 'DIALOG_COOLDOWN',
    })
  }
  await expect(page.locator('dialog')).toHaveCount(0)
})

test('the cool-down is the panel’s: the same panel in another tab refuses with DIALOG_COOLDOWN', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  for (let i = 0; i < 3; i++) {
    const asked = start(frame, 'getSessionToken', { scope: ['provider.profile.read'] })
    await page.locator('dialog[open]').waitFor()
    await page.keyboard.press('Escape')
    await asked
  }
  // Another tab: an empty sessionStorage, the panel origin's localStorage.
  const other = await context.newPage()
  const fresh = await initializedWidget(other)
  expect(await other.evaluate(() => sessionStorage.length)).toBe(0)
  for (const [path, arg] of [
    ['getSessionToken', { scope: ['provider.profile.read'] }],
    ['payment.pay', { product_key: 'pro' }],
  ] as const) {
    expect(await start(fresh, path, arg), path).toMatchObject({
      ok: false,
      code: 'DIALOG_COOLDOWN',
    })
  }
  await expect(other.locator('dialog')).toHaveCount(0)
})
