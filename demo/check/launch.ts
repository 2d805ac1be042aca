// Starts the engine `check` was asked for, or says why it cannot run here and how to get it.
// Apart from browser.ts, whose interface each engine's page module implements: this imports
// those modules (when asked for), they import the interface.
import { missing } from '../engines/driver.js'
import type { Engine, Launched } from './browser.js'

/** How to get each engine, for a report that could not find it. */
export const INSTALL: Record<Engine, string> = {
  chromium:
    'npm install -D @playwright/test, then apt install chromium or npx playwright install chromium',
  firefox: 'apt install firefox-esr (or set FIREFOX_PATH), and npm install -D puppeteer-core',
  webkit:
    'apt install webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb (or set WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH)',
}

const PACKAGES: Record<Engine, string | undefined> = {
  chromium: '@playwright/test',
  firefox: 'puppeteer-core',
  webkit: undefined,
}

/** Launches `engine` headless, or says why it cannot run here and how to get it. */
export async function launch(
  engine: Engine,
  env: Record<string, string | undefined>,
): Promise<Launched> {
  const absent = missing(engine, env)
  if (absent) return { engine, skipped: `${absent}; to run it: ${INSTALL[engine]}` }
  const module = PACKAGES[engine]
  if (module) {
    try {
      await import(module)
    } catch {
      return { engine, skipped: `${module} is not installed: npm install -D ${module}` }
    }
  }
  try {
    const start =
      engine === 'chromium'
        ? (await import('./page-chromium.js')).launchChromium
        : engine === 'firefox'
          ? (await import('./page-firefox.js')).launchFirefoxPages
          : (await import('./page-webkit.js')).launchWebKitPages
    return { engine, browser: await start(env) }
  } catch (error) {
    return {
      engine,
      skipped: `${engine} did not start: ${(error as Error).message.split('\n')[0]}; ${INSTALL[engine]}`,
    }
  }
}
