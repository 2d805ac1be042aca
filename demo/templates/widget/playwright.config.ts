// `npm run test:e2e`: e2e/*.e2e.ts in a browser, against the dev platform that `npm run dev`
// starts (or the one already running: reused). Chromium by default: Playwright's own (once
// `npx playwright install chromium`), or yours with CHROMIUM_PATH=/usr/bin/chromium.
// BROWSER=firefox or webkit picks Playwright's builds of those.
import { defineConfig } from '@playwright/test'
import config from './platform.config.json' with { type: 'json' }

const browserName = (process.env.BROWSER ?? 'chromium') as 'chromium' | 'firefox' | 'webkit'
const executablePath = browserName === 'chromium' ? process.env.CHROMIUM_PATH : undefined

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
