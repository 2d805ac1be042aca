// Phones, with touch: the demo pages and all six host dialogs fit the screen's width, nothing
// scrolls sideways, and every control is a touch target of at least 44×44 CSS px.
import type { Locator, Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { expect, test } from './axe'
import { clickInWidget, confirm, openDialog, widget } from './demo-helpers'
import { initializedWidget, start } from './helpers'
import { open, resetDemo } from './own-demo'

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]
const TOUCH = 44
/** What a person taps on the panel page and in a dialog. */
const CONTROLS = 'a[href], button, input:not([type=radio]):not([type=checkbox]), select, label.opt'

interface Box {
  what: string
  x: number
  y: number
  width: number
  height: number
}

/**
 * The page is as wide as the phone: with `isMobile`, a page wider than its viewport widens the
 * layout viewport (and the phone zooms out), so `innerWidth` is checked as well as `scrollWidth`.
 */
async function expectFitsWidth(page: Page, width: number): Promise<void> {
  const m = await page.evaluate(() => ({
    inner: innerWidth,
    scroll: document.documentElement.scrollWidth,
    scale: visualViewport?.scale ?? 1,
  }))
  expect(m).toEqual({ inner: width, scroll: m.scroll, scale: 1 })
  expect(m.scroll).toBeLessThanOrEqual(width)
}

/** Boxes of visible elements matching `selector` in the page and in open shadow roots. */
function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.evaluate((sel) => {
    const all: Element[] = []
    const collect = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll(sel)) all.push(el)
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collect(el.shadowRoot)
    }
    collect(document)
    const out: Box[] = []
    for (const el of all) {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      // Screen-reader-only text is clipped to nothing; hidden elements have no box.
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden') continue
      if (style.clipPath === 'inset(50%)') continue
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
      out.push({
        what: `${el.tagName.toLowerCase()}.${el.className} "${label}"`,
        x: r.left,
        y: r.top,
        width: r.width,
        height: r.height,
      })
    }
    return out
  }, selector)
}

/** Every visible element of the panel page (and of its dialogs) lies within the screen's width. */
async function expectNothingCutOff(page: Page, width: number): Promise<void> {
  const outside = (await boxes(page, 'body *')).filter(
    (b) => b.x < -0.5 || b.x + b.width > width + 0.5,
  )
  expect(outside).toEqual([])
}

/**
 * Each sample widget's page fits its frame (no sideways scrolling inside the iframe either), and
 * its controls are 44×44 touch targets too.
 */
async function expectWidgetsFit(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue
    const m = await frame.evaluate((sel) => {
      const small: string[] = []
      for (const el of document.querySelectorAll(sel)) {
        const r = el.getBoundingClientRect()
        if (r.width === 0 && r.height === 0) continue
        if (r.width < 43.5 || r.height < 43.5) {
          small.push(`${el.tagName.toLowerCase()}#${el.id} ${r.width}×${r.height}`)
        }
      }
      return {
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        small,
      }
    }, `${CONTROLS}, .options label`)
    expect(m.scroll, frame.url()).toBeLessThanOrEqual(m.client)
    expect(m.small, frame.url()).toEqual([])
  }
}

/** axe finds nothing in the phone layout either (the folded sidebar, the compact steps). */
async function expectNoAxeViolations(
  scan: (page: Page) => Promise<AxeResults>,
  page: Page,
): Promise<void> {
  const { violations } = await scan(page)
  expect(violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual(
    [],
  )
}

/** Every control on the panel page, and in an open dialog, is at least 44×44 CSS px. */
async function expectTouchTargets(page: Page): Promise<void> {
  const found = await boxes(page, CONTROLS)
  expect(found.length).toBeGreaterThan(0)
  expect(found.filter((b) => b.width < TOUCH - 0.5 || b.height < TOUCH - 0.5)).toEqual([])
}

/** The dialog lies inside the screen, and its buttons are in reach, 44×44 at least. */
async function expectDialogFits(
  page: Page,
  dialog: Locator,
  size: { width: number; height: number },
) {
  await expectFitsWidth(page, size.width)
  const box = await dialog.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width)
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height)
  for (const action of ['close', 'cancel', 'confirm']) {
    const button = dialog.locator(`[data-action="${action}"]`)
    await expect(button).toBeInViewport({ ratio: 1 })
    const b = (await button.boundingBox())!
    expect(b.width, action).toBeGreaterThanOrEqual(TOUCH)
    expect(b.height, action).toBeGreaterThanOrEqual(TOUCH)
  }
  const controls = await dialog.locator('label.opt, input[type=number]').all()
  for (const control of controls) {
    const b = (await control.boundingBox())!
    expect(b.height).toBeGreaterThanOrEqual(TOUCH)
    expect(b.x + b.width).toBeLessThanOrEqual(size.width)
  }
  await expectNothingCutOff(page, size.width)
}

test.describe('desktop 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the doctor panel shows its sidebar links and no menu button', async ({ page, demo }) => {
    await open(page, demo, '/panel?lang=en')
    await expect(page.locator('#panel-nav')).toBeVisible()
    await expect(page.locator('.menu-button')).toBeHidden()
  })
})

for (const size of PHONES) {
  test.describe(`phone ${size.width}×${size.height}`, () => {
    test.use({ viewport: size, isMobile: true, hasTouch: true })

    for (const lang of ['fa', 'en'] as const) {
      for (const path of ['/booking', '/booking/receipt', '/booking/online-visit', '/profile']) {
        test(`${path} (${lang}) fits the width, with 44 px touch targets`, async ({
          page,
          demo,
          scan,
        }) => {
          await open(page, demo, `${path}?lang=${lang}`)
          for (const frame of await page.locator('iframe[data-app-key]').all()) {
            await widget(page, (await frame.getAttribute('data-app-key'))!)
          }
          await expectFitsWidth(page, size.width)
          await expectNothingCutOff(page, size.width)
          await expectWidgetsFit(page)
          await expectTouchTargets(page)
          await expectNoAxeViolations(scan, page)
        })
      }

      test(`the doctor panel (${lang}) collapses its sidebar behind a menu button`, async ({
        page,
        demo,
        scan,
      }) => {
        await open(page, demo, `/panel?lang=${lang}`)
        await widget(page, 'demo-doctor')
        const nav = page.locator('#panel-nav')
        const menu = page.locator('.menu-button')
        await expect(nav).toBeHidden()
        await expect(menu).toHaveAttribute('aria-expanded', 'false')
        await expectFitsWidth(page, size.width)
        await expectNothingCutOff(page, size.width)
        await expectWidgetsFit(page)
        await expectTouchTargets(page)
        // The doctor's name is whole, on one line per word group, inside the header.
        const name = page.locator('.topbar .who strong')
        const nameBox = (await name.boundingBox())!
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
        expect(nameBox.x).toBeGreaterThanOrEqual(0)
        expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(size.width)

        await menu.tap()
        await expect(menu).toHaveAttribute('aria-expanded', 'true')
        await expect(nav).toBeVisible()
        await expect(nav.getByRole('link')).toHaveCount(7)
        await expectTouchTargets(page)
        await expectNoAxeViolations(scan, page)
        await menu.tap()
        await expect(nav).toBeHidden()
      })
    }

    test('consent, payment, SMS activation and top-up dialogs fit, in fa and en', async ({
      page,
      demo,
    }) => {
      // Eight dialogs in a row, each shown 500 ms after the last closed and confirmable 500 ms
      // after it shows (the host's intent delay): about 15 s on this machine alone.
      test.setTimeout(45_000)
      for (const lang of ['fa', 'en'] as const) {
        await resetDemo(demo)
        await open(page, demo, `/panel?lang=${lang}`)
        const frame = await widget(page, 'demo-doctor')
        const status = frame.locator('#sms-status')
        const steps: [string, string, () => Promise<void>][] = [
          ['#connect', 'consent', () => expect(frame.locator('#profile dd').first()).toBeVisible()],
          [
            '#buy',
            'payment',
            () => expect(frame.locator('#pro-result')).toHaveAttribute('data-state', 'ok'),
          ],
          ['#sms-activate', 'sms-activate', () => expect(status).toContainText('—')],
          ['#sms-charge', 'sms-charge', () => expect(status).toContainText(/100|۱۰۰/)],
        ]
        for (const [button, kind, done] of steps) {
          await clickInWidget(page, 'demo-doctor', button, { tap: true })
          const dialog = await openDialog(page, kind)
          await expectDialogFits(page, dialog, size)
          await confirm(dialog)
          await done()
        }
      }
    })

    test('the doctor-service dialog on the doctor profile fits, in fa and en', async ({
      page,
      demo,
    }) => {
      for (const lang of ['fa', 'en'] as const) {
        await open(page, demo, `/profile?lang=${lang}`)
        await widget(page, 'demo-profile')
        await clickInWidget(page, 'demo-profile', '#pay', { tap: true })
        const dialog = await openDialog(page, 'doctor-service')
        await expectDialogFits(page, dialog, size)
        await dialog.locator('[data-action="cancel"]').tap()
        await expect(dialog).toHaveCount(0)
      }
    })

    test('the subscribe dialog, with its plan choice, fits (test panel)', async ({ page }) => {
      for (const lang of ['fa', 'en'] as const) {
        const frame = await initializedWidget(page, `locale=${lang}`)
        const subscribe = start(frame, 'payment.subscribe')
        const dialog = await openDialog(page, 'subscribe')
        await expect(dialog.locator('label.opt')).toHaveCount(2)
        await expectDialogFits(page, dialog, size)
        await dialog.locator('[data-action="close"]').tap()
        expect(await subscribe).toMatchObject({
          ok: true,
          value: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL' },
        })
      }
    })
  })
}
