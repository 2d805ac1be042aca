// Shared by the control webhook tests and the dev command's tests: the real emulator app
// (`createEmulator`, with its Host check, browser refusal and body limit) over the fixture
// widgets, its webhooks delivered by the test's own `fetch`. Not a test file itself.

import type { AppConfig } from '../../shared/config-types.js'
import type { MemoryBudget } from '../memory-budget.js'
import { apps as fixtureApps, fixtures, testEmulator } from '../test-harness.js'
import type { WebhookOptions } from '../webhooks.js'

export { fixtures }
/** The routers' test widgets (their secrets the tests' own), with webhook URLs on this machine. */
export const apps: AppConfig[] = fixtureApps.map((app) => ({
  ...app,
  webhook_url: `http://localhost:4401/api/webhooks/${app.app_key}`,
}))

/**
 * An emulator as the dev command makes one. `webhooks.fetch` is required: without it a test
 * would POST to the URLs above, a developer's running demo.
 */
export function controlTestApp(options: {
  apps?: AppConfig[]
  webhooks: Omit<WebhookOptions, 'budget'> & Required<Pick<WebhookOptions, 'fetch'>>
  /** What the emulator and its sandboxes may keep (default: a budget of its own). */
  budget?: MemoryBudget
}) {
  const emulator = testEmulator({
    apps: options.apps ?? apps,
    // Read at each call, so that a test's fake Date moves it.
    now: () => Date.now(),
    webhooks: options.webhooks,
    ...(options.budget ? { budget: options.budget } : {}),
  })
  return { app: emulator.app, emulator, webhooks: { stop: () => emulator.stop() } }
}
