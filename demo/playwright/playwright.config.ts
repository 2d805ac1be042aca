// The Playwright fixture's own tests (`platform-widget-dev/playwright`), against the sample
// widgets: npm run test:fixture (after npm run build). One worker: the fixture starts the dev
// platform in process on the config's ports (DEMO_PORT moves them), unless one runs there.
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/browser'
import type { PanelWorkerOptions } from './index'

export default defineConfig<object, Pick<PanelWorkerOptions, 'platformConfig'>>({
  testDir: 'tests',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  outputDir: '../../test-results/fixture',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    platformConfig: new URL('tests/platform.config.json', import.meta.url).pathname,
  },
})
