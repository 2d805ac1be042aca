import { expect, type Page, test } from '@playwright/test'
import { closeFailedDialog, initializedWidget, navigateFrom, newPageIn, start } from './helpers'

const dialogNamed = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })
const charges = (page: Page) => page.evaluate(() => window.backend.charges.length)

test.describe('payment.pay', () => {
  test('confirm charges once and reports success with the key, payload and receipt', async ({
    page,
  }) => {
    const frame = await initializedWidget(page)
    const paid = start(frame, 'payment.pay', { product_key: 'pro', payload: { order: 7 } })
    const dialog = dialogNamed(page, 'Payment')
    await expect(dialog.getByRole('row')).toHaveText([
      'ItemPro <script>alert(1)</script> plan',
      'Price1,250,000 Rials',
    ])
    await dialog.getByRole('button', { name: 'Pay 1,250,000 Rials' }).click()
    const result = await paid
    expect(result).toMatchObject({
      ok: true,
      value: { event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro', payload: { order: 7 } },
    })
    const receipt = result.ok && (result.value as { receipt_id: string }).receipt_id
    expect(receipt).toMatch(/^rcpt_/)
    expect(await page.evaluate(() => window.backend.charges)).toEqual([
      {
        kind: 'pay',
        app_key: 'test-widget',
        amount: 1250000,
        receipt_id: receipt,
        payload: { order: 7 },
      },
    ])
    // Exactly once, to the widget's listeners and to the panel's.
    expect(
      await frame.evaluate(() => window.received.map((r: { event: string }) => r.event)),
    ).toEqual(['PLATFORM_PAYMENT_SUCCESS'])
    expect(await page.evaluate(() => window.results)).toEqual([
      expect.objectContaining({
        event: 'PLATFORM_PAYMENT_SUCCESS',
        app_key: 'test-widget',
        receipt_id: receipt,
      }),
    ])
  })

  for (const [how, close] of [
    [
      'the cancel button',
      (page: Page) => dialogNamed(page, 'Payment').getByRole('button', { name: 'Cancel' }).click(),
    ],
    ['Esc', (page: Page) => page.keyboard.press('Escape')],
  ] as const) {
    test(`closing with ${how} reports PLATFORM_PAYMENT_CANCEL and charges nothing`, async ({
      page,
    }) => {
      const frame = await initializedWidget(page)
      const paid = start(frame, 'payment.pay', { product_key: 'basic', payload: 'p' })
      await expect(dialogNamed(page, 'Payment')).toBeVisible()
      await close(page)
      expect(await paid).toEqual({
        ok: true,
        value: { event: 'PLATFORM_PAYMENT_CANCEL', product_key: 'basic', payload: 'p' },
      })
      expect(await charges(page)).toBe(0)
    })
  }

  for (const [mode, message] of [
    ['decline', 'Payment declined'],
    ['error', 'Backend unavailable'],
  ] as const) {
    test(`a backend ${mode} is reported as PLATFORM_PAYMENT_ERROR with its message`, async ({
      page,
    }) => {
      const frame = await initializedWidget(page)
      await page.evaluate((m) => {
        window.backend.behavior.pay = m
      }, mode)
      const paid = start(frame, 'payment.pay', { product_key: 'pro' })
      await dialogNamed(page, 'Payment').getByRole('button', { name: /^Pay/ }).click()
      // The doctor is told in the dialog; the widget learns it when the doctor closes it.
      await closeFailedDialog(page)
      expect(await paid).toEqual({
        ok: true,
        value: { event: 'PLATFORM_PAYMENT_ERROR', product_key: 'pro', message },
      })
      expect(
        await frame.evaluate(() => window.received.map((r: { event: string }) => r.event)),
      ).toEqual(['PLATFORM_PAYMENT_ERROR'])
      await expect(page.getByRole('dialog')).toHaveCount(0)
    })
  }

  test('an unknown product is PLATFORM_PAYMENT_ERROR at once, with no dialog', async ({ page }) => {
    const frame = await initializedWidget(page)
    expect(await start(frame, 'payment.pay', { product_key: 'nope' })).toMatchObject({
      ok: true,
      value: {
        event: 'PLATFORM_PAYMENT_ERROR',
        product_key: 'nope',
        message: 'Unknown product "nope"',
      },
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('a receipt is paid with its title and amount from the backend', async ({ page }) => {
    const frame = await initializedWidget(page)
    const paid = start(frame, 'payment.pay', { receipt_id: 'rcpt-42' })
    const dialog = dialogNamed(page, 'Payment')
    await expect(dialog.getByRole('row')).toHaveText(['ItemVisit <b>#42</b>', 'Price250,000 Rials'])
    await dialog.getByRole('button', { name: 'Pay 250,000 Rials' }).click()
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_SUCCESS' } })
  })

  test('pay() with no argument or with both keys rejects with INVALID_ARGUMENT', async ({
    page,
  }) => {
    const frame = await initializedWidget(page)
    expect(await start(frame, 'payment.pay')).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'product_key',
    })
    expect(
      await start(frame, 'payment.pay', { product_key: 'pro', receipt_id: 'r' }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'receipt_id',
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('a second payment while a dialog is open is refused with DIALOG_BUSY', async ({ page }) => {
    const frame = await initializedWidget(page)
    const first = start(frame, 'payment.pay', { product_key: 'pro' })
    await expect(dialogNamed(page, 'Payment')).toBeVisible()
    expect(await start(frame, 'payment.pay', { product_key: 'basic' })).toMatchObject({
      ok: false,
      code: 'DIALOG_BUSY',
    })
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await page.keyboard.press('Escape')
    expect(await first).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_CANCEL' } })
  })

  test('a double click on confirm charges once and reports one success', async ({ page }) => {
    const frame = await initializedWidget(page)
    await page.evaluate(() => {
      // A slow backend keeps the dialog busy between the two clicks.
      const pay = window.backend.pay
      window.backend.pay = (r: unknown) => new Promise((ok) => setTimeout(() => ok(pay(r)), 300))
    })
    const paid = start(frame, 'payment.pay', { product_key: 'pro' })
    await dialogNamed(page, 'Payment').getByRole('button', { name: /^Pay/ }).dblclick()
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_SUCCESS' } })
    expect(await charges(page)).toBe(1)
    expect(await frame.evaluate(() => window.received.length)).toBe(1)
    expect(await page.evaluate(() => window.results.length)).toBe(1)
  })

  test('in Persian the price has Persian digits and ریال', async ({ page }) => {
    const frame = await initializedWidget(page, 'locale=fa')
    const paid = start(frame, 'payment.pay', { product_key: 'pro' })
    const dialog = dialogNamed(page, 'پرداخت')
    await expect(dialog).toHaveAttribute('dir', 'rtl')
    await expect(dialog.getByRole('row').nth(1)).toHaveText('مبلغ۱٬۲۵۰٬۰۰۰ ریال')
    await page.keyboard.press('Escape')
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_CANCEL' } })
  })

  test('a widget reload while the dialog is open closes it without charging, and reconnects', async ({
    page,
  }) => {
    const frame = await initializedWidget(page)
    void start(frame, 'payment.pay', { product_key: 'pro' }).catch(() => {})
    await expect(dialogNamed(page, 'Payment')).toBeVisible()
    await navigateFrom(frame)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await charges(page)).toBe(0)
    // The reloaded page initializes again and pays normally.
    await newPageIn(frame)
    expect(await frame.evaluate(() => window.init())).toMatchObject({ ok: true })
    const again = start(frame, 'payment.pay', { product_key: 'basic' })
    await dialogNamed(page, 'Payment').getByRole('button', { name: /^Pay/ }).click()
    expect(await again).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_SUCCESS' } })
    expect(await charges(page)).toBe(1)
  })
})

test.describe('payment.subscribe', () => {
  test('with a plan_key it shows the plan and reports success', async ({ page }) => {
    const frame = await initializedWidget(page)
    const sub = start(frame, 'payment.subscribe', { plan_key: 'monthly', payload: { seat: 1 } })
    const dialog = dialogNamed(page, 'Subscribe')
    await expect(dialog.getByRole('row')).toHaveText([
      'ItemMonthly',
      'Price300,000 Rials per month',
    ])
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    const result = await sub
    expect(result).toMatchObject({
      ok: true,
      value: {
        event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS',
        plan_key: 'monthly',
        payload: { seat: 1 },
      },
    })
    expect(result.ok && (result.value as { receipt_id: string }).receipt_id).toMatch(/^sub_/)
  })

  test('without a plan_key the user picks a plan', async ({ page }) => {
    const frame = await initializedWidget(page)
    const sub = start(frame, 'payment.subscribe')
    const dialog = dialogNamed(page, 'Subscribe')
    await expect(dialog.getByRole('group', { name: 'Choose a plan' })).toBeVisible()
    await dialog.getByRole('radio', { name: /Yearly/ }).check()
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    expect(await sub).toMatchObject({
      ok: true,
      value: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS', plan_key: 'yearly' },
    })
    expect(await page.evaluate(() => window.backend.charges[0].amount)).toBe(3000000)
  })

  test('closing reports PLATFORM_PAYMENT_SUBSCRIBE_CANCEL', async ({ page }) => {
    const frame = await initializedWidget(page)
    const sub = start(frame, 'payment.subscribe', { plan_key: 'yearly' })
    await dialogNamed(page, 'Subscribe').getByRole('button', { name: 'Close' }).click()
    expect(await sub).toEqual({
      ok: true,
      value: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL', plan_key: 'yearly' },
    })
  })

  test('a failed subscription rejects with BACKEND_ERROR (the spec has no error event)', async ({
    page,
  }) => {
    const frame = await initializedWidget(page)
    await page.evaluate(() => {
      window.backend.behavior.subscribe = 'error'
    })
    const sub = start(frame, 'payment.subscribe', { plan_key: 'monthly' })
    await dialogNamed(page, 'Subscribe').getByRole('button', { name: 'Subscribe' }).click()
    await closeFailedDialog(page)
    expect(await sub).toMatchObject({
      ok: false,
      code: 'BACKEND_ERROR',
      message: 'The platform could not complete the request: Backend unavailable',
    })
  })
})

test.describe('payment.payForDoctorService', () => {
  const amounts = [
    {
      amount: 12345,
      en: ['12,345 Rials', '370 Rials', '12,715 Rials'],
      fa: ['۱۲٬۳۴۵ ریال', '۳۷۰ ریال', '۱۲٬۷۱۵ ریال'],
    },
    {
      amount: 500000,
      en: ['500,000 Rials', '15,000 Rials', '515,000 Rials'],
      fa: ['۵۰۰٬۰۰۰ ریال', '۱۵٬۰۰۰ ریال', '۵۱۵٬۰۰۰ ریال'],
    },
  ]
  for (const { amount, en, fa } of amounts) {
    test(`${amount} Rials: the dialog shows amount, VAT and payable in both locales`, async ({
      page,
    }) => {
      for (const [locale, shown] of [
        ['en', en],
        ['fa', fa],
      ] as const) {
        const frame = await initializedWidget(page, `context=doctor-profile&locale=${locale}`)
        const paid = start(frame, 'payment.payForDoctorService', { amount, payload: 'visit-9' })
        const dialog = page.getByRole('dialog')
        await expect(dialog.getByRole('cell')).toHaveText(shown as unknown as string[])
        if (locale === 'en') {
          await dialog.getByRole('button', { name: `Pay ${en[2]}` }).click()
          const payable = Number(en[2]!.replace(/\D/g, ''))
          expect(await paid).toMatchObject({
            ok: true,
            value: {
              event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS',
              amount,
              payable,
              vat: payable - amount,
              payload: 'visit-9',
            },
          })
          expect(await page.evaluate(() => window.backend.charges[0].amount)).toBe(payable)
        } else {
          await page.keyboard.press('Escape')
          expect(await paid).toMatchObject({
            ok: true,
            value: { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', amount },
          })
        }
      }
    })
  }

  test('a backend failure is PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR', async ({ page }) => {
    const frame = await initializedWidget(page, 'context=doctor-profile')
    await page.evaluate(() => {
      window.backend.behavior.doctorService = 'decline'
    })
    const paid = start(frame, 'payment.payForDoctorService', { amount: 1000 })
    await page.getByRole('dialog').getByRole('button', { name: /^Pay/ }).click()
    await closeFailedDialog(page)
    expect(await paid).toMatchObject({
      ok: true,
      value: {
        event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR',
        message: 'Payment declined',
        amount: 1000,
        payable: 1030,
      },
    })
  })

  test('outside the doctor profile it fails with WRONG_CONTEXT and opens no dialog', async ({
    page,
  }) => {
    const frame = await initializedWidget(page, 'context=doctor-panel')
    expect(await start(frame, 'payment.payForDoctorService', { amount: 1000 })).toMatchObject({
      ok: false,
      code: 'WRONG_CONTEXT',
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('a fractional amount is refused with INVALID_ARGUMENT naming amount', async ({ page }) => {
    const frame = await initializedWidget(page, 'context=doctor-profile')
    expect(await start(frame, 'payment.payForDoctorService', { amount: 12.5 })).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'amount',
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
