import type { Messenger } from 'penpal'
import type {
  DialogKind,
  Host,
  HostOptions,
  Plan,
  Product,
  WidgetRegistration,
} from '../host/index.js'
import type { WidgetSession } from '../host/session.js'
import type { TabStore } from '../host-kit/tab-limits.js'
import type {
  FlowKey,
  HostContext,
  Locale,
  Platform,
  PlatformOptions,
  ScopeName,
} from '../sdk/index.js'
import type { Answer } from './answers.js'
import type { DevConfig } from './config.js'
import type { DevHostOptions } from './dev-host.js'
import type { MemoryBackend } from './memory-backend.js'

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
