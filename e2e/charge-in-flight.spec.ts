import { expect, test } from '@playwright/test'
import { endWidget, initializedWidget, start } from './helpers'

/**
 * The panel unmounts a widget (or the host goes) after the doctor confirmed a payment and while
 * the panel's backend is still charging: the backend's call is aborted, the widget's promise
 * rejects with CONNECTION_CLOSED at once, and a charge the backend completes anyway (its request
 * had reached the platform) is not lost: it reaches `host.on`, marked late (docs/panel.md, "A charge the widget no longer waits for").
 */
for (const how of ['unmount', 'destroy'] as const) {
  test(`a charge in flight when the host ${how === 'unmount' ? 'unmounts its widget' : 'is destroyed'}: aborted, the widget told at once, the late receipt reaches host.on`, async ({
    page,
  }) => {
    const widget = await initializedWidget(page, 'holdCharges')
    const paid = start(widget, 'payment.pay', { product_key: 'pro' })
    const dialog = page.getByRole('dialog', { name: 'Payment' })
    await dialog.getByRole('button', { name: 'Pay 1,250,000 Rials' }).click()
    // The backend has the charge: the dialog waits for it.
    await page.waitForFunction(() => typeof window.held.settle === 'function')
    await expect(dialog).toHaveAttribute('aria-busy', 'true')
    expect(await page.evaluate(() => window.held.aborted)).toBeNull()

    const since = await endWidget(page, how)
    expect(await paid).toMatchObject({ ok: false, code: 'CONNECTION_CLOSED' })
    const aborted = await page.evaluate(() => window.held.aborted)
    expect(aborted).toMatchObject({ name: 'AbortError' })
    // Told within the task of the unmount, not at the call's deadline.
    expect(aborted.at - since).toBeLessThan(1000)
    // Unmounted, the dialog the doctor confirmed stays busy until the charge answers, so it never
    // vanishes mid-charge; a destroyed host takes its dialogs with it.
    if (how === 'unmount') await expect(dialog).toHaveAttribute('aria-busy', 'true')
    else await expect(page.getByRole('dialog')).toHaveCount(0)

    // The backend completes the charge anyway: the panel still hears of it, once, marked late.
    await page.evaluate(() => window.held.settle())
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect
      .poll(() => page.evaluate(() => window.results))
      .toEqual([
        expect.objectContaining({
          event: 'PLATFORM_PAYMENT_SUCCESS',
          app_key: 'test-widget',
          product_key: 'pro',
          receipt_id: expect.stringMatching(/^rcpt_/),
          late: true,
        }),
      ])
    expect(await page.evaluate(() => window.backend.charges.length)).toBe(1)
    expect(await page.evaluate(() => window.held.key)).toMatch(/^[\w-]{22}$/)
  })
}
