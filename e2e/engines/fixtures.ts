import { type Browser, test as base, chromium } from '@playwright/test'
import type { Browser as PuppeteerBrowser } from 'puppeteer-core'
import { chromiumLaunchOptions } from '../browser'
import {
  type Driver,
  type Engine,
  firefoxDriver,
  launchFirefox,
  missing,
  playwrightDriver,
  startWebKit,
  type WebKitService,
  webkitDriver,
} from './driver'

/**
 * `test` for the cross-engine journeys: each Playwright project sets `engine`, and `driver` is a
 * fresh page (Chromium, Firefox) or WebDriver session (WebKit) on it. The browser (Firefox) or
 * the WebKitWebDriver and its Xvfb (WebKit) live as long as the worker.
 */
export const test = base.extend<
  { driver: Driver },
  {
    engine: Engine
    chromiumBrowser: Browser | undefined
    firefox: PuppeteerBrowser | undefined
    webkit: WebKitService | undefined
  }
>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  chromiumBrowser: [
    async ({ engine }, use) => {
      if (engine !== 'chromium') return use(undefined)
      const browser = await chromium.launch(chromiumLaunchOptions())
      await use(browser)
      await browser.close()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  firefox: [
    async ({ engine }, use) => {
      if (engine !== 'firefox' || missing('firefox')) return use(undefined)
      const browser = await launchFirefox()
      await use(browser)
      await browser.close()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  webkit: [
    async ({ engine }, use) => {
      if (engine !== 'webkit' || missing('webkit')) return use(undefined)
      const service = await startWebKit()
      await use(service)
      await service.stop()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  driver: async ({ engine, chromiumBrowser, firefox, webkit }, use, testInfo) => {
    const absent = missing(engine)
    testInfo.skip(!!absent && !process.env.CI, `${engine}: ${absent}`)
    if (absent) throw new Error(`${engine}: ${absent}`)
    // Chromium's page in a context of its own, which `openBehind` can open another page in.
    const context =
      engine === 'chromium'
        ? await chromiumBrowser!.newContext({ viewport: { width: 1280, height: 720 } })
        : undefined
    const driver = context
      ? playwrightDriver(await context.newPage(), () => context.close())
      : engine === 'firefox'
        ? await firefoxDriver(firefox!)
        : await webkitDriver(webkit!, (reason) =>
            testInfo.annotations.push({
              type: 'webkit-session-restart',
              description: `WebKitWebDriver did not start a session (${reason}): service restarted`,
            }),
          )
    await use(driver)
    await driver.close()
  },
})

export { expect } from '@playwright/test'
