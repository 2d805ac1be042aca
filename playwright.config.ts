import { defineConfig } from '@playwright/test'
import type { PanelWorkerOptions } from './demo/playwright/index'
import { chromiumLaunchOptions } from './e2e/browser'
import type { Engine } from './e2e/engines/driver'

const base = Number(process.env.E2E_PORT ?? 4301)
// The local demo (`npm start`) on its own five ports: the panel at demoBase, the emulator at + 2,
// the sample widgets at + 1, + 3 and + 4 (an origin each).
const demoBase = Number(process.env.DEMO_E2E_PORT ?? 5301)
// The Playwright fixture's own dev platform, started by its worker: the panel at demoBase + 10.
const fixtureBase = demoBase + 10

export default defineConfig<
  { engine: Engine },
  Pick<PanelWorkerOptions, 'platformConfig' | 'platformPort'>
>({
  testDir: 'e2e',
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./e2e/engines/count-reporter.ts']],
  // A hang guard, not a speed check: under a loaded 2-core machine (load 14–17, helpers and a CPU
  // hog beside the suite) axe scans and WebKit's WebDriver round trips took 20–24 s per test.
  timeout: 45_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${base}`,
    browserName: 'chromium',
    // Chromium as a doctor has it: popup blocker and storage partitioning on (e2e/browser.ts).
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // The Chromium suite, driven by Playwright.
    { name: 'chromium', testMatch: '*.spec.ts' },
    // The core journeys (e2e/engines) on each engine, through an engine-neutral driver.
    ...(['chromium', 'firefox', 'webkit'] as const).map((engine) => ({
      name: `engines:${engine}`,
      testMatch: 'engines/*.journeys.ts',
      use: { engine },
    })),
    // The Playwright fixture's own tests (platform-widget-dev/playwright) on the sample widgets,
    // in Chromium: Playwright drives only its own Firefox and WebKit builds (DEVELOPERS.md,
    // Browsers). One worker, which starts the dev platform at fixtureBase for all its files.
    {
      name: 'fixture',
      testDir: 'demo/playwright/tests',
      testMatch: '*.spec.ts',
      workers: 1,
      use: {
        platformConfig: 'demo/playwright/tests/platform.config.json',
        platformPort: fixtureBase,
      },
    },
    // The example panel (examples/panel) against the dev platform, which its worker starts with
    // the example's Vite server (examples/panel/tests/servers.ts). One worker: one start.
    { name: 'example', testDir: 'examples/panel/tests', testMatch: '*.spec.ts', workers: 1 },
  ],
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${base}/package.json`,
      reuseExistingServer: !process.env.CI,
      env: { E2E_PORT: String(base) },
    },
    {
      // Not `npm start`: `npm test` has built the SDK already, and demo/start.ts never builds.
      command: `npx tsx demo/start.ts --port ${demoBase}`,
      url: `http://127.0.0.1:${demoBase}/healthz`,
      reuseExistingServer: !process.env.CI,
      env: { DEMO_E2E_PORT: String(demoBase) },
    },
  ],
})
