import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/browser'

const base = Number(process.env.E2E_PORT ?? 4301)

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 20_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${base}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${base}/package.json`,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(base) },
  },
})
