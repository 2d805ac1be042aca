// The fixture on the sample widgets: each test in a sandbox of its own (what it changes is not
// in the dev command's state), dialogs answered with trusted clicks once armed, and the payment
// outcomes chosen beside Pay reaching the widget as the SDK's documented results.
import { createEmulatorControl } from 'platform-widget-server'
import { expect, test } from '../index.js'

/** The dev command's own state (not a sandbox's): what the panel's internal routes read. */
async function rootState(emulator: string, panel: string, path: string) {
  const res = await fetch(`${emulator}${path}`, { headers: { origin: panel } })
  return (await res.json()) as Record<string, unknown>
}

test('a declined card reaches the widget as PLATFORM_PAYMENT_ERROR, in the sandbox only', async ({
  panel,
}) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  const result = await panel.payment.pay({ outcome: 'declined' })
  expect(result).toEqual({
    ended: 'failed',
    alert: 'This did not go through: the platform reported an error. Close this window.',
  })
  await expect(widget.locator('#pro-result')).toHaveAttribute('data-state', 'error')
  await expect(widget.locator('#pro-result')).toContainText('The card was declined')
  const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
  expect(await sandbox.listWebhookDeliveries({ app_key: 'demo-doctor' })).toEqual([])
})

test('insufficient funds, in Persian', async ({ panel }) => {
  const widget = await panel.open('demo-doctor', { lang: 'fa' })
  await widget.locator('#buy').click()
  expect((await panel.payment.pay({ outcome: 'insufficient_funds' })).ended).toBe('failed')
  await expect(widget.locator('#pro-result')).toContainText('insufficient funds')
})

test('a timeout charges in the sandbox and sends the webhook; the widget hears of an error', async ({
  panel,
}) => {
  const widget = await panel.open('demo-profile', { context: 'doctor-profile' })
  await widget.locator('#pay').click()
  expect((await panel.payment.pay({ outcome: 'timeout' })).ended).toBe('failed')
  const sandbox = createEmulatorControl({ baseUrl: panel.sandbox.url })
  await expect
    .poll(async () =>
      (await sandbox.listWebhookDeliveries({ app_key: 'demo-profile' })).map((d) => d.type),
    )
    .toEqual(['doctor_service.succeeded'])
  const root = createEmulatorControl({ baseUrl: panel.platform.emulator })
  expect(
    (await root.listWebhookDeliveries({ app_key: 'demo-profile' })).filter(
      (d) => d.event.data.user_id === 'pt-1' && d.type === 'doctor_service.succeeded',
    ).length,
  ).toBe(0)
})

test('SMS activation changes the sandbox, not the dev command', async ({ panel }) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#sms-activate').click()
  await panel.sms.activate()
  await expect(widget.locator('#sms-result')).toHaveText('PLATFORM_SMS_ACTIVATE_SUCCESS')
  const root = await rootState(
    panel.platform.emulator,
    panel.platform.panel,
    '/internal/users/dr-1/sms',
  )
  expect(root.active).toBe(false)
  const mine = await rootState(panel.sandbox.url, panel.platform.panel, '/internal/users/dr-1/sms')
  expect(mine.active).toBe(true)
})

test('cancel ends a payment dialog as the user would', async ({ panel }) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  expect(await panel.payment.cancel()).toEqual({ ended: 'closed' })
  await expect(widget.locator('#pro-result')).toHaveText('Payment cancelled.')
})

test('an outcome the dialog does not offer is an error naming what it offers', async ({
  panel,
}) => {
  const widget = await panel.open('demo-doctor')
  await widget.locator('#buy').click()
  await expect(panel.payment.pay({ outcome: 'nope' as never })).rejects.toThrow(
    'has no choice "nope" (it offers: succeed, declined, insufficient_funds, platform_error, timeout)',
  )
  await panel.payment.cancel()
})

test.describe('consent', () => {
  test('cancel: the widget gets USER_CLOSED_POPUP; allow: the token comes', async ({ panel }) => {
    const widget = await panel.open('demo-doctor')
    await widget.locator('#connect').click()
    await panel.consent.cancel()
    await expect(widget.locator('#account-result')).toContainText('USER_CLOSED_POPUP')
    await panel.settled('demo-doctor')
    await widget.locator('#connect').click()
    expect(await panel.consent.allow()).toEqual({ ended: 'closed' })
    const sandbox = await rootState(
      panel.sandbox.url,
      panel.platform.panel,
      '/internal/users/dr-1/apps/demo-doctor/consent',
    )
    expect((sandbox.scopes as string[]).length).toBeGreaterThan(0)
  })
})
