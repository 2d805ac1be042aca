// A widget written for the original platform, run unchanged in the dev panel: it
// behaves as the one public third-party widget does (e2e/fixtures/original, facts from
// shared/notes/prior-art.md). Trusted input only: Playwright's mouse and keyboard.
import { test as base, type ConsoleMessage, expect, type Frame, type Page } from '@playwright/test'
import { confirm, dialog } from './demo-helpers'
import { ORIGINAL_KEY, type OriginalWorld, originalWorld } from './original-widget'

const KEY = ORIGINAL_KEY

/** A demo of its own with the original widget registered, and the widget's own server. */
const test = base.extend<object, { world: OriginalWorld }>({
  world: originalWorld,
})

const frameOf = async (page: Page): Promise<Frame> => {
  const handle = await page.locator(`iframe[data-app-key="${KEY}"]`).elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('no widget frame')
  return frame
}

/** The frame's height, and how far down the widget's content reaches (fixed screens included). */
const heights = async (page: Page) => {
  const frame = await frameOf(page)
  const content = await frame.evaluate(() => {
    const visible = [...document.querySelectorAll('main, .screen')].filter(
      (el) => !(el as HTMLElement).hidden,
    )
    // A fixed screen fills the viewport: what it needs is its content's height.
    return Math.max(
      0,
      ...visible.map((el) =>
        getComputedStyle(el).position === 'fixed'
          ? el.scrollHeight
          : Math.ceil(el.getBoundingClientRect().bottom),
      ),
    )
  })
  const { shown, floor } = await page.locator(`iframe[data-app-key="${KEY}"]`).evaluate((f) => {
    const shown = Math.round(f.getBoundingClientRect().height)
    // The panel's app pages fill the content area (`fill`): the widget scrolls inside them.
    return { shown, floor: f.style.height === '100%' ? shown : 0 }
  })
  return { content, shown, floor }
}

/**
 * Waits until the frame shows all of the widget's content, and no more than a little blank below
 * it unless that blank is the panel's floor (the content area's height).
 */
async function fits(page: Page) {
  await expect
    .poll(
      async () => {
        const { content, shown, floor } = await heights(page)
        if (floor) return shown >= 320
        return shown >= content && shown <= content + 48
      },
      { message: 'the frame follows the content', timeout: 10_000 },
    )
    .toBe(true)
}

/** Clicks an element of the widget with the mouse, once its frame has its content's height. */
async function clickInWidget(page: Page, selector: string) {
  await fits(page)
  await page.frameLocator(`iframe[data-app-key="${KEY}"]`).locator(selector).click()
}

test.beforeEach(({ world }) => world.reset())

test('an unlisted scope gets consent, and the widget reaches its settings', async ({
  page,
  world,
}) => {
  const logged: string[] = []
  const record = (m: ConsoleMessage) => {
    // The dev panel says once, as it loads, that it runs a development host (createDevHost):
    // by design, and not from mounting or the handshake.
    if (m.text().includes('development mode (createDevHost)')) return
    if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`)
  }
  page.on('console', record)
  await page.goto(`${world.demo.origins.panel}/panel/apps/${KEY}`)
  const consent = dialog(page, 'consent')
  await expect(consent).toBeVisible({ timeout: 15_000 })
  // The live platform's scope that the spec's table lacks: the dev platform knows it and shows
  // its words in the panel's language, not its raw name.
  const webhook = consent.locator('li[data-scope="provider.appointment.webhook"]')
  await expect(webhook).toHaveText(/[\u0600-\u06ff]/)
  await expect(webhook).not.toContainText('provider.appointment.webhook')
  await confirm(dialog(page, 'consent'))
  const widget = page.frameLocator(`iframe[data-app-key="${KEY}"]`)
  await expect(widget.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
  // The backend exchanged the token (a form body, x-api-key) and read the user from the JWT.
  await expect(widget.locator('#who')).toContainText('provider.appointment.webhook')
  // The rest of the original's call forms, in the dev panel: { clientKey }, a bare key, a scope
  // string with timeout and appId, and refreshProfile under both its names. The second refresh
  // waits for the next purge: one per widget per 10 s (LIMITS.profileRefresh).
  await expect
    .poll(
      async () => (await frameOf(page)).evaluate(() => document.documentElement.dataset.surface),
      { timeout: 20_000 },
    )
    .toBe('ok')
  // Asked for consent as it loaded: its frame follows the content after Allow, not 150 px.
  await fits(page)
  expect((await heights(page)).shown).toBeGreaterThan(150)
  // Nothing in the console from mounting and the handshake.
  expect(logged).toEqual([])
})

test('a body of min-height 100vh: its sections scroll inside the full-height frame', async ({
  page,
  world,
}) => {
  await page.goto(`${world.demo.origins.panel}/panel/apps/${KEY}`)
  await confirm(dialog(page, 'consent'))
  await fits(page)
  const closed = (await heights(page)).shown
  const scrolled = async () =>
    (await frameOf(page)).evaluate(() => document.documentElement.scrollHeight)
  await clickInWidget(page, '#toggle')
  // The app view is a page: the section opens inside the frame, which keeps its height.
  await expect.poll(scrolled).toBeGreaterThan(closed + 400)
  expect((await heights(page)).shown).toBe(closed)
  await clickInWidget(page, '#toggle')
  await expect.poll(scrolled).toBeLessThanOrEqual(closed + 4)
  expect((await heights(page)).shown).toBe(closed)
})

test('a fixed-position error screen is shown whole, with the message in the panel locale', async ({
  page,
  world,
}) => {
  await page.goto(`${world.demo.origins.panel}/panel/apps/${KEY}`)
  await expect(dialog(page, 'consent')).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  const widget = page.frameLocator(`iframe[data-app-key="${KEY}"]`)
  await expect(widget.locator('body[data-ready="error"]')).toHaveCount(1)
  // The host's message, in the panel's locale (Persian), shown to the doctor as the widget does.
  await expect(widget.locator('#error')).not.toContainText(/[A-Za-z]{4,}/)
  await fits(page)
  const frame = await frameOf(page)
  expect(
    await frame.evaluate(() => {
      const screen = document.getElementById('error-screen')!
      return screen.scrollHeight <= innerHeight
    }),
  ).toBe(true)
})

test('openLink opens the outside sign-in page in a new tab, with no opener', async ({
  page,
  world,
}) => {
  await page.goto(`${world.demo.origins.panel}/panel/apps/${KEY}`)
  await confirm(dialog(page, 'consent'))
  const opened = page.context().waitForEvent('page')
  await clickInWidget(page, '#connect')
  const tab = await opened
  // The host opens a blank tab, then sends it on through a noopener, noreferrer link.
  await tab.waitForURL((url) => url.origin === world.widget.origin && url.pathname === '/oauth')
  expect(await tab.evaluate(() => [window.opener === null, document.referrer])).toEqual([true, ''])
  await expect(page.frameLocator(`iframe[data-app-key="${KEY}"]`).locator('#status')).toHaveText(
    'opened',
  )
  // One tab, not the fallback's popups.
  expect(page.context().pages()).toHaveLength(2)
  await tab.close()
})

test("saving shows the widget's launcher page full-size in the panel", async ({ page, world }) => {
  await page.goto(`${world.demo.origins.panel}/panel/apps/${KEY}`)
  await confirm(dialog(page, 'consent'))
  await clickInWidget(page, '#save')
  await page.waitForURL(`${world.demo.origins.panel}/_/${KEY}/launcher/?direct=true`)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1)
  const frame = await frameOf(page)
  // The frame's first document can still be there: wait, across its navigation, for the widget
  // page's script to have run (it sets data-path), then read it.
  await frame.waitForFunction(() => document.documentElement.dataset.path !== undefined)
  // The registered launcher page (a quick app's: its URL), not a /launcher/ path it lacks.
  expect(await frame.evaluate(() => document.documentElement.dataset.path)).toBe('/')
  expect(await frame.evaluate(() => location.search)).toBe('?direct=true')
  // The frame is at least as tall as the panel's content area.
  const { frameHeight, area } = await page
    .locator(`iframe[data-app-key="${KEY}"]`)
    .evaluate((f) => ({
      frameHeight: f.getBoundingClientRect().height,
      area: innerHeight - f.getBoundingClientRect().top,
    }))
  expect(frameHeight).toBeGreaterThanOrEqual(Math.floor(area) - 1)
})

test('its top-level start page gets a session token through the platform, with consent', async ({
  page,
  world,
}) => {
  await page.goto(`${world.widget.origin}/start`)
  // No click: the tab went to the panel's sign-in page, which asks the doctor.
  await page.waitForURL((url) => url.origin === world.demo.origins.panel)
  const consent = dialog(page, 'consent')
  await expect(consent).toBeVisible({ timeout: 15_000 })
  await expect(consent.locator('li[data-scope="provider.appointment.webhook"]')).toHaveCount(1)
  await confirm(dialog(page, 'consent'))
  await page.waitForURL((url) => url.origin === world.widget.origin && url.pathname === '/done')
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1)
  await expect(page.locator('#status')).toContainText('provider.appointment.webhook')
})
