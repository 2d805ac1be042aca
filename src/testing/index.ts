import { type Messenger, PortMessenger } from 'penpal'
import { invalid } from '../events/errors.js'
import { createHostRelaxed, type RelaxedDefences } from '../host/host.js'
import type {
  DialogKind,
  Host,
  HostOptions,
  Plan,
  Product,
  WidgetRegistration,
} from '../host/index.js'
import type { WidgetSession } from '../host/session.js'
import type { TabStore } from '../host/tab-limits.js'
import {
  createPlatform,
  type FlowKey,
  type HostContext,
  type Locale,
  type Platform,
  type PlatformOptions,
  SCOPES,
  type ScopeName,
} from '../sdk/index.js'
import { type Answer, scriptedUser } from './answers.js'
import { type ConfiguredWidget, type DevConfig, widgetFromConfig } from './config.js'
import { createMemoryBackend, type MemoryBackend } from './memory-backend.js'
import { createTestPanel, TEST_PANEL_ORIGIN } from './panel.js'

export type { Limits } from '../host/guard.js'
export { LIMITS } from '../host/guard.js'
export type { RelaxedDefences } from '../host/host.js'
export {
  PAYMENT_OUTCOMES,
  type PaymentCalls,
  type PaymentOutcome,
  SMS_ACTIVATE_OUTCOMES,
  SMS_CHARGE_OUTCOMES,
  type SmsActivateOutcome,
  type SmsCalls,
  type SmsChargeOutcome,
  type TestOutcomes,
} from '../host/test-outcomes.js'
export type { Answer } from './answers.js'
export type { ConfiguredWidget, DevConfig, DevConfigApp, DevConfigText } from './config.js'
export { widgetFromConfig } from './config.js'
export type { MemoryBackend, MemoryBackendBehavior } from './memory-backend.js'
export { createMemoryBackend } from './memory-backend.js'
export type { DialogKind }

export interface TestHostOptions {
  /**
   * The dev command's config file, parsed (`import config from './platform.config.json'`): the
   * widget is registered as the dev panel registers it (name, first context, scopes, products,
   * plans; see {@link widgetFromConfig}). With several widgets in it, `app_key` says which. An
   * option given here as well wins over the file.
   *
   * @example
   * createTestHost({ config, app_key: 'my-widget' })
   */
  config?: DevConfig
  /** Default `test-widget`, or the config's widget. */
  app_key?: string
  /** Default `Test widget`. */
  name?: string
  /** Default `doctor-panel`. */
  context?: HostContext
  /** Default `en`. Change it later with `kit.host.setLocale('fa')`: the widget gets `PLATFORM_LOOK_CHANGED`. */
  locale?: Locale
  /**
   * The panel's colour scheme, as `initialize` tells the widget. Default: the theme's
   * (`host.theme`), else the window's `prefers-color-scheme`. Change it later with
   * `kit.host.setTheme({ colorScheme: 'dark' })`.
   */
  colorScheme?: 'light' | 'dark'
  /** Scopes enabled for the widget (any well-formed names). Default: all of `SCOPES`. */
  scopes?: ScopeName[]
  products?: Product[]
  plans?: Plan[]
  /** Whether the doctor's SMS is already active. Default false. */
  smsActive?: boolean
  /** Set `window.platform` to the connected SDK (restored by `destroy`). Default true. */
  install?: boolean
  /**
   * Extra host options (for example `smsPackages` or `panelOrigin`, default
   * `https://panel.test`), and the defences a test may relax: `intentDelay` (default 0 here: the
   * kit answers dialogs by script) and `limits`. A hook given here (`navigate`, `openWindow`,
   * `openTab`, `onFlow`) replaces the kit's recorder, so `redirects`, `links` or `flows` then
   * stay empty.
   */
  host?: Partial<Omit<HostOptions, 'widgets' | 'backend' | 'context' | 'locale' | 'onDialog'>> &
    DevHostOptions
  /**
   * The widgets the panel registers, instead of the one made of `name`, `scopes`, `products`
   * and `plans`: to test a widget beside others. The SDK connects as `app_key`.
   */
  widgets?: WidgetRegistration[]
  /** A backend of your own, prepared or shared (`smsActive` is then not read). */
  backend?: MemoryBackend
  /**
   * Whether the kit answers each dialog as scripted with `next`. Default true. With false, every
   * dialog stays open for the test to answer in the host's DOM (its open shadow root), as a
   * user would; `dialogs` then stays empty.
   */
  answerDialogs?: boolean
  /**
   * The seams of the repository's own unit rig (test/support/rig.ts), which watches and
   * replaces the transport. Not published: they expose penpal's types, which may change.
   * @internal
   */
  seams?: TestHostSeams
}

/**
 * See {@link TestHostOptions.seams}.
 * @internal
 */
export interface TestHostSeams {
  /** Build the host with the production `createHost`, `host` passed to it as it is. */
  production?: boolean
  /** SDK options over the kit's (the channel's messenger, the panel origin). */
  platform?: Partial<PlatformOptions>
  /** The host's end of the channel. Default penpal's `PortMessenger`. */
  hostMessenger?: (port: MessagePort) => Messenger
  /** The SDK's end of the channel. Default penpal's `PortMessenger`. */
  widgetMessenger?: (port: MessagePort) => Messenger
  /** Each height the host applies to the widget. */
  onResize?: (height: number) => void
  /** Where the limits that outlive a panel page are kept; default a store of this host's own. */
  tabs?: TabStore
}

export interface TestHost {
  /** The real SDK, connected to a real host over a `MessageChannel`. */
  readonly platform: Platform
  /** The in-memory backend: script failures with `backend.behavior`, read `charges` and `tokens`. */
  readonly backend: MemoryBackend
  readonly host: Host
  /**
   * The host's side of the widget's connection.
   * @internal
   */
  readonly session: WidgetSession
  /**
   * Scripts the user's answer to the next dialog of `kind`. Answers queue per kind; a dialog with
   * nothing scripted gets {@link TestHost.defaultAnswer}.
   *
   * @example
   * kit.next('consent', 'close') // the user closes the consent window
   */
  next(kind: DialogKind, answer: Answer): void
  /** The answer for dialogs nothing was scripted for. Default `confirm`. */
  defaultAnswer: Answer
  /** Every dialog shown, in order, with the answer given. */
  readonly dialogs: { kind: DialogKind | undefined; answer: Answer }[]
  /** The scope lists the widget asked for, in order (also the refused ones). */
  readonly requestedScopes: ScopeName[][]
  /** Panel URLs the widget redirected to. */
  readonly redirects: { url: string; newContext: boolean }[]
  /** Outside pages the widget opened with `openLink` (after the scripted `open-link` answer). */
  readonly links: string[]
  /** Flows the widget dispatched. */
  readonly flows: { flowKey: FlowKey; options?: Record<string, unknown> }[]
  /** Disconnects, removes dialogs and restores `window.platform`. */
  destroy(): void
}

/**
 * A scriptable in-memory host for widget tests (vitest with happy-dom or jsdom). It runs the
 * real SDK over the real protocol, so a widget under test behaves as in the panel.
 *
 * @example
 * const kit = createTestHost({ context: 'doctor-panel', smsActive: true })
 * kit.next('payment', 'cancel')
 * await startWidget() // your code, using window.platform
 * expect(kit.redirects).toEqual([{ url: 'https://panel.test/settings', newContext: false }])
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  const seams = options.seams ?? {}
  const file = configuredWidget(options)
  const app_key = options.app_key ?? file?.app_key ?? 'test-widget'
  const backend = options.backend ?? createMemoryBackend({ smsActive: options.smsActive ?? false })
  const user = scriptedUser(() => kit.defaultAnswer)
  const panel = createTestPanel({
    host: {
      ...options.host,
      context: options.context ?? file?.context ?? 'doctor-panel',
      locale: options.locale ?? 'en',
      ...(options.colorScheme && {
        theme: { ...options.host?.theme, colorScheme: options.colorScheme },
      }),
      widgets: options.widgets ?? [registration(options, file, app_key)],
      backend,
      ...(options.answerDialogs === false ? {} : { onDialog: user.onDialog }),
    },
    production: seams.production ?? false,
    ...(seams.tabs && { tabs: seams.tabs }),
  })
  const { host, redirects, links, flows } = panel
  const panelOrigin = new URL(options.host?.panelOrigin ?? TEST_PANEL_ORIGIN).origin
  const widget = connectWidget(host, app_key, panelOrigin, seams)
  const { platform, session } = widget

  const win = globalThis as unknown as { platform?: Platform }
  const install = options.install ?? true
  const previous = win.platform
  if (install) win.platform = platform

  const kit: TestHost = {
    platform,
    backend,
    host,
    session,
    next(kind, given) {
      const offered = options.host?.testOutcomes?.outcomes ?? []
      if (typeof given === 'object' && 'outcome' in given && !offered.includes(given.outcome)) {
        throw invalid(
          'answer',
          `the host offers no test outcome "${given.outcome}" (offered: ${offered.join(', ') || 'none; set host.testOutcomes'})`,
        )
      }
      user.queue(kind, given)
    },
    defaultAnswer: 'confirm',
    dialogs: user.dialogs,
    requestedScopes: widget.requestedScopes,
    redirects,
    links,
    flows,
    destroy() {
      widget.close(() => host.destroy())
      if (!install) return
      if (previous === undefined) delete win.platform
      else win.platform = previous
    },
  }
  return kit
}

/** The config's widget (`options.config`), as the dev panel registers it. */
function configuredWidget(options: TestHostOptions): ConfiguredWidget | undefined {
  const { config, app_key, locale = 'en' } = options
  return (
    config && widgetFromConfig(config, { ...(app_key === undefined ? {} : { app_key }), locale })
  )
}

/** The widget the kit registers: the options' fields, else the config's, else the defaults. */
function registration(
  options: TestHostOptions,
  file: ConfiguredWidget | undefined,
  app_key: string,
): WidgetRegistration {
  const products = options.products ?? file?.products
  const plans = options.plans ?? file?.plans
  return {
    app_key,
    url: 'https://widget.test/',
    name: options.name ?? file?.name ?? 'Test widget',
    scopes: options.scopes ?? file?.scopes ?? [...SCOPES],
    ...(products ? { products } : {}),
    ...(plans ? { plans } : {}),
  }
}

/** The real SDK connected to `host` as `app_key` over a `MessageChannel`. */
function connectWidget(host: Host, app_key: string, panelOrigin: string, seams: TestHostSeams) {
  const { port1, port2 } = new MessageChannel()
  const hostMessenger = seams.hostMessenger ?? ((port) => new PortMessenger({ port }))
  const widgetMessenger = seams.widgetMessenger ?? ((port) => new PortMessenger({ port }))
  const session = host.connect(
    app_key,
    () => hostMessenger(port1),
    seams.onResize ? { onResize: seams.onResize } : undefined,
  )
  const platform = createPlatform({
    trustedOrigins: [panelOrigin],
    messenger: () => widgetMessenger(port2),
    ...seams.platform,
  })
  const requestedScopes: ScopeName[][] = []
  const getSessionToken = platform.getSessionToken
  platform.getSessionToken = (request) => {
    // As the host reads it: one space-separated string is split (the original SDK's form).
    const scope = (request as { scope?: unknown } | undefined)?.scope
    const list = typeof scope === 'string' ? scope.split(' ').filter((s) => s) : scope
    requestedScopes.push(Array.isArray(list) ? [...list] : [])
    return getSessionToken(request)
  }
  /** Ends both sides; `then` (the host's end) runs before the channel's ports close. */
  const close = (then: () => void) => {
    platform.destroy()
    session.destroy()
    then()
    port1.close()
    port2.close()
  }
  return { platform, session, requestedScopes, close }
}

/** The defences a development panel or a test may relax (see {@link createDevHost}). */
export type DevHostOptions = RelaxedDefences

/**
 * A host for development and tests that may relax the defences a production panel keeps:
 * `intentDelay` (the confirm button's delay, default 500 ms) and `limits` (the per-widget flood
 * limits and cool-down); and offer `testOutcomes` in its payment dialogs (succeed, declined,
 * insufficient funds, the platform failing, a timeout), each paid through
 * `testOutcomes.withOutcome(chosen)`. `createHost` from `platform-widget-sdk/host` has none of these options. The
 * host says so on the console once, so a page running it cannot pass for a production panel.
 *
 * @example
 * const host = createDevHost({ context: 'doctor-panel', widgets, backend, intentDelay: 0 })
 */
export function createDevHost(options: HostOptions & DevHostOptions): Host {
  const { intentDelay, limits, testOutcomes, ...hostOptions } = options
  const relaxed: RelaxedDefences = {}
  if (intentDelay !== undefined) relaxed.intentDelay = intentDelay
  if (limits !== undefined) relaxed.limits = limits
  // What this host does that a production one does not, in words: an empty `{}` said nothing.
  const said = [
    ...(relaxed.intentDelay !== undefined ? [`confirm delay ${relaxed.intentDelay} ms`] : []),
    ...(relaxed.limits !== undefined ? [`limits ${JSON.stringify(relaxed.limits)}`] : []),
  ]
  const offers = testOutcomes ? `; payment test outcomes ${testOutcomes.outcomes.join(', ')}` : ''
  console.warn(
    `[platform host] development mode (createDevHost): ${
      said.length ? `defences relaxed: ${said.join(', ')}` : 'no defence relaxed'
    }${offers}; a production panel uses createHost`,
  )
  if (testOutcomes) relaxed.testOutcomes = testOutcomes
  return createHostRelaxed(hostOptions, relaxed)
}
