import { expect, test } from '@playwright/test'
import { initializedWidget, PANEL } from './helpers'

// The panel page, its widget iframes with it, can be restored from the back/forward cache. On
// the way out the widget's page fires `pagehide` (persisted); on the way back `pageshow`
// (persisted), with the SDK's state as it was. The widget must work again without reloading.
// The cache is on as in a doctor's Chromium: the harness drops Playwright's
// --disable-back-forward-cache (e2e/browser.ts).
test('after a back/forward-cache restore the widget works again without a reload', async ({
  page,
}) => {
  const frame = await initializedWidget(page)
  // A mark that survives only if the very same document comes back (not a reload).
  await page.evaluate(() => {
    window.restored = false
    addEventListener('pageshow', (event) => {
      if (event.persisted) window.restored = true
    })
    window.outcome = undefined
    addEventListener('message', (event) => {
      if ('restoredToken' in event.data || 'restoredError' in event.data)
        window.outcome = event.data
    })
  })
  // Playwright loses the cross-origin frame after a restore, so the widget acts by itself: when
  // it is shown again from the cache it asks for a token, and the panel's side is observed.
  await frame.evaluate(() => {
    addEventListener('pageshow', (event) => {
      if (!event.persisted) return
      window.platform.getSessionToken({ scope: ['provider.profile.read'] }).then(
        (token: string) => window.parent.postMessage({ restoredToken: token }, '*'),
        (error: { code?: string }) => window.parent.postMessage({ restoredError: error.code }, '*'),
      )
    })
  })

  await page.goto(`${PANEL}/e2e/fixtures/embedder.html`)
  // A restore from the cache fires no load event: wait for the commit only.
  await page.goBack({ waitUntil: 'commit' })
  // The test means something only if the page really came from the cache.
  await expect.poll(() => page.evaluate(() => window.restored)).toBe(true)
  // Without a reconnect the host has forgotten the widget's initialize: the call rejects with
  // NOT_INITIALIZED and no dialog opens.
  const dialog = page.getByRole('dialog', { name: /asks for access/ })
  await expect
    .poll(async () => (await page.evaluate(() => window.outcome)) ?? (await dialog.count()))
    .toBe(1)
  await dialog.getByRole('button', { name: 'Allow' }).click()
  await expect.poll(() => page.evaluate(() => window.outcome)).toBeTruthy()
  const data = await page.evaluate(() => window.outcome)
  expect(data.restoredError).toBeUndefined()
  expect(data.restoredToken).toMatch(/^st_/)
  const issued = await page.evaluate(() => window.backend.tokens)
  expect(issued).toEqual([
    { token: data.restoredToken, app_key: 'test-widget', scopes: ['provider.profile.read'] },
  ])
})
