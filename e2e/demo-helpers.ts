import { readFileSync } from 'node:fs'
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { portsFrom, sampleOrigins } from '../demo/lib/config'

const ports = portsFrom(Number(process.env.DEMO_E2E_PORT ?? 5301))

/** The demo's origins, as `playwright.config.ts` starts it (`--port DEMO_E2E_PORT`). */
export const DEMO = {
  panel: `http://127.0.0.1:${ports.panel}`,
  /** Each sample widget's origin (and its backend's), by app_key: a port each. */
  widgets: sampleOrigins(ports),
  emulator: `http://127.0.0.1:${ports.emulator}`,
}

/**
 * Developer keys are made for each installation and kept in `.platform-dev/secrets.json` in the
 * directory the demo started in (the repository: `playwright.config.ts` starts it there), and in
 * the widgets' backends; never in a page, never in the package. Read when asked: the demo writes
 * the file before it listens.
 */
export function developerKey(app_key: string): string {
  const file = new URL('../.platform-dev/secrets.json', import.meta.url)
  const { apps } = JSON.parse(readFileSync(file, 'utf8')) as {
    apps: Record<string, { developer_key: string }>
  }
  const app = apps[app_key]
  if (!app) throw new Error(`no secrets for ${app_key} in ${file.pathname}`)
  return app.developer_key
}

/**
 * Calls the emulator from Node, as a widget backend would (no Origin header, no CORS). The
 * `/internal/*` endpoints answer the panel only, so those calls carry the panel's Origin.
 */
export async function emulator(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (path.startsWith('/internal/') && !headers.has('origin')) headers.set('origin', DEMO.panel)
  const res = await fetch(`${DEMO.emulator}${path}`, { ...init, headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** Opens a demo page and waits until its script has rendered it. */
export async function openDemo(page: Page, path: string): Promise<void> {
  await page.goto(`${DEMO.panel}${path}`)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1)
}

/** A widget's frame, once the widget has initialized and rendered. */
export async function widget(page: Page, app_key: string): Promise<FrameLocator> {
  const frame = page.frameLocator(`iframe[data-app-key="${app_key}"]`)
  await expect(frame.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
  return frame
}

/** The host's open dialog of `kind` (consent, payment, doctor-service, sms-activate, sms-charge). */
export function dialog(page: Page, kind: string): Locator {
  return page.locator(`dialog[data-kind="${kind}"]`)
}

/**
 * Clicks the dialog's confirm button and waits for the dialog to close. The host ignores a click
 * before its intent delay has passed, and again for 500 ms after the dialog moved or the page lost
 * focus (a widget resizing behind the dialog can move it), as it would a user's: then the button
 * says it is not active yet, and this clicks again once it is. A click the host took makes the
 * dialog busy, then closes it; it is never repeated.
 */
export async function confirm(page: Page, kind: string): Promise<void> {
  const open = dialog(page, kind)
  const button = open.locator('[data-action="confirm"]')
  await expect(open).toBeVisible()
  await expect(async () => {
    if ((await open.count()) > 0 && (await open.getAttribute('aria-busy')) !== 'true') {
      await expect(button).not.toHaveAttribute('aria-disabled', 'true')
      await button.click({ timeout: 2_000 })
    }
    await expect(open).toHaveCount(0, { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}
