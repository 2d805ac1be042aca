import AxeBuilder from '@axe-core/playwright'
import {
  type BrowserContext,
  expect,
  type Frame,
  type Page,
  type Request,
  test,
} from '@playwright/test'
import { activationGone, noGesture } from './activation'
import { clickInWidget, confirm, settled } from './demo-helpers'
import { initializedWidget, start, THIRD } from './helpers'

const OUTSIDE = `${THIRD}/e2e/fixtures/outside.html?from=widget`
const SITE = new URL(THIRD).host

/** The next tab the context opens, at the outside page, with the request that loaded it. */
function nextOutsideTab(context: BrowserContext): Promise<{ tab: Page; request: Request }> {
  const request = context.waitForEvent('request', (r) => r.url() === OUTSIDE)
  return context.waitForEvent('page').then(async (tab) => {
    await tab.waitForURL(OUTSIDE)
    await tab.waitForLoadState('load')
    return { tab, request: await request }
  })
}

/** What the opened page can learn about who opened it. */
async function expectNoOpenerNoReferrer(tab: Page, request: Request): Promise<void> {
  expect(await tab.evaluate(() => window.opener === null)).toBe(true)
  expect(await tab.evaluate(() => document.referrer)).toBe('')
  expect((await request.allHeaders()).referer).toBeUndefined()
}

/** Starts openLink in the widget without a gesture; the outcome goes to window.linkResult. */
async function openLinkWithoutGesture(context: BrowserContext, frame: Frame, url: string) {
  await noGesture(
    context,
    frame,
    `window.settle((p) => p.openLink({ url: ${JSON.stringify(url)} })).then((r) => { window.linkResult = r }), 0`,
  )
}

/** Whether the open-link dialog is open, asked without a gesture. */
const dialogOpen = (context: BrowserContext, page: Page) =>
  noGesture<boolean>(
    context,
    page,
    `!!document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog[data-kind="open-link"]')`,
  )

test('a click in the widget opens the page in a new tab at once, with no opener and no referrer', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  await frame.evaluate((url) => window.linkButton(url), OUTSIDE)
  await settled(page, 'test-widget')
  const box = await frame.locator('#open-link').boundingBox()
  if (!box) throw new Error('no button')
  // The panel has no activation left from the test's own evaluates: only the click can give it.
  await activationGone(context, page)
  const opened = nextOutsideTab(context)
  // A trusted click in the widget's frame, sent as input only (no evaluate): the activation it
  // gives the frame reaches the panel, its ancestor, and the panel opens the tab with no dialog.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const { tab, request } = await opened
  // Opening the tab used the activation up: one click, one tab without a dialog.
  expect(await noGesture(context, page, 'navigator.userActivation.isActive')).toBe(false)
  await expectNoOpenerNoReferrer(tab, request)
  await expect
    .poll(() => frame.evaluate(() => window.linkResult))
    .toEqual({
      ok: true,
      value: { opened: true },
    })
  await expect(page.locator('dialog[data-kind="open-link"]')).toHaveCount(0)
})

test('without user activation the panel asks, naming the site, and Open opens the tab', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  let tabs = 0
  context.on('page', () => tabs++)
  // No click for longer than the activation lasts: a widget's timer long after, or its page load.
  await activationGone(context, page)
  await openLinkWithoutGesture(context, frame, OUTSIDE)
  // The host decides when the call arrives; only then may the test's own evaluates run.
  await expect.poll(() => dialogOpen(context, page)).toBe(true)
  const dialog = page.locator('dialog[data-kind="open-link"]')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toHaveText('Open an outside page')
  await expect(dialog.locator('[data-site]')).toHaveText(SITE)
  await expect(dialog.locator('[data-site]')).toHaveAttribute('dir', 'ltr')
  await expect(dialog.locator('[data-from]')).toContainText('Requested by')
  expect(tabs).toBe(0)
  const opened = nextOutsideTab(context)
  await confirm(dialog)
  const { tab, request } = await opened
  await expectNoOpenerNoReferrer(tab, request)
  await expect
    .poll(() => frame.evaluate(() => window.linkResult))
    .toEqual({
      ok: true,
      value: { opened: true },
    })
  expect(tabs).toBe(1)
})

test("the doctor's click on the panel itself is not the widget's: the panel asks", async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  let tabs = 0
  context.on('page', () => tabs++)
  await activationGone(context, page)
  // A trusted click on the panel's own page, outside every widget frame: the page has activation
  // now, but not from this widget.
  expect(
    await noGesture<string>(context, page, 'document.elementFromPoint(4, 4)?.tagName ?? ""'),
  ).not.toBe('IFRAME')
  await page.mouse.click(4, 4)
  expect(await noGesture(context, page, 'navigator.userActivation.isActive')).toBe(true)
  await openLinkWithoutGesture(context, frame, OUTSIDE)
  await expect.poll(() => dialogOpen(context, page)).toBe(true)
  expect(tabs).toBe(0)
  await page
    .locator('dialog[data-kind="open-link"]')
    .getByRole('button', { name: 'Cancel' })
    .click()
  await expect
    .poll(() => frame.evaluate(() => window.linkResult))
    .toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  expect(tabs).toBe(0)
})

test('declining the dialog opens nothing and rejects with USER_CLOSED_POPUP', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  let tabs = 0
  context.on('page', () => tabs++)
  await activationGone(context, page)
  await openLinkWithoutGesture(context, frame, OUTSIDE)
  await expect.poll(() => dialogOpen(context, page)).toBe(true)
  const dialog = page.locator('dialog[data-kind="open-link"]')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect
    .poll(() => frame.evaluate(() => window.linkResult))
    .toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  expect(tabs).toBe(0)
})

test('a javascript: URL is refused with INVALID_ARGUMENT, even inside a click', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  let tabs = 0
  context.on('page', () => tabs++)
  await frame.evaluate(() => window.linkButton('javascript:alert(document.domain)'))
  await clickInWidget(page, 'test-widget', '#open-link')
  await expect
    .poll(() => frame.evaluate(() => window.linkResult))
    .toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'url',
    })
  expect(tabs).toBe(0)
  await expect(page.locator('dialog')).toHaveCount(0)
})

/** axe's WCAG 2.x A/AA rules and best practices on the host's dialogs only, as e2e/a11y.spec.ts. */
async function dialogViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .include('[data-platform-dialogs]')
    .analyze()
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${JSON.stringify(n.target)} ${n.failureSummary}`),
  )
}

for (const lang of ['fa', 'en'] as const) {
  test(`axe, ${lang}: the open-link and profile dialogs have no violations; Esc closes them`, async ({
    page,
    context,
  }) => {
    const frame = await initializedWidget(page, `locale=${lang}`)
    await activationGone(context, page)
    await openLinkWithoutGesture(context, frame, OUTSIDE)
    await expect.poll(() => dialogOpen(context, page)).toBe(true)
    const link = page.locator('dialog[data-kind="open-link"]')
    await expect(link).toHaveAttribute('lang', lang)
    expect(await dialogViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect
      .poll(() => frame.evaluate(() => window.linkResult))
      .toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })

    const added = start(frame, 'widget.addToProfile')
    const profile = page.locator('dialog[data-kind="profile-add"]')
    await expect(profile).toBeVisible()
    expect(await dialogViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await added).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  })
}
