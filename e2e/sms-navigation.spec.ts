import { expect, type Page, test } from '@playwright/test'
import { settled } from './demo-helpers'
import { closeFailedDialog, initializedWidget, PANEL, start } from './helpers'

const activateDialog = (page: Page) => page.getByRole('dialog', { name: 'Activate SMS' })
const chargeDialog = (page: Page) => page.getByRole('dialog', { name: 'Top up SMS credit' })

test.describe('sms.activate', () => {
  test('when inactive, confirming activates SMS', async ({ page }) => {
    const frame = await initializedWidget(page)
    const activated = start(frame, 'sms.activate')
    const dialog = activateDialog(page)
    await expect(dialog).toContainText(
      'will send SMS messages in your name, paid from your SMS credit',
    )
    await dialog.getByRole('button', { name: 'Activate' }).click()
    expect(await activated).toEqual({ ok: true, value: { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' } })
    expect(await page.evaluate(() => window.backend.smsActive)).toBe(true)
  })

  test('closing reports PLATFORM_SMS_ACTIVATE_CANCEL and leaves SMS inactive', async ({ page }) => {
    const frame = await initializedWidget(page)
    const activated = start(frame, 'sms.activate')
    await activateDialog(page).getByRole('button', { name: 'Cancel' }).click()
    expect(await activated).toEqual({ ok: true, value: { event: 'PLATFORM_SMS_ACTIVATE_CANCEL' } })
    expect(await page.evaluate(() => window.backend.smsActive)).toBe(false)
  })

  test('a backend failure reports PLATFORM_SMS_ACTIVATE_ERROR', async ({ page }) => {
    const frame = await initializedWidget(page)
    await page.evaluate(() => {
      window.backend.behavior.smsActivate = 'error'
    })
    const activated = start(frame, 'sms.activate')
    await activateDialog(page).getByRole('button', { name: 'Activate' }).click()
    await closeFailedDialog(page)
    expect(await activated).toEqual({
      ok: true,
      value: { event: 'PLATFORM_SMS_ACTIVATE_ERROR', message: 'Backend unavailable' },
    })
  })

  test('when already active it resolves at once and no dialog appears', async ({ page }) => {
    const frame = await initializedWidget(page, 'smsActive')
    expect(await start(frame, 'sms.activate')).toEqual({
      ok: true,
      value: { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' },
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('sms.charge', () => {
  test('buying a package reports the count and price', async ({ page }) => {
    const frame = await initializedWidget(page)
    const charged = start(frame, 'sms.charge')
    const dialog = chargeDialog(page)
    await dialog.getByRole('radio', { name: /500 SMS/ }).check()
    await dialog.getByRole('button', { name: 'Buy' }).click()
    const result = await charged
    expect(result).toMatchObject({
      ok: true,
      value: { event: 'PLATFORM_SMS_CHARGE_SUCCESS', count: 500, price: 450000 },
    })
    expect(result.ok && (result.value as { receipt_id: string }).receipt_id).toMatch(/^sms_/)
  })

  test('a custom count is checked inline; a valid one is bought', async ({ page }) => {
    const frame = await initializedWidget(page)
    const charged = start(frame, 'sms.charge')
    const dialog = chargeDialog(page)
    const input = dialog.getByRole('spinbutton', { name: 'Custom count' })
    for (const bad of ['0', '5', '2.5', '100001', '-20']) {
      await input.fill(bad)
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(dialog.locator('#sms-custom-error')).toHaveText(
        'Enter a whole number from 10 to 100,000.',
      )
    }
    await dialog.getByRole('button', { name: 'Buy' }).click()
    // Still open: nothing bought with an invalid count.
    await expect(dialog).toBeVisible()
    expect(await page.evaluate(() => window.backend.charges.length)).toBe(0)
    await input.fill('250')
    await expect(input).toHaveAttribute('aria-invalid', 'false')
    await dialog.getByRole('button', { name: 'Buy' }).click()
    expect(await charged).toMatchObject({
      ok: true,
      value: { event: 'PLATFORM_SMS_CHARGE_SUCCESS', count: 250, price: 250000 },
    })
  })

  test('closing the top-up dialog rejects with USER_CLOSED_POPUP', async ({ page }) => {
    const frame = await initializedWidget(page)
    const charged = start(frame, 'sms.charge')
    await expect(chargeDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  })

  test('in Persian the packages show Persian digits', async ({ page }) => {
    const frame = await initializedWidget(page, 'locale=fa')
    const charged = start(frame, 'sms.charge')
    const dialog = page.getByRole('dialog', { name: 'افزایش اعتبار پیامک' })
    await expect(dialog.getByRole('radio', { name: /۱۰۰ پیامک/ })).toBeChecked()
    await expect(dialog).toContainText('۱۰۰٬۰۰۰ ریال')
    await page.keyboard.press('Escape')
    expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  })
})

test.describe('redirect.dispatch', () => {
  test('same tab: the panel navigates to the path on its own origin', async ({ page }) => {
    const frame = await initializedWidget(page, 'realNavigate')
    // The panel may unload before the call's answer reaches the test: the frame then detaches
    // under the evaluate. The handler is attached at once, or that rejection goes unhandled while
    // the test waits for the URL, and fails the test.
    const done = start(frame, 'redirect.dispatch', { path: '/package.json?from=widget' }).then(
      (settled) => settled,
      (error: Error) => error.message,
    )
    await page.waitForURL(`${PANEL}/package.json?from=widget`)
    const outcome = await done
    if (typeof outcome === 'string') expect(outcome).toMatch(/detached|destroyed|navigat/i)
    else expect(outcome).toEqual({ ok: true, value: undefined })
  })

  test('a single-page panel hooks the navigation', async ({ page }) => {
    const frame = await initializedWidget(page)
    expect(await start(frame, 'redirect.dispatch', { path: '/appointments/today' })).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await page.evaluate(() => window.navigations)).toEqual([`${PANEL}/appointments/today`])
  })

  test('newContext, from the doctor’s click in the widget, opens a new tab with noopener', async ({
    page,
    context,
  }) => {
    const frame = await initializedWidget(page)
    await frame.evaluate(() => {
      const button = document.createElement('button')
      button.id = 'new-tab'
      button.textContent = 'Open in a new tab'
      button.addEventListener('click', () => {
        window.settle((p: typeof window.platform) =>
          p.redirect.dispatch({ path: '/e2e/fixtures/host.css', newContext: true }),
        )
      })
      document.body.prepend(button)
    })
    await settled(page, 'test-widget')
    const box = await frame.locator('#new-tab').boundingBox()
    if (!box) throw new Error('no button')
    // The popup blocker is on (e2e/browser.ts): the tab opens on the activation of a real click,
    // not on the one Playwright's evaluates give. Those are consumed first (showPicker consumes
    // the page's activation, in every frame), so only the click can give it back.
    expect(
      await page.evaluate(() => {
        const input = document.createElement('input')
        input.hidden = true
        document.body.append(input)
        try {
          input.showPicker()
        } catch {}
        input.remove()
        return navigator.userActivation.isActive
      }),
    ).toBe(false)
    const popup = context.waitForEvent('page')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    const tab = await popup
    await tab.waitForLoadState()
    expect(tab.url()).toBe(`${PANEL}/e2e/fixtures/host.css`)
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    expect(page.url()).toContain('/e2e/fixtures/host.html')
  })

  test('a domain or protocol-relative path is refused with INVALID_ARGUMENT', async ({ page }) => {
    const frame = await initializedWidget(page)
    for (const path of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(await start(frame, 'redirect.dispatch', { path })).toMatchObject({
        ok: false,
        code: 'INVALID_ARGUMENT',
        field: 'path',
      })
    }
    expect(await page.evaluate(() => window.navigations)).toEqual([])
  })

  test('a path a server may normalise to the sign-in page is refused, and the tab stays', async ({
    page,
  }) => {
    // The real navigation: without the check the panel tab would go to the path as written,
    // which a Tomcat- or Jetty-served panel reads as /signin.
    const frame = await initializedWidget(page, 'realNavigate')
    const panelUrl = page.url()
    const query = 'app_key=evil&scope=provider.profile.read&state=cccccccccccccccc'
    for (const [path, rule] of [
      [`/panel/..;/signin?${query}&return=/phish.html`, '"." or ".." segment'],
      ['/signin%3Bx', '";" in a path segment'],
      ['/%2573ignin', '"%25"'],
      ['/signin%20', 'platform’s own routes'],
      ['/signin~', 'platform’s own routes'],
    ]) {
      expect(await start(frame, 'redirect.dispatch', { path })).toMatchObject({
        ok: false,
        code: 'INVALID_ARGUMENT',
        field: 'path',
        message: expect.stringContaining(rule!),
      })
    }
    expect(page.url()).toBe(panelUrl)
  })

  test('in the wrong context it does nothing and resolves', async ({ page }) => {
    const frame = await initializedWidget(page, 'context=booking-flow')
    const warnings: string[] = []
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
    expect(await start(frame, 'redirect.dispatch', { path: '/appointments' })).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await page.evaluate(() => window.navigations)).toEqual([])
    await expect
      .poll(() => warnings.join('\n'))
      .toContain('redirect has no effect in the booking-flow context')
  })
})

test.describe('flow.dispatch', () => {
  for (const flowKey of ['BOOKING.RECEIPT', 'BOOKING.ONLINE_VISIT_CHANNEL']) {
    test(`${flowKey} moves the patient on through the page's handler`, async ({ page }) => {
      const frame = await initializedWidget(page, 'context=booking-flow')
      expect(await start(frame, 'flow.dispatch', flowKey)).toEqual({ ok: true, value: undefined })
      expect(await page.evaluate(() => window.flows)).toEqual([{ flowKey }])
    })
  }

  test('an unknown flow key is refused with INVALID_ARGUMENT', async ({ page }) => {
    const frame = await initializedWidget(page, 'context=booking-flow')
    expect(await start(frame, 'flow.dispatch', 'BOOKING.PAY')).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'flowKey',
    })
    expect(await page.evaluate(() => window.flows)).toEqual([])
  })

  test('in the wrong context it does nothing and resolves', async ({ page }) => {
    const frame = await initializedWidget(page, 'context=doctor-panel')
    expect(await start(frame, 'flow.dispatch', 'BOOKING.RECEIPT')).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await page.evaluate(() => window.flows)).toEqual([])
  })
})
