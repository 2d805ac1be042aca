// Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright's Firefox is its own build,
// which cannot drive a distribution's Firefox). puppeteer-core is imported only when Firefox runs.
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core'
import { behindPage, type Driver, enginePaths, logBook, type Target } from './driver.js'

/**
 * Puppeteer's Firefox profile (`@puppeteer/browsers`, `defaultProfilePreferences`) sets one pref
 * that changes what a page may do: `dom.disable_open_during_load: false`, the popup blocker off.
 * It is set back to Firefox's default here. Its other page-facing prefs are Firefox 153's
 * defaults already (`privacy.trackingprotection.enabled: false`,
 * `network.cookie.sameSite.laxByDefault: false`), or inert: Firefox 153 no longer reads
 * `browser.contentblocking.features.standard` (puppeteer's `cookieBehavior0`), so cookies keep
 * the default behaviour 5, Total Cookie Protection (the storage journey measures it). Kept on
 * purpose: `fission.webContentIsolationStrategy: 0` (puppeteer forces one content process, to
 * dispatch mouse events into cross-origin frames) and `focusmanager.testmode` (the headless
 * window has no system focus; a doctor's window, which they type in, has). DEVELOPERS.md
 * (Browsers) lists the rest: updates, telemetry, first-run pages and the browser's own dialogs.
 */
export const FIREFOX_DEFAULTS_RESTORED = { 'dom.disable_open_during_load': true }

export async function launchFirefox(
  executablePath = enginePaths().firefox,
): Promise<PuppeteerBrowser> {
  const puppeteer = (await import('puppeteer-core')).default
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    defaultViewport: { width: 1280, height: 720 },
    extraPrefsFirefox: FIREFOX_DEFAULTS_RESTORED,
  })
}

/** The page's frame, or the frame of the iframe `target` selects in it. */
export async function puppeteerFrame(page: PuppeteerPage, target: Target) {
  if (target === 'top') return page.mainFrame()
  const frame = await (await page.$(target))?.contentFrame()
  if (!frame) throw new Error(`no frame ${target}`)
  return frame
}

/** A driver on `page`; closing it runs `close` (the page's context, for the journeys). */
export function puppeteerDriver(page: PuppeteerPage, close: () => Promise<void>): Driver {
  const book = logBook()
  page.on('console', (message) => book.add(message.type(), message.text()))
  page.on('pageerror', (error) => book.add('pageerror', String(error)))
  return {
    engine: 'firefox',
    logs: book.take,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: async (target, fn, arg) =>
      (await puppeteerFrame(page, target)).evaluate(
        fn as (a: unknown) => unknown,
        arg as unknown,
      ) as never,
    click: (x, y) => page.mouse.click(x, y),
    press: async (key) => {
      if (key === 'Shift+Tab') {
        await page.keyboard.down('Shift')
        await page.keyboard.press('Tab')
        await page.keyboard.up('Shift')
      } else await page.keyboard.press(key)
    },
    openBehind: async (url) => {
      const behind = await page.browserContext().newPage()
      await page.bringToFront()
      return behindPage(behind, url)
    },
    close,
  }
}

/** A driver on a new page in a new context of `browser` (its own cookies and storage). */
export async function firefoxDriver(browser: PuppeteerBrowser): Promise<Driver> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  return puppeteerDriver(page, () => context.close())
}
