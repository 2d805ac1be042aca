// A demo of its own for specs that change the emulator's state (consent, SMS activation) while
// demo.spec.ts walks its journey on the shared one: each worker starts one, on ports it finds free.
import { createServer } from 'node:net'
import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'

/** A port nothing listens on right now, on the address the demo binds. */
export function freePort(): Promise<number> {
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
      // Secrets in memory: a demo of its own writes no file beside the shared one.
      const demo = await startDemo({
        ports: { panel, widgets, emulator },
        apps: [],
        secrets: memorySecretStore(),
      })
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

/** A widget's frame, once the widget has initialized and rendered, and its frame has its size. */
export async function widget(page: Page, app_key: string): Promise<FrameLocator> {
  const frame = page.frameLocator(`iframe[data-app-key="${app_key}"]`)
  await expect(frame.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
  await settled(page, app_key)
  return frame
}

/**
 * Waits until the widget's frame is shown and as tall as the widget's page. The widget reports
 * its height and the host applies it at the next animation frame, so the frame lags its page:
 * seen, a widget ready while its frame was still at its first 150 px, and frames growing by
 * 30–60 px some 40 ms after the widget showed a result. A click is aimed at page coordinates
 * taken before it is sent; a frame that grows (and so scrolls its page back to the top) in
 * between can take the click away from the button.
 */
export async function settled(page: Page, app_key: string): Promise<void> {
  const iframe = page.locator(`iframe[data-app-key="${app_key}"]`)
  const frame = await (await iframe.elementHandle())?.contentFrame()
  if (!frame) throw new Error(`no frame for ${app_key}`)
  // Chromium does not render a cross-origin frame outside the viewport, so a widget below the
  // fold (the doctor profile on a phone) measures and reports its height only once it is seen.
  await iframe.scrollIntoViewIfNeeded()
  await expect
    .poll(
      async () => {
        const height = await frame.evaluate(() =>
          Math.ceil(document.documentElement.getBoundingClientRect().height),
        )
        const shown = await iframe.evaluate((f) =>
          f.style.display === 'none' ? '' : f.style.height,
        )
        return shown === `${height}px`
      },
      { message: `the frame of ${app_key} takes the height of its page`, timeout: 10_000 },
    )
    .toBe(true)
}

/** The host's open dialog of `kind`, once it is open and its opening animation has ended. */
export async function openDialog(page: Page, kind: string): Promise<Locator> {
  const dialog = page.locator(`dialog[data-kind="${kind}"]`)
  // A widget's backend round trip (the sample widgets create an order first) comes before the
  // dialog: on a loaded 2-core machine it has taken more than the 5 s default.
  try {
    await expect(dialog).toBeVisible({ timeout: 15_000 })
  } catch (error) {
    // Say why it did not come: what each widget shows in its status lines, and the frames' state.
    throw new Error(`${(error as Error).message}\n${await whyNoDialog(page)}`, { cause: error })
  }
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  return dialog
}

/** The widgets' status lines and the host's frames, for a dialog that did not open. */
async function whyNoDialog(page: Page): Promise<string> {
  const lines = [
    `frames: ${await page.evaluate(() =>
      JSON.stringify(
        [...document.querySelectorAll('iframe')].map((f) => ({
          display: f.style.display,
          inert: f.inert,
          height: Math.round(f.getBoundingClientRect().height),
        })),
      ),
    )}`,
    `dialogs: ${await page.evaluate(() =>
      [...document.querySelectorAll('[data-platform-dialogs]')]
        .flatMap((c) => [...(c.shadowRoot?.querySelectorAll('dialog') ?? [])])
        .map((d) => `${d.dataset.kind} open=${d.open}`)
        .join(', '),
    )}`,
  ]
  for (const frame of page.frames().slice(1)) {
    const status = await frame
      .evaluate(() =>
        [...document.querySelectorAll('[role="status"], [id$="-status"], button:disabled')].map(
          (el) =>
            `${el.id || el.tagName}${(el as HTMLButtonElement).disabled ? '[disabled]' : ''}: ${el.textContent?.trim()}`,
        ),
      )
      .catch((e: Error) => [`(unreadable: ${e.message})`])
    lines.push(`${frame.url()}: ${status.join(' | ')}`)
  }
  return lines.join('\n')
}

/** Clicks the dialog's confirm button and waits for the dialog to close. */
export async function confirm(dialog: Locator): Promise<void> {
  await dialog.locator('[data-action="confirm"]').click()
  await expect(dialog).toHaveCount(0)
}
