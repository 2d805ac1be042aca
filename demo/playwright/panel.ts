// The `panel` fixture of ./index.ts: opens a widget in the dev panel over the test's sandbox,
// waits for its frame to settle, and answers the host's dialogs through ./panel-answers.ts.
import { expect, type Page } from '@playwright/test'
// The SDK's own measure, from its one source: the build bundles it into this entry (it is not
// published by the SDK; `platform-widget-sdk/testing` would pull the whole SDK's source into
// this repository's Playwright runs, which cannot give it its build-time version).
import { contentHeight } from '../../src/sdk/resize.js'
import { readDialog } from './answer.js'
import { panelPath, widgetPageShown } from './pages.js'
import { dialogAnswers } from './panel-answers.js'

const frameOf = (page: Page, app_key: string) => page.locator(`iframe[data-app-key="${app_key}"]`)

/** Whether the widget's frame is shown and as tall as its page (or full height). */
async function hasItsHeight(page: Page, app_key: string): Promise<boolean> {
  const iframe = frameOf(page, app_key)
  if (!(await iframe.isVisible())) return false
  const shown = await iframe.evaluate((f) =>
    (f as HTMLElement).style.display === 'none' ? '' : (f as HTMLElement).style.height,
  )
  // A page shown full-height fills its area and scrolls inside: nothing to follow.
  if (shown === '100%') return true
  // The SDK's own measure, run in the widget's frame: what its last report said. Bounded, so a
  // frame still loading its page leaves the next poll free to see a dialog.
  const body = page.frameLocator(`iframe[data-app-key="${app_key}"]`).locator('body')
  const height = await body
    .evaluate(contentHeight as (body: HTMLElement | SVGElement) => number, undefined, {
      timeout: 1_000,
    })
    .catch(() => undefined)
  return height !== undefined && shown === `${height}px`
}

/**
 * Waits until the widget's frame on `page` (any panel that embeds the host) is shown, scrolled
 * into view, and as tall as its page (or full height): a click aimed at a frame that still grows
 * can land beside its target. Fails after `timeout` ms naming the widget.
 */
export async function widgetSettled(page: Page, app_key: string, timeout = 15_000): Promise<void> {
  const iframe = frameOf(page, app_key)
  await expect(iframe, `the frame of ${app_key}`).toBeVisible({ timeout })
  await iframe.scrollIntoViewIfNeeded()
  await expect
    .poll(() => hasItsHeight(page, app_key), {
      message: `the frame of ${app_key} takes the height of its page`,
      timeout,
    })
    .toBe(true)
}

/** What the fixture's calls share: the test's page, its platform and sandbox, the last widget. */
interface PanelState<P extends { panel: string }, S extends { id: string }> {
  page: Page
  platform: P
  sandbox: S
  /** The widget `open` opened last: `waitForPage`'s default. */
  opened?: string
}

/** What `panel.open` takes beside the widget's key. */
interface OpenOptions {
  context?: 'doctor-panel' | 'booking-flow' | 'doctor-profile'
  page?: string
  pageKey?: string
  params?: string[]
  lang?: string
  /** The widget opens a host dialog while it loads: wait for that only. */
  dialog?: boolean
}

/** What `panel.waitForPage` takes beside the page's key. */
interface WaitOptions {
  /** Default: the widget `open` opened last. */
  app_key?: string
  params?: string[]
  timeout?: number
}

/** The frame's height, or a dialog the widget opened while it loaded (`dialog`: that only). */
async function loaded(page: Page, app_key: string, { dialog }: { dialog: boolean }) {
  const message = dialog
    ? `a host dialog opens over ${app_key}`
    : `the frame of ${app_key} takes the height of its page, or a host dialog opens`
  const ready = async () => {
    if ((await page.evaluate(readDialog, [])) !== null) return true
    if (dialog || !(await hasItsHeight(page, app_key))) return false
    // At its height: into view, unless the host hid it meanwhile (a dialog on its way), which
    // the next poll then sees.
    return frameOf(page, app_key)
      .scrollIntoViewIfNeeded({ timeout: 1_000 })
      .then(
        () => true,
        () => false,
      )
  }
  await expect.poll(ready, { message, timeout: 15_000 }).toBe(true)
}

/** `panel.open`: the dev panel with `app_key`'s widget, once its frame settled. */
async function open<P extends { panel: string }, S extends { id: string }>(
  state: PanelState<P, S>,
  app_key: string,
  {
    context = 'doctor-panel',
    page: widgetPage,
    pageKey,
    params,
    lang = 'en',
    dialog = false,
  }: OpenOptions = {},
) {
  const { page, platform, sandbox } = state
  const query = new URLSearchParams({ lang })
  if (sandbox.id) query.set('sandbox', sandbox.id)
  const path = panelPath(app_key, { context, page: widgetPage, pageKey, params })
  state.opened = app_key
  const url = new URL(`${platform.panel}${path}`)
  for (const [name, value] of query) url.searchParams.set(name, value)
  await page.goto(url.href)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 15_000 })
  await expect(frameOf(page, app_key), `${app_key} is registered for ${context}`).toHaveCount(1)
  await loaded(page, app_key, { dialog })
  return page.frameLocator(`iframe[data-app-key="${app_key}"]`)
}

/** `panel.waitForPage`: the widget's page `pageKey` shown in its frame, settled. */
async function waitForPage<P extends { panel: string }, S extends { id: string }>(
  state: PanelState<P, S>,
  pageKey: string,
  { app_key = state.opened, params, timeout = 15_000 }: WaitOptions = {},
) {
  const { page, platform } = state
  if (app_key === undefined) throw new Error('panel.waitForPage: no widget opened; give app_key')
  await widgetPageShown({
    page,
    iframe: frameOf(page, app_key),
    panel: platform.panel,
    app_key,
    pageKey,
    params,
    timeout,
  })
  await loaded(page, app_key, { dialog: false })
  return page.frameLocator(`iframe[data-app-key="${app_key}"]`)
}

/**
 * The `panel` fixture's object: typed by what it is, and held to `Panel` of ./index.ts where the
 * fixture hands it out (this file imports nothing of the entry's).
 */
export function makePanel<P extends { panel: string }, S extends { id: string }>(
  page: Page,
  platform: P,
  sandbox: S,
) {
  const state: PanelState<P, S> = { page, platform, sandbox }
  return {
    platform,
    sandbox,
    open: (app_key: string, options?: OpenOptions) => open(state, app_key, options),
    settled: (app_key: string) => widgetSettled(page, app_key),
    waitForPage: (pageKey: string, options?: WaitOptions) => waitForPage(state, pageKey, options),
    ...dialogAnswers(page),
  }
}
