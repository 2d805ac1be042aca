import { expect, type Frame, type Page, test } from '@playwright/test'
import { PANEL, type Settled, start, THIRD } from './helpers'

/**
 * Clickjacking: a site frames a panel page that forgot `frame-ancestors`, all but
 * invisible (opacity 0.0001) over a "Claim your prize" button; a hostile widget in it asks for a
 * 40,000,000 Rial doctor-service payment, and the user's clicks on the bait land on the confirm.
 * The host refuses every dialog while another origin frames its page (`PANEL_FRAMED`), and, where
 * the browser tells visibility (Chromium's Intersection Observer v2), a listed embedder's
 * invisible panel never arms its confirm.
 */

/** The frame whose URL contains `part`, once its page has loaded. */
async function frameWith(page: Page, part: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(part))).toBe(true)
  return page.frames().find((f) => f.url().includes(part))!
}

/** Opens the bait page with the test panel framed in it; returns the panel and widget frames. */
async function framedPanel(page: Page, query: string) {
  await page.goto(`${THIRD}/e2e/fixtures/clickjack.html?panel=${encodeURIComponent(query)}`)
  const panel = await frameWith(page, '/e2e/fixtures/host.html')
  await panel.waitForFunction(() => window.hostReady === true)
  const widget = await frameWith(page, '/e2e/fixtures/widget.html')
  await widget.waitForFunction(() => typeof window.settle === 'function')
  expect(await widget.evaluate(() => window.init())).toMatchObject({ ok: true })
  return { panel, widget }
}

/** Two clicks a moment apart, as a user who got no prize clicks again, at `box`'s centre. */
async function clickTwice(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.click(x, y)
  await page.mouse.click(x, y, { delay: 100 })
}

test('a panel framed invisibly by another site shows no dialog: clicks on the bait charge nothing', async ({
  page,
}) => {
  const { panel, widget } = await framedPanel(page, 'context=doctor-profile')
  const paying: Promise<Settled> = start(widget, 'payment.payForDoctorService', {
    amount: 40_000_000,
  })
  const confirm = panel.locator('[data-action=confirm]')
  // Before the defence a dialog showed here, armed after its delay, under the bait.
  const first = await Promise.race([
    paying.then(() => 'refused' as const),
    confirm.waitFor().then(() => 'dialog' as const),
  ])
  if (first === 'dialog') await expect(confirm).not.toHaveAttribute('aria-disabled', 'true')
  await clickTwice(
    page,
    (await (first === 'dialog' ? confirm : page.locator('#bait')).boundingBox())!,
  )
  expect(await paying).toMatchObject({ ok: false, code: 'PANEL_FRAMED' })
  expect(
    await panel.evaluate(() => [window.backend.charges.length, window.results.length]),
  ).toEqual([0, 0])
  await expect(panel.locator('dialog')).toHaveCount(0)
})

test('framed by a listed origin but drawn invisible, the confirm stays inactive until the panel is seen (Intersection Observer v2)', async ({
  page,
}) => {
  const { panel, widget } = await framedPanel(
    page,
    `context=doctor-profile&frameAncestor=${encodeURIComponent(THIRD)}`,
  )
  const paying: Promise<Settled> = start(widget, 'payment.payForDoctorService', {
    amount: 40_000_000,
  })
  const confirm = panel.locator('[data-action=confirm]')
  await confirm.waitFor()
  const shown = await panel.evaluate(() => Date.now())
  // The subject here is time: three times the 500 ms delay pass, and it is still inactive.
  await expect
    .poll(() => panel.evaluate((t) => Date.now() - t >= 1_500, shown), { timeout: 10_000 })
    .toBe(true)
  await expect(confirm).toHaveAttribute('aria-disabled', 'true')
  await clickTwice(page, (await confirm.boundingBox())!)
  expect(await panel.evaluate(() => window.backend.charges.length)).toBe(0)
  // The embedder shows the panel: the user sees the dialog, it arms, and a deliberate click pays.
  await page.evaluate(() => {
    document.getElementById('panel')!.style.opacity = '1'
  })
  await expect(confirm).not.toHaveAttribute('aria-disabled', 'true')
  await confirm.click()
  expect(await paying).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS', amount: 40_000_000 },
  })
  expect(
    await panel.evaluate(() => window.backend.charges.map((c: { amount: number }) => c.amount)),
  ).toEqual([41_200_000])
})

test('the same panel, top-level, shows the dialog and takes a deliberate click', async ({
  page,
}) => {
  await page.goto(`${PANEL}/e2e/fixtures/host.html?context=doctor-profile`)
  await page.waitForFunction(() => window.hostReady === true)
  const widget = await frameWith(page, '/e2e/fixtures/widget.html')
  await widget.waitForFunction(() => typeof window.settle === 'function')
  await widget.evaluate(() => window.init())
  const paying = start(widget, 'payment.payForDoctorService', { amount: 1000 })
  const confirm = page.locator('[data-action=confirm]')
  await expect(confirm).not.toHaveAttribute('aria-disabled', 'true')
  await confirm.click()
  expect(await paying).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS' },
  })
})
