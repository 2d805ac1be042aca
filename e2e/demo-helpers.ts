import { readFileSync } from 'node:fs'
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { portsFrom, sampleOrigins } from '../demo/lib/config'
import { contentHeight } from '../src/sdk/resize'

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

/**
 * Opens a demo page (of the shared demo, or of `panel`'s) and waits until its script has rendered
 * it. The page renders after its fetches from the emulator (config, users): at load 13 on this
 * 2-core machine that took over the default 5 s once, so the wait is bounded like a widget's.
 */
export async function openDemo(page: Page, path: string, panel = DEMO.panel): Promise<void> {
  await page.goto(`${panel}${path}`)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 10_000 })
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
        const shown = await iframe.evaluate((f) =>
          f.style.display === 'none' ? '' : f.style.height,
        )
        // A page shown full-height fills its area and scrolls inside: nothing to follow.
        if (shown === '100%') return true
        // The SDK's own measure, run in the widget's frame: what its last report said.
        const height = await frame
          .locator('body')
          .evaluate(contentHeight as (body: HTMLElement | SVGElement) => number)
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

/** The host's open dialog of `kind` (consent, payment, doctor-service, sms-activate, sms-charge). */
export function dialog(page: Page, kind: string): Locator {
  return page.locator(`dialog[data-kind="${kind}"]`)
}

/** What became of a dialog after a click on its confirm button. */
function afterConfirm(dialog: Locator): Promise<'closed' | 'busy' | 'failed' | 'ignored' | 'open'> {
  return dialog.evaluateAll((found) => {
    const open = found[0]
    if (!open) return 'closed'
    if (open.getAttribute('aria-busy') === 'true') return 'busy'
    if (open.hasAttribute('data-failed')) return 'failed'
    const button = open.querySelector('[data-action="confirm"]')
    return button?.getAttribute('aria-disabled') === 'true' ? 'ignored' : 'open'
  })
}

/**
 * Clicks the dialog's confirm button once the host has armed it (`aria-disabled` gone: its
 * intent delay has passed), and waits for the dialog to close. The host ignores a click before
 * the delay, and again for 500 ms after the dialog moved or the page lost focus (a widget
 * resizing behind the dialog can move it; a click that takes focus back from a widget frame
 * blurs the page), as it would a user's: then the button says it is not active yet, and this
 * clicks again once it is armed. A click the host took makes the dialog busy, then closes it; it
 * is never repeated, nor is one on a dialog that says nothing (that fails, with its state).
 * With `failing`, waits instead for the dialog to say the backend failed (it stays open).
 *
 * @example
 * await confirm(dialog(page, 'payment'))
 * await confirm(dialog(page, 'payment'), { failing: true }) // a declined payment
 */
export async function confirm(dialog: Locator, { failing = false } = {}): Promise<void> {
  const button = dialog.locator('[data-action="confirm"]')
  // Often called right after a page load: the dialog comes once the panel, the widget's page and
  // its handshake are up. A CI run with two workers saw that take over 5 s (the default): the
  // real widget's consent dialog was open, arming, when the wait ran out.
  await expect(dialog).toBeVisible({ timeout: 15_000 })
  for (let clicks = 1; ; clicks++) {
    await expect(button, 'the confirm button is armed').not.toHaveAttribute(
      'aria-disabled',
      'true',
      { timeout: 10_000 },
    )
    await button.click()
    const seen: { state?: Awaited<ReturnType<typeof afterConfirm>> } = {}
    await expect
      // A confirm can end the page (a top-level start page moves on): asked again, the next
      // page has no dialog.
      .poll(async () => (seen.state = await afterConfirm(dialog).catch(() => 'open' as const)), {
        message: 'the host takes the click (busy, closed) or says the button is not active yet',
        timeout: 10_000,
      })
      .not.toBe('open')
    if (seen.state !== 'ignored') break
    if (clicks === 5) throw new Error('the host ignored 5 clicks on an armed confirm button')
  }
  // A backend round trip (a charge, a token) comes before the dialog closes.
  if (failing) await expect(dialog).toHaveAttribute('data-failed', '', { timeout: 15_000 })
  else await expect(dialog).toHaveCount(0, { timeout: 15_000 })
}

/**
 * Clicks `selector` in the widget `app_key` once its frame has settled ({@link settled}): shown,
 * scrolled into view and as tall as its page. Wait for the widget's last visible change of the
 * previous step (a result line, a webhook line) before: that change resizes the frame.
 *
 * @example
 * await expect(frame.locator('#who-result')).toHaveText('Booking for Ali Rezaei (09351234567)')
 * await clickInWidget(page, 'demo-booking', '#pay-fee')
 * await clickInWidget(page, 'demo-profile', '#pay', { tap: true }) // on a phone
 */
export async function clickInWidget(
  page: Page,
  app_key: string,
  selector: string,
  { tap = false }: { tap?: boolean } = {},
): Promise<void> {
  await settled(page, app_key)
  const target = page.frameLocator(`iframe[data-app-key="${app_key}"]`).locator(selector)
  // A phone's touch (a context with hasTouch) is a tap, aimed the same way.
  if (tap) await target.tap()
  else await target.click()
}
