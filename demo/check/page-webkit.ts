// WebKitGTK for `check`, through WebDriver classic (demo/engines/webkit.ts): one MiniBrowser
// window, loads one after another. Classic WebDriver has no events and no script before the
// page's own: the probe, the console, the network and uncaught errors are all unseen (`blind`),
// so the checks that need them are "not checked in webkit". What it reads, it reads after load.
import { enginePaths } from '../engines/driver.js'
import { startWebKit, webkitDriver } from '../engines/webkit.js'
import type { CheckBrowser, CheckPage } from './browser.js'

export async function launchWebKitPages(
  env: Record<string, string | undefined>,
): Promise<CheckBrowser> {
  const paths = enginePaths(env)
  const service = await startWebKit(paths)
  try {
    const driver = await webkitDriver(service, () => {}, paths)
    return {
      engine: 'webkit',
      blind: ['calls', 'console', 'network', 'errors'],
      atOnce: 1,
      async newPage() {
        await driver.resize(1280, 800)
        const page: CheckPage = {
          seen: { requests: [], console: [], pageErrors: [], sources: [], failed: [] },
          goto: (url) => driver.goto(url),
          evaluate: (target, fn, arg) => driver.evaluate(target, fn, arg),
          run: async (target, source) =>
            void (await driver.execute(target, `${source}\n;return null`)),
          frameUrl: (target) =>
            driver.evaluate(target, () => location.href, undefined).catch(() => ''),
          resize: (width, height) => driver.resize(width, height),
          // The one window stays for the next load: a new session costs a MiniBrowser start.
          close: () => driver.goto('about:blank'),
        }
        return page
      },
      async close() {
        await driver.close().catch(() => {})
        await service.stop()
      },
    }
  } catch (error) {
    await service.stop()
    throw error
  }
}
