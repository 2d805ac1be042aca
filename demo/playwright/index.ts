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
import { DIALOG_DOM, makeHostDialogs } from './host-dialogs.js'
import { makePanel, widgetSettled } from './panel.js'
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

/**
 * The DOM of the host's dialogs, which {@link HostDialogs} reads and a test of your own may too.
 * The host appends one element `container` to the page's body; its open shadow root holds each
 * dialog, a `<dialog>` shown modal (in the top layer), so `dialog` finds the open one there.
 */
export interface HostDialogDom {
  /** The element whose open shadow root holds the dialogs. */
  container: '[data-platform-dialogs]'
  /** The open dialog, inside that shadow root. */
  dialog: 'dialog[open]'
  /** What the dialog is for (`consent`, `payment`, … as {@link HostDialogInfo}'s `kind`). */
  kind: 'data-kind'
  /** On each button: which one it is, one of `actions`. */
  action: 'data-action'
  actions: readonly ['confirm', 'cancel', 'close']
  /**
   * `"true"` on the confirm while it ignores activation: for its intent delay (500 ms) after
   * the dialog shows, and again after the dialog moves or the page is hidden or loses focus.
   * Armed when the attribute is gone; a click before then is ignored, not queued.
   */
  notArmed: 'aria-disabled'
  /** `"true"` on the dialog while its confirm runs (a charge under way): every button disabled. */
  busy: 'aria-busy'
  /** On the dialog once the backend failed: it stays open, without its confirm, until closed. */
  failed: 'data-failed'
  /** The dialog's error sentence. */
  alert: '[role=alert]'
  /** The host-drawn band naming the widget that asked (its registered name, then its host). */
  from: '[data-from]'
}

/** The host dialogs' DOM contract: see {@link HostDialogDom}. */
export const HOST_DIALOG_DOM: HostDialogDom = DIALOG_DOM

/**
 * The open host dialog, as {@link HostDialogs} finds it: `kind` is its `data-kind` (`consent`,
 * `open-link`, `payment`, `subscribe`, `doctor-service`, `sms-activate`, `sms-charge`,
 * `profile-add`, `profile-remove`), `locale` its `lang`, `title` its heading, `from` the
 * widget's registered name the host draws above it.
 */
export interface HostDialogInfo {
  kind: string
  locale: string
  title: string
  from: string
}

export interface HostDialogsOptions {
  /**
   * The locale the panel page uses (`fa`, `en`): each answer first checks that the open dialog
   * speaks it, and fails naming both when it does not. Default: not checked.
   */
  locale?: string
  /** How long to wait for a dialog, and for each later state, in ms. Default 15 000. */
  timeout?: number
}

/**
 * The host's dialogs on a panel page, answered as a person does: each answer waits for its
 * dialog to open, presses with Playwright's mouse and keyboard (trusted input), presses the
 * confirm only once the host has armed it (its intent delay), and resolves once the dialog has
 * closed. Controls are found by `data-action` and value, not by their words, so one test runs in
 * every locale. A payment the platform fails leaves the dialog saying so: it is closed as a
 * person would, and the result is `{ ended: 'failed', alert }`.
 */
export interface HostDialogs {
  /** The open dialog, or null. */
  current(): Promise<HostDialogInfo | null>
  /** Waits for a dialog (of `kind`, or any) to open. */
  waitFor(kind?: string | string[]): Promise<HostDialogInfo>
  /** Consent: Allow. */
  allow(): Promise<DialogResult>
  /** Consent: Cancel (the widget gets `USER_CLOSED_POPUP`). */
  deny(): Promise<DialogResult>
  /** Whatever dialog is open: its Cancel. */
  cancel(): Promise<DialogResult>
  /** Whatever dialog is open: its × (close) button. */
  close(): Promise<DialogResult>
  /** The confirm of the open dialog (of `kind`, or any): a profile change, say. */
  confirm(kind?: string | string[]): Promise<DialogResult>
  /**
   * The payment, subscribe or doctor-service dialog: chooses `plan` (a subscription that lets
   * the user pick) and a test `outcome` (offered by a dev host only: `createDevHost` with the
   * backend's `testOutcomes`), then pays.
   */
  pay(options?: { outcome?: PaymentOutcome; plan?: string }): Promise<DialogResult>
  sms: {
    /** Turns SMS on. */
    activate(): Promise<DialogResult>
    /**
     * Buys SMS: a package by its place in the list (default the first), or a `count` of
     * messages, typed into the dialog's own field with the keyboard.
     */
    buy(options?: { package?: number; count?: number }): Promise<DialogResult>
  }
  /** `openLink`: presses Open, and resolves with the new tab once the browser opened it. */
  openLink(): Promise<Page>
}

/**
 * The host's dialogs on `page`: the dev panel, or a panel of your own that embeds the host.
 *
 * @example
 * const dialogs = hostDialogs(page, { locale: 'fa' })
 * await widget.getByRole('button', { name: 'Connect' }).click()
 * expect(await dialogs.allow()).toEqual({ ended: 'closed' })
 * await widget.getByRole('button', { name: 'Buy' }).click()
 * await dialogs.pay()
 */
export function hostDialogs(page: Page, options: HostDialogsOptions = {}): HostDialogs {
  return makeHostDialogs(page, {
    timeout: options.timeout ?? 15_000,
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  })
}

/**
 * Waits until a widget's frame on `page` (the dev panel, or a panel of your own that embeds the
 * host) is shown, scrolled into view and as tall as its page, or full height: click into a
 * widget only then, since a click aimed at a frame that still grows can land beside its target.
 * The `panel` fixture's `open` and `settled` wait for the same.
 *
 * @example
 * await waitForWidget(page, 'my-widget')
 * await page.frameLocator('iframe[data-app-key="my-widget"]').getByRole('button', { name: 'Buy' }).click()
 */
export function waitForWidget(
  page: Page,
  app_key: string,
  options: { timeout?: number } = {},
): Promise<void> {
  return widgetSettled(page, app_key, options.timeout)
}

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
    await use(makePanel(page, platform, sandbox) satisfies Panel)
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
