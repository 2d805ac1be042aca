// `platform-widget-dev/playwright`: browser tests of a widget in the real dev panel. A Playwright
// `test` whose `panel` fixture opens the widget's page in the panel, over an emulator sandbox of
// the test's own, and answers the host's dialogs as a person does (the confirm waits for its
// intent delay and takes only trusted clicks). Its public types are declared here, in this file
// alone (the package's .d.ts is made from it); the work is in ./answer.ts and ./platform.ts.
import {
  test as base,
  expect,
  type FrameLocator,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test'
import { createEmulatorControl } from 'platform-widget-server'
// The SDK's own measure, from its one source: the build bundles it into this entry (it is not
// published by the SDK; `platform-widget-sdk/testing` would pull the whole SDK's source into
// this repository's Playwright runs, which cannot give it its build-time version).
import { contentHeight } from '../../src/sdk/resize.js'
import { answerDialog, readDialog } from './answer.js'
import { panelPath, widgetPageShown } from './pages.js'
import { findOrStartPlatform } from './platform.js'

/** How a payment made in the dev panel ends: chosen beside Pay, as Stripe's test cards. */
export type PaymentOutcome =
  | 'succeed'
  | 'declined'
  | 'insufficient_funds'
  | 'platform_error'
  | 'timeout'

/** How an SMS top-up in the dev panel ends: paid, declined, or the platform failing. */
export type SmsChargeOutcome = 'succeed' | 'declined' | 'platform_error'

/** How an SMS activation in the dev panel ends: activated, or declined by the platform. */
export type SmsActivateOutcome = 'succeed' | 'declined'

/** The dev platform the tests run against. */
export interface DevPlatform {
  /** The panel's origin, `http://127.0.0.1:4400`. */
  panel: string
  /** The emulator's origin (its control API at `/control/v1`). */
  emulator: string
  /** Whether this worker started it (else it was running: `npm run dev`, say). */
  started: boolean
}

/** The emulator sandbox of one test: its own consent, receipts, SMS, scenario and webhook log. */
export interface TestSandbox {
  id: string
  /** The sandbox's base URL: a backend of the test's own points its platform URL here. */
  url: string
  /** This widget's keys in the sandbox (the same as the dev command's). */
  apps: { app_key: string; developer_key: string; webhook_secret: string }[]
}

export interface OpenOptions {
  /**
   * Where the widget runs: `doctor-panel` (its page in the panel, default), `booking-flow` (the
   * patient's booking page) or `doctor-profile` (the doctor's public profile).
   */
  context?: 'doctor-panel' | 'booking-flow' | 'doctor-profile'
  /** A page of the widget under its URL (`settings?tab=2`), in the doctor panel. */
  page?: string
  /**
   * One of the widget's registered `pages` by its key (`log`), in the doctor panel, with `params`
   * (as many as the page's `parameters`): the panel route `/_/{app_key}/{pageKey}/{params…}`.
   * Not together with `page`.
   */
  pageKey?: string
  /** The page's parameters, one path segment each (with `pageKey`). */
  params?: string[]
  /** The panel's language. Default `en`. */
  lang?: 'en' | 'fa'
  /**
   * A host dialog is expected while the page loads (consent asked for at load, say): `open`
   * resolves once the frame is mounted and a dialog is open, for the test to answer. Without it,
   * `open` resolves at whichever comes first: the frame's page height, or a dialog.
   */
  dialog?: boolean
}

/**
 * What a dialog answer did: closed, or failed (the dialog said the platform failed, with `alert`
 * its sentence, and was then closed as a person would).
 */
export type DialogResult = { ended: 'closed' } | { ended: 'failed'; alert: string }

/** A host dialog, answered as a person answers it. Each waits for the dialog to open. */
export interface DialogAnswers {
  /** Presses the confirm once armed, and waits for the dialog to close. */
  confirm(): Promise<DialogResult>
  /** Presses Cancel. */
  cancel(): Promise<DialogResult>
}

export interface Panel {
  /**
   * Opens the widget `app_key` in the panel (over this test's sandbox) and returns its frame,
   * once it is mounted and either has its page's height (a click aimed before that can land
   * beside the button) or a host dialog is open, which the test then answers: a widget that asks
   * for consent while it loads. `{ dialog: true }` says a dialog is expected: `open` waits for it.
   *
   * @example
   * const widget = await panel.open('my-widget', { lang: 'fa' })
   * await widget.getByRole('button', { name: 'Buy Pro' }).click()
   * // A widget that asks for consent at load:
   * const asking = await panel.open('my-widget', { dialog: true })
   * await panel.consent.allow()
   * await panel.settled('my-widget')
   */
  open(app_key: string, options?: OpenOptions): Promise<FrameLocator>
  /** Waits until the widget's frame is shown and as tall as its page: before a click into it. */
  settled(app_key: string): Promise<void>
  /**
   * Waits until the panel shows the widget's registered page `pageKey` (after a
   * `redirect.dispatch` to `/_/{app_key}/{pageKey}/…`, say): the panel's address names it, the
   * widget's frame holds the URL the registration gives for it and has loaded it. Resolves with
   * the new frame. `app_key`: default the widget last opened; `params`: the page's parameters, when
   * the test expects given ones; `timeout`: default 15 s.
   *
   * @example
   * const widget = await panel.open('my-widget')
   * await widget.getByRole('button', { name: 'Show the log' }).click() // redirect.dispatch
   * const log = await panel.waitForPage('log', { params: ['2026-11-29'] })
   * await expect(log.locator('h1')).toHaveText('Log')
   */
  waitForPage(
    pageKey: string,
    options?: { app_key?: string; params?: string[]; timeout?: number },
  ): Promise<FrameLocator>
  /** The consent dialog (`getSessionToken` with a scope not yet given). */
  consent: { allow(): Promise<DialogResult>; cancel(): Promise<DialogResult> }
  /** The payment, subscribe and doctor-service dialogs. */
  payment: {
    /**
     * Pays, with a test outcome chosen first (default `succeed`) and, for a subscription that
     * lets the user pick, a `plan`. A failing outcome leaves the dialog saying so: it is closed,
     * and the widget gets the failure.
     */
    pay(options?: { outcome?: PaymentOutcome; plan?: string }): Promise<DialogResult>
    cancel(): Promise<DialogResult>
  }
  /**
   * SMS activation and top-up, each with a test outcome chosen first (default `succeed`). A
   * failing outcome leaves the dialog saying so: it is closed, and the widget gets the failure
   * (`sms.charge` rejects with `BACKEND_ERROR` and the platform's message; `sms.activate`
   * resolves `PLATFORM_SMS_ACTIVATE_ERROR`).
   *
   * @example
   * await widget.getByRole('button', { name: 'Top up' }).click()
   * const result = await panel.sms.buy({ package: 1, outcome: 'declined' })
   * expect(result).toEqual({ ended: 'failed', alert: expect.any(String) })
   */
  sms: {
    activate(options?: { outcome?: SmsActivateOutcome }): Promise<DialogResult>
    /** Buys a package: its place in the list (default 0, the first). */
    buy(options?: { package?: number; outcome?: SmsChargeOutcome }): Promise<DialogResult>
    cancel(): Promise<DialogResult>
  }
  /** `openLink`: the outside page opens in a new tab. */
  openLink: DialogAnswers
  /** Adding the widget to, or removing it from, the doctor's profile. */
  profile: DialogAnswers
  /** This test's sandbox. */
  readonly sandbox: TestSandbox
  /** The dev platform. */
  readonly platform: DevPlatform
}

export interface PanelWorkerOptions {
  /** The project's config, as `platform-widget-dev dev --config` reads it. */
  platformConfig: string
  /**
   * The panel's port, and the others after it, as `platform-widget-dev dev --port` gives them.
   * Default: the config's `ports` (or `DEMO_PORT`).
   */
  platformPort: number | undefined
  /** The dev platform, found running at the config's ports or started for this worker. */
  platform: DevPlatform
}

export interface PanelTestOptions {
  /** A sandbox per test (default true); false: the dev command's own state, shared. */
  sandboxed: boolean
  /** This test's emulator sandbox (made and deleted around the test). */
  sandbox: TestSandbox
  panel: Panel
}

const PAYMENT_KINDS = ['payment', 'subscribe', 'doctor-service']

/** Playwright's `test`, with `panel` (and `sandbox`, `platform`) fixtures. */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & PanelTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & PanelWorkerOptions
> = base.extend<PanelTestOptions, PanelWorkerOptions>({
  platformConfig: ['platform.config.json', { option: true, scope: 'worker' }],
  platformPort: [undefined, { option: true, scope: 'worker' }],
  platform: [
    async ({ platformConfig, platformPort }, use) => {
      const found = await findOrStartPlatform(platformConfig, platformPort)
      await use({ panel: found.panel, emulator: found.emulator, started: found.started })
      await found.close()
    },
    { scope: 'worker' },
  ],
  sandboxed: [true, { option: true }],
  sandbox: async ({ platform, sandboxed }, use) => {
    if (!sandboxed) {
      await use({ id: '', url: platform.emulator, apps: [] })
      return
    }
    const made = await createEmulatorControl({ baseUrl: platform.emulator }).createSandbox()
    try {
      await use({ id: made.id, url: made.url, apps: made.apps })
    } finally {
      await made.delete()
    }
  },
  panel: async ({ page, platform, sandbox }, use) => {
    if (sandbox.id) await forwardSandbox(page, platform, sandbox.id)
    await use(makePanel(page, platform, sandbox))
  },
})

export { expect }

/**
 * The header the widget page's own calls carry in a sandboxed test, naming the sandbox: a backend
 * started once against the dev platform sends those calls' platform requests there (the `init`
 * template's backend does: `sandboxUrl` in its server/app.ts).
 */
export const SANDBOX_HEADER = 'x-platform-sandbox'

/**
 * Adds {@link SANDBOX_HEADER} to the calls a widget page makes to its own origin (`fetch`, XHR):
 * its backend's routes. Not to the panel's or the emulator's, nor to another origin, which would
 * then ask for a CORS preflight the page never asked for.
 */
async function forwardSandbox(page: Page, platform: DevPlatform, id: string) {
  const ours = [new URL(platform.panel).origin, new URL(platform.emulator).origin]
  await page.route(
    (url) => !ours.includes(url.origin),
    async (route) => {
      const request = route.request()
      const kind = request.resourceType()
      let from = ''
      try {
        from = new URL(request.frame().url()).origin
      } catch {}
      if ((kind !== 'fetch' && kind !== 'xhr') || from !== new URL(request.url()).origin) {
        return route.fallback()
      }
      return route.fallback({ headers: { ...request.headers(), [SANDBOX_HEADER]: id } })
    },
  )
}

function makePanel(page: Page, platform: DevPlatform, sandbox: TestSandbox): Panel {
  const port = {
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as never, arg) as Promise<R>,
    click: (x: number, y: number) => page.mouse.click(x, y),
  }
  const answer = (kinds: string[], action: 'confirm' | 'cancel', choose: string[] = []) =>
    answerDialog(port, { kinds, action, choose })
  const answers = (kinds: string[]): DialogAnswers => ({
    confirm: () => answer(kinds, 'confirm'),
    cancel: () => answer(kinds, 'cancel'),
  })
  const frame = (app_key: string) => page.locator(`iframe[data-app-key="${app_key}"]`)
  /** Whether the widget's frame is shown and as tall as its page (or full height). */
  const hasHeight = async (app_key: string) => {
    const iframe = frame(app_key)
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
  const dialogOpen = async () => (await page.evaluate(readDialog, [])) !== null
  const settled = async (app_key: string) => {
    const iframe = frame(app_key)
    await expect(iframe, `the frame of ${app_key}`).toBeVisible({ timeout: 15_000 })
    await iframe.scrollIntoViewIfNeeded()
    await expect
      .poll(() => hasHeight(app_key), {
        message: `the frame of ${app_key} takes the height of its page`,
        timeout: 15_000,
      })
      .toBe(true)
  }
  /** The frame's height, or a dialog the widget opened while it loaded (`dialog`: that only). */
  const loaded = async (app_key: string, dialog: boolean) => {
    const message = dialog
      ? `a host dialog opens over ${app_key}`
      : `the frame of ${app_key} takes the height of its page, or a host dialog opens`
    const ready = async () => {
      if (await dialogOpen()) return true
      if (dialog || !(await hasHeight(app_key))) return false
      // At its height: into view, unless the host hid it meanwhile (a dialog on its way), which
      // the next poll then sees.
      return frame(app_key)
        .scrollIntoViewIfNeeded({ timeout: 1_000 })
        .then(
          () => true,
          () => false,
        )
    }
    await expect.poll(ready, { message, timeout: 15_000 }).toBe(true)
  }
  /** The widget `open` opened last: `waitForPage`'s default. */
  let opened: string | undefined
  return {
    platform,
    sandbox,
    async open(
      app_key,
      {
        context = 'doctor-panel',
        page: widgetPage,
        pageKey,
        params,
        lang = 'en',
        dialog = false,
      } = {},
    ) {
      const query = new URLSearchParams({ lang })
      if (sandbox.id) query.set('sandbox', sandbox.id)
      const path = panelPath(app_key, { context, page: widgetPage, pageKey, params })
      opened = app_key
      const url = new URL(`${platform.panel}${path}`)
      for (const [name, value] of query) url.searchParams.set(name, value)
      await page.goto(url.href)
      await expect(page.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 15_000 })
      await expect(frame(app_key), `${app_key} is registered for ${context}`).toHaveCount(1)
      await loaded(app_key, dialog)
      return page.frameLocator(`iframe[data-app-key="${app_key}"]`)
    },
    settled,
    async waitForPage(pageKey, { app_key = opened, params, timeout = 15_000 } = {}) {
      if (app_key === undefined)
        throw new Error('panel.waitForPage: no widget opened; give app_key')
      const iframe = frame(app_key)
      await widgetPageShown({
        page,
        iframe,
        panel: platform.panel,
        app_key,
        pageKey,
        params,
        timeout,
      })
      await loaded(app_key, false)
      return page.frameLocator(`iframe[data-app-key="${app_key}"]`)
    },
    consent: {
      allow: () => answer(['consent'], 'confirm'),
      cancel: () => answer(['consent'], 'cancel'),
    },
    payment: {
      pay: ({ outcome = 'succeed', plan } = {}) =>
        answer(PAYMENT_KINDS, 'confirm', [
          ...(plan ? [plan] : []),
          ...(outcome === 'succeed' ? [] : [outcome]),
        ]),
      cancel: () => answer(PAYMENT_KINDS, 'cancel'),
    },
    sms: {
      activate: ({ outcome = 'succeed' } = {}) =>
        answer(['sms-activate'], 'confirm', outcome === 'succeed' ? [] : [outcome]),
      buy: ({ package: index, outcome = 'succeed' } = {}) =>
        answer(['sms-charge'], 'confirm', [
          ...(index === undefined ? [] : [String(index)]),
          ...(outcome === 'succeed' ? [] : [outcome]),
        ]),
      cancel: () => answer(['sms-activate', 'sms-charge'], 'cancel'),
    },
    openLink: answers(['open-link']),
    profile: answers(['profile-add', 'profile-remove']),
  }
}
