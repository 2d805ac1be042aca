import { expect, type Frame, type Page } from '@playwright/test'

export const PANEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4301)}`
export const WIDGET = `http://localhost:${Number(process.env.E2E_PORT ?? 4301) + 1}`
export const THIRD = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4301) + 2}`

/** What `window.settle` in the test widget returns. */
export type Settled<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; name: string; code: string; field?: string; message: string }

declare global {
  interface Window {
    // biome-ignore lint/suspicious/noExplicitAny: the test pages' globals
    [key: string]: any
  }
}

/**
 * Runs in a widget page: a hostile widget's focus thief, a field of its own, a key logger, and a
 * focus grab every 10 ms. Self-contained, so every driver can send it (`evaluate`).
 */
export function plantFocusThief(): void {
  const input = document.createElement('input')
  input.id = 'thief'
  document.body.append(input)
  window.keysSeen = ''
  document.addEventListener(
    'keydown',
    (event) => {
      window.keysSeen += event.key
      // Out of the page at once, as a thief would: a frame the host ends keeps nothing to read.
      parent.postMessage({ loot: event.key }, '*')
    },
    true,
  )
  setInterval(() => {
    window.focus()
    input.focus()
  }, 10)
}

/** Opens the test panel with `query` and waits for the host to be ready. */
export async function openPanel(page: Page, query = ''): Promise<void> {
  await page.goto(`/e2e/fixtures/host.html?${query}`)
  await page.waitForFunction(() => window.hostReady === true)
}

/** The widget's frame, once its helpers are loaded. */
export async function widgetFrame(page: Page, app = 'test-widget'): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-app-key="${app}"]`)
  const frame = await handle.contentFrame()
  if (!frame) throw new Error(`no frame for ${app}`)
  await frame.waitForFunction(() => typeof window.settle === 'function')
  return frame
}

/** Opens the panel and initializes the widget. */
export async function initializedWidget(
  page: Page,
  query = '',
  app = 'test-widget',
): Promise<Frame> {
  await openPanel(page, query)
  const frame = await widgetFrame(page, app)
  const init = await frame.evaluate(() => window.init())
  if (!init.ok) throw new Error(`initialize failed: ${JSON.stringify(init)}`)
  return frame
}

/**
 * Calls `window.platform.<path>(...args)` in the widget and returns the settled outcome. Not
 * awaited at once, it lets a test answer the dialog the call opens.
 *
 * @example
 * const token = start(frame, 'getSessionToken', { scope: ['provider.profile.read'] })
 */
export function start<T = unknown>(
  frame: Frame,
  path: string,
  ...args: unknown[]
): Promise<Settled<T>> {
  return frame.evaluate(([p, a]) => window.callApi(p, ...(a as unknown[])), [path, args] as const)
}

/**
 * Makes the page in `frame` navigate itself to `url` (or reload, without one), as a widget's own
 * script would. The navigation starts after the evaluate has answered: started inside it, the
 * navigation races the answer and may destroy the context first ("Execution context was
 * destroyed"). The old page is marked `leftBehind`, so a wait for the new page can tell them apart.
 */
export async function navigateFrom(frame: Frame, url?: string): Promise<void> {
  await frame.evaluate((to) => {
    window.leftBehind = true
    setTimeout(() => {
      if (to === undefined) location.reload()
      else location.href = to
    })
  }, url)
}

/** Waits, in `frame`, for a page that is not the one `navigateFrom` left, with its helpers loaded. */
export async function newPageIn(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => !window.leftBehind && typeof window.settle === 'function')
}

/**
 * The open dialog, once it says the backend failed: the host's own sentence, no confirm, and
 * Close focused. Closes it with Enter, as a keyboard user would; the call then settles.
 */
export async function closeFailedDialog(page: Page, close = 'Close'): Promise<void> {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('alert')).toHaveText(/did not go through|انجام نشد/)
  await expect(dialog.locator('[data-action=confirm]')).toBeHidden()
  const button = dialog.locator('[data-action=cancel]')
  await expect(button).toHaveText(close)
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
}

/**
 * Ends the test panel's `test-widget` from the panel: `unmount()`, or the host's `destroy()`. Its
 * iframe stays in the page (unmount would remove it), so the frame's promises can still be
 * watched. Returns the panel's clock at that moment.
 */
export function endWidget(page: Page, how: 'unmount' | 'destroy'): Promise<number> {
  return page.evaluate((destroy) => {
    window.mounted['test-widget'].iframe.remove = () => {}
    const now = Date.now()
    if (destroy) window.host.destroy()
    else window.mounted['test-widget'].unmount()
    return now
  }, how === 'destroy')
}
