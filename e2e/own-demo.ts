// A demo of its own for specs that change the emulator's state (consent, SMS activation) while
// demo.spec.ts walks its journey on the shared one: each worker starts one, on ports it finds free.
// The helpers that drive a demo page (widget, settled, openDialog, confirm, clickInWidget) are
// the shared ones, in demo-helpers.ts.
import { test as base, expect, type Page } from '@playwright/test'
import { freePort } from '../demo/lib/free-port'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'
import { openDemo } from './demo-helpers'

/** `test` with a worker-scoped `demo`: the demo panel, sample widgets and emulator on free ports. */
export const test = base.extend<object, { demo: Demo }>({
  demo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments
    async ({}, use) => {
      const [panel, emulator, ...widgets] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ]
      // Secrets in memory: a demo of its own writes no file beside the shared one.
      const demo = await startDemo({
        ports: { panel, widgets, emulator },
        apps: [],
        secrets: memorySecretStore(),
      })
      await use(demo)
      await demo.close()
    },
    // Its own budget, not the worker's first test's (an axe scan that took 40–44 s at load 20).
    { scope: 'worker', timeout: 60_000 },
  ],
})
export { expect }

/** Back to the fixtures' state: consent not given, SMS off. */
export async function resetDemo(demo: Demo): Promise<void> {
  const res = await fetch(`${demo.origins.emulator}/internal/reset`, {
    method: 'POST',
    // The internal endpoints answer the panel only.
    headers: { origin: demo.origins.panel },
  })
  expect(res.status).toBe(200)
}

/** Opens a page of this worker's demo and waits until its script has rendered it. */
export function open(page: Page, demo: Demo, path: string): Promise<void> {
  return openDemo(page, path, demo.origins.panel)
}
