// Your widget in the real dev panel, in a browser: `npm run test:e2e` (not part of `npm test`, so
// a machine with no browser still passes that). Each test gets an emulator sandbox of its own;
// `panel` answers the host's dialogs as the doctor does (its confirm works only after a moment,
// and only for a real click). Your page's calls to its backend carry the sandbox's id (a header),
// and the backend sends their platform calls there (`sandboxUrl` in server/app.ts), so what a
// test's backend calls do is that test's alone.
import { expect, test } from 'platform-widget-dev/playwright'
import config from '../platform.config.json' with { type: 'json' }

const APP_KEY = config.apps[0]!.app_key

test('a declined card shows the platform’s message, and Buy Pro stays', async ({ panel }) => {
  const widget = await panel.open(APP_KEY)
  await expect(widget.locator('#status')).toHaveText('Connected in doctor-panel')
  await panel.settled(APP_KEY)
  await widget.getByRole('button', { name: 'Buy Pro' }).click()
  // Beside Pay, the dev panel offers outcomes: succeed, declined, insufficient_funds,
  // platform_error, timeout (charged, but the page hears of an error).
  await panel.payment.pay({ outcome: 'declined' })
  await expect(widget.locator('#result')).toContainText('The card was declined')
  await expect(widget.getByRole('button', { name: 'Buy Pro' })).toBeVisible()
})

test('closing the consent tells the widget so', async ({ panel }) => {
  const widget = await panel.open(APP_KEY, { lang: 'fa' })
  await expect(widget.locator('#status')).toHaveText('Connected in doctor-panel')
  await panel.settled(APP_KEY)
  await widget.getByRole('button', { name: 'Show my profile' }).click()
  await panel.consent.cancel()
  await expect(widget.locator('#result')).toContainText('USER_CLOSED_POPUP')
})

// Twice, each test in its own sandbox: the consent given in the first is not the second's, and
// the backend exchanges each test's session token in that test's sandbox.
for (const lang of ['en', 'fa'] as const) {
  test(`your backend answers in the test's own sandbox (${lang})`, async ({ panel }) => {
    const widget = await panel.open(APP_KEY, { lang })
    await expect(widget.locator('#status')).toHaveText('Connected in doctor-panel')
    await panel.settled(APP_KEY)
    await widget.getByRole('button', { name: 'Show my profile' }).click()
    await panel.consent.allow()
    await expect(widget.locator('#result')).toHaveText(/^Hello, \S/)
  })
}
