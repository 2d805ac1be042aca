// The Playwright fixture's dialog answers (`platform-widget-dev/playwright`, demo/playwright/
// answer.ts) on every engine: the same code the fixture runs over a Playwright page, here over
// each engine's Driver (Chromium through Playwright, Firefox over WebDriver BiDi, WebKit over
// WebDriver classic), against the test panel's production host (its 500 ms intent delay on).
// The fixture itself needs Playwright's own Firefox and WebKit builds, which this machine cannot
// install; its dialog logic is what differs by engine, and this runs it on all three.
import { answerDialog, type DialogPort } from '../../demo/playwright/answer'
import { begin, initialized, noDialog, outcome, panelState } from './app'
import type { Driver } from './driver'
import { expect, test } from './fixtures'

/** The fixture's two needs of an engine: script in the panel page, and a real click. */
const portOf = (driver: Driver): DialogPort => ({
  evaluate: (fn, arg) => driver.evaluate('top', fn, arg),
  click: (x, y) => driver.click(x, y),
})

test('fixture answers: consent cancel gives USER_CLOSED_POPUP; allow gives a token', async ({
  driver,
}) => {
  await initialized(driver)
  const port = portOf(driver)
  const scope = ['provider.profile.read']
  const closed = await begin(driver, 'getSessionToken', { scope })
  expect(await answerDialog(port, { kinds: ['consent'], action: 'cancel' })).toEqual({
    ended: 'closed',
  })
  expect(await outcome(driver, closed)).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  const allowed = await begin(driver, 'getSessionToken', { scope })
  expect(await answerDialog(port, { kinds: ['consent'] })).toEqual({ ended: 'closed' })
  expect((await outcome(driver, allowed)).value).toMatch(/^st_/)
  expect((await panelState(driver)).tokens).toBe(1)
})

test('fixture answers: a plan chosen by its radio, then Subscribe', async ({ driver }) => {
  await initialized(driver)
  const id = await begin(driver, 'payment.subscribe', {})
  await answerDialog(portOf(driver), { kinds: ['subscribe'], choose: ['yearly'] })
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS', plan_key: 'yearly' },
  })
  expect((await panelState(driver)).charges).toMatchObject([{ kind: 'subscribe', amount: 3000000 }])
})

test('fixture answers: a declined payment is reported failed, closed, and reaches the widget', async ({
  driver,
}) => {
  await initialized(driver)
  await driver.evaluate(
    'top',
    () => {
      window.backend.behavior.pay = 'decline'
    },
    null,
  )
  const id = await begin(driver, 'payment.pay', { product_key: 'pro' })
  expect(await answerDialog(portOf(driver), { kinds: ['payment'] })).toEqual({
    ended: 'failed',
    alert: 'This did not go through: the platform reported an error. Close this window.',
  })
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_ERROR', product_key: 'pro' },
  })
  await noDialog(driver)
})

test('fixture answers: SMS activate, then the second package', async ({ driver }) => {
  await initialized(driver)
  const port = portOf(driver)
  const activated = await begin(driver, 'sms.activate')
  await answerDialog(port, { kinds: ['sms-activate'] })
  expect((await outcome(driver, activated)).ok).toBe(true)
  const charged = await begin(driver, 'sms.charge')
  await answerDialog(port, { kinds: ['sms-charge'], choose: ['1'] })
  expect(await outcome(driver, charged)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_SMS_CHARGE_SUCCESS', count: 500 },
  })
})
