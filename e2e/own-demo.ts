// A demo of its own for specs that change the emulator's state (consent, SMS activation) while
// demo.spec.ts walks its journey on the shared one: each worker starts one, on ports it finds free.
import { createServer } from 'node:net'
import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { type Demo, startDemo } from '../demo/start'

/** A port nothing listens on right now, on the address the demo binds. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

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
      const demo = await startDemo({ ports: { panel, widgets, emulator }, apps: [] })
      await use(demo)
      await demo.close()
    },
    { scope: 'worker' },
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

/** Opens a demo page and waits until its script has rendered it. */
export async function open(page: Page, demo: Demo, path: string): Promise<void> {
  await page.goto(`${demo.origins.panel}${path}`)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1)
}

/** A widget's frame, once the widget has initialized and rendered. */
export async function widget(page: Page, app_key: string): Promise<FrameLocator> {
  const frame = page.frameLocator(`iframe[data-app-key="${app_key}"]`)
  await expect(frame.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
  return frame
}

/** The host's open dialog of `kind`, once it is open and its opening animation has ended. */
export async function openDialog(page: Page, kind: string): Promise<Locator> {
  const dialog = page.locator(`dialog[data-kind="${kind}"]`)
  // A widget's backend round trip (the sample widgets create an order first) comes before the
  // dialog: on a loaded 2-core machine it has taken more than the 5 s default.
  await expect(dialog).toBeVisible({ timeout: 15_000 })
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  return dialog
}

/** Clicks the dialog's confirm button and waits for the dialog to close. */
export async function confirm(dialog: Locator): Promise<void> {
  await dialog.locator('[data-action="confirm"]').click()
  await expect(dialog).toHaveCount(0)
}
