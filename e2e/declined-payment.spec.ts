// A declined payment, asked for through the control API: the doctor confirms the payment
// dialog, the emulator declines the charge (the scenario's `decline_next_payments`), the dialog
// says so until the doctor closes it, and the widget then gets the SDK's documented failure,
// `PLATFORM_PAYMENT_ERROR` with the platform's message, and shows it. Nothing is charged; the
// next payment goes through. On a demo of this worker's own: the scenario must not decline
// another spec's payment.
import { createEmulatorControl } from '../server/src/control'
import { clickInWidget, confirm, openDialog, widget } from './demo-helpers'
import { expect, open, test } from './own-demo'

test('a declined payment reaches the widget as PLATFORM_PAYMENT_ERROR and charges nothing', async ({
  page,
  demo,
}) => {
  const control = createEmulatorControl({ baseUrl: demo.origins.emulator })
  await control.reset()
  await control.setScenario({ decline_next_payments: 1 })
  const receipts = async () => {
    const res = await fetch(`${demo.origins.emulator}/internal/activity`, {
      headers: { origin: demo.origins.panel },
    })
    return ((await res.json()) as { receipts: { kind: string }[] }).receipts.filter(
      (r) => r.kind === 'pay',
    ).length
  }

  try {
    await open(page, demo, '/panel?lang=en')
    const frame = await widget(page, 'demo-doctor')
    await clickInWidget(page, 'demo-doctor', '#buy')
    const payment = await openDialog(page, 'payment')
    await confirm(payment, { failing: true })
    await expect(payment.getByRole('alert')).toHaveText(
      'This did not go through: the platform reported an error. Close this window.',
    )
    await expect(payment.getByRole('button', { name: /^Pay/ })).toBeHidden()
    await payment.locator('[data-action=cancel]', { hasText: 'Close' }).click()
    await expect(payment).toHaveCount(0)
    const result = frame.locator('#pro-result')
    await expect(result).toHaveAttribute('data-state', 'error')
    await expect(result).toContainText('The payment was declined')
    expect(await receipts()).toBe(0)
    expect((await control.getScenario()).decline_next_payments).toBe(0)

    // The scenario is spent: the doctor tries again and pays.
    await clickInWidget(page, 'demo-doctor', '#buy')
    await confirm(await openDialog(page, 'payment'))
    await expect(result).toHaveAttribute('data-state', 'ok')
    await expect(result).toContainText('the server verified receipt pay_')
    expect(await receipts()).toBe(1)
  } finally {
    // Even when an assertion failed: no scenario left to decline a later payment.
    await control.reset()
  }
})
