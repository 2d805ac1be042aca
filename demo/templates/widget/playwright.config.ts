// `npm run test:e2e`: e2e/*.e2e.ts in a browser, against the dev platform that `npm run dev`
// starts (or the one already running: reused). Chromium by default, found with no download:
// CHROMIUM_PATH when set, else Debian's /usr/bin/chromium, else Playwright's own (once
// `npx playwright install chromium`). BROWSER=firefox or webkit picks Playwright's builds of those.
import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import config from './platform.config.json' with { type: 'json' }

const browserName = (process.env.BROWSER ?? 'chromium') as 'chromium' | 'firefox' | 'webkit'

/** The Chromium to drive: yours, the system's, or undefined for Playwright's own. */
function chromium(): string | undefined {
  const given = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (given) return given
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}
const executablePath = browserName === 'chromium' ? chromium() : undefined

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  // One dev platform for the run: its panel, emulator and your servers, on the config's ports.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  use: {
    browserName,
    ...(executablePath ? { launchOptions: { executablePath } } : {}),
  },
  webServer: {
    command: 'npm run dev',
    // Ready once your page answers: npm run dev starts it last.
    url: config.apps[0]!.url,
    reuseExistingServer: true,
    timeout: 120_000,
  },
})
