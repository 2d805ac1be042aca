import type {
  FlowKey,
  HostContext,
  Locale,
  PlatformEventName,
  PlatformEvents,
  ScopeName,
} from '../events/index.js'
import type { HostMethodName, OperationTable } from '../events/operations.js'
import type { DeadlineTimer } from '../transport/deadlines.js'
import type { BackendAdapter } from './backend.js'
import type { DialogLayer, DialogObserver } from './dialog/dialog-types.js'
import type { DialogSlot } from './dialog/slot.js'
import type { HostTheme } from './dialog/theme.js'
import type { WidgetGuard } from './guard.js'
import type { WidgetName } from './names.js'
import type { WidgetPage } from './pages.js'
import type { TestOutcomes } from './test-outcomes.js'
import type { DialogTrace, TraceEntry } from './trace.js'
import type { Diagnosis, Unavailability } from './unavailability.js'

/** A product sold with `payment.pay({ product_key })`. */
export interface Product {
  key: string
  title: string
  /** Rials. */
  price: number
}

/** A subscription plan sold with `payment.subscribe`. */
export interface Plan {
  key: string
  title: string
  /** Rials per period. */
  price: number
  period: 'week' | 'month' | 'year'
}

/** One widget the panel can mount. */
export interface WidgetRegistration {
  app_key: string
  /** The widget page; its origin is the only one the host talks to for this widget. */
  url: string
  /**
   * Shown in dialogs ("Requested by") and as the iframe's title, as text: one name, or one per
   * locale, which follows the panel's (`host.setLocale`).
   *
   * @example
   * name: { fa: 'نوبت‌دهی', en: 'Booking' }
   */
  name: WidgetName
  /**
   * Scopes enabled in the console: well-formed names, listed in `SCOPES` or not (the platform
   * decides which exist). Requests for any other scope fail with `INVALID_SCOPE`.
   */
  scopes: ScopeName[]
  products?: Product[]
  plans?: Plan[]
  /**
   * The widget's pages by key, as the original platform registers them: the panel route
   * `/_/{app_key}/{key}/{params…}` and `mount(slot, app_key, { page })` show one. Each
   * `embed_src` must be on `url`'s origin (checked by `createHost`). Without pages, the route's
   * path is a page below `url` (`/_/{app_key}/settings/` shows `{url}settings/`).
   *
   * @example
   * pages: [{ key: 'launcher', embed_src: 'https://w.example/app/?view=launcher' }]
   */
  pages?: WidgetPage[]
  /**
   * The widget's top-level pages: the paths on `url`'s origin whose pages call the SDK outside
   * the panel (a start page, the page an outside sign-in such as Google's returns to). A
   * sign-in's answer goes back only to one of them, compared exactly (as OAuth's registered
   * redirect URIs): no other page of the widget's site, however it redirects, ever receives one.
   * Each is an absolute path, no query, no fragment, written as the browser reads it (checked by
   * `createHost` and `runSignIn`: `widgets[1].topLevelPages[0]: …`). Without it no sign-in goes
   * back to the widget.
   *
   * @example
   * topLevelPages: ['/app/', '/app/start.html']
   */
  topLevelPages?: string[]
}

/** An SMS package offered in the top-up dialog. */
export interface SmsPackage {
  count: number
  /** Rials. */
  price: number
}

export interface HostOptions {
  /** Which panel this is; some operations only work in one context. */
  context: HostContext
  widgets: WidgetRegistration[]
  backend: BackendAdapter
  /** Dialog language. Default `fa` (right to left). */
  locale?: Locale
  /** The panel origin `redirect.dispatch` paths are resolved against. Default `location.origin`. */
  panelOrigin?: string
  /**
   * The paths of the panel's own pages that `redirect.dispatch` may reach: an entry matches
   * itself and what is below it (`/panel` matches `/panel` and `/panel/x`; `/_/` matches what
   * starts with it). Give it when the panel's origin serves anything else (files, APIs), so that a
   * widget cannot send the doctor there; other paths are `INVALID_ARGUMENT`. Default: every path,
   * but the platform's sign-in page (`/signin` and below) is refused whatever this says.
   *
   * @example
   * createHost({ ..., panelPages: ['/panel', '/_/'] })
   */
  panelPages?: readonly string[]
  /**
   * Same-tab redirect hook for single-page panels. Without it the host calls
   * `location.assign(url)`; with `newContext: true` it opens a new tab with `noopener`.
   */
  navigate?: (url: string) => void | Promise<void>
  /** New-tab hook for `newContext: true`. Default `window.open(url, '_blank', 'noopener,noreferrer')`. */
  openWindow?: (url: string) => void
  /**
   * Opens an outside page for `openLink`, once the host has checked the URL and the user's
   * activation or answer; returns `false` when the browser blocked it (`POPUP_BLOCKED`). Default:
   * a blank tab whose opener is cut, navigated through a `rel="noreferrer"` link. The test kit
   * records links with it.
   */
  openTab?: (url: string) => boolean
  /**
   * On the doctor's public profile (`context: 'doctor-profile'`): whose profile the page shows
   * (`provider_id`, the doctor's user id) and who is signed in (`user_id`, absent when nobody
   * is), as the platform knows them. A `provider.*` scope is that doctor's to give, so
   * `getSessionToken` refuses it with `INVALID_SCOPE` before any dialog unless `user_id` is
   * `provider_id`; without `profile`, a profile page refuses it to everyone. Not read elsewhere.
   *
   * @example
   * createHost({ context: 'doctor-profile', profile: { provider_id: 'dr-1', user_id: 'pt-1' }, ... })
   */
  profile?: { provider_id: string; user_id?: string }
  /** Booking-flow handler: moves the patient on. The booking comes from the page's own state. */
  onFlow?: (flowKey: FlowKey, options?: Record<string, unknown>) => void | Promise<void>
  /** SMS top-up packages. */
  smsPackages?: SmsPackage[]
  /** Price of one SMS in a custom top-up, in Rials. Default 1,000. */
  smsPrice?: number
  /** Bounds of a custom top-up count. Default 10 to 100,000. */
  smsCustomRange?: { min: number; max: number }
  /** Development mode: no-op calls log a warning on both sides. */
  dev?: boolean
  /** Largest iframe height the host applies from a widget's reports. Default 10,000 px. */
  maxHeight?: number
  /**
   * Design tokens for the dialogs (accent, accentText, surface, text, radius, font, a `dark` set
   * and `colorScheme`). Checked at once: a bad value throws `INVALID_ARGUMENT`. Only the panel
   * sets them; nothing a widget sends reaches the dialogs' styles.
   *
   * @example
   * createHost({ ..., theme: { accent: '#0f766e', radius: '6px', colorScheme: 'light' } })
   */
  theme?: HostTheme
  /** The panel document. Default `document`. */
  document?: Document
  /**
   * Origins allowed to frame the panel page, as bare origins (`https://portal.example`). While
   * another origin frames it, the page could be drawn invisible under a bait, so the host refuses
   * every dialog with `PANEL_FRAMED` (and `openLink` never opens a tab at once). Default: none;
   * a top-level panel page, or one framed by its own origin, is not affected. Send
   * `frame-ancestors` as well: this is the host's own check, for a server that forgets it.
   *
   * @example
   * createHost({ ..., frameAncestors: ['https://portal.example'] })
   */
  frameAncestors?: string[]
  /**
   * Told when the host ended a widget for what only that widget can have done. No defence calls
   * it today: a hidden frame focused under a dialog may have been focused by another widget
   * (`parent.frames[i].focus()`), so the host only takes focus back and pauses the dialog.
   *
   * @example
   * createHost({ ..., onViolation: ({ app_key }) => showNotice(app_key, 'The widget was stopped') })
   */
  onViolation?: (violation: Violation) => void
  /**
   * Called with every dialog once it is open, with its kind (`consent`, `payment`, `subscribe`,
   * `doctor-service`, `sms-activate`, `sms-charge`, `open-link`, `profile-add`, `profile-remove`). Its buttons carry `data-action` `confirm`,
   * `cancel` and `close`. The test kit answers dialogs through it.
   */
  onDialog?: DialogObserver
  /**
   * Told of everything on the bridge, as it happens, for a developer's inspector: each call a
   * widget makes (`call`: method, a call id, and a deep-frozen copy of its arguments once they
   * passed the host's checks; none for a call refused before that), how it ended
   * (`result`: value or error code and message, duration), each dialog it asked for and how that
   * ended (`dialog`: kind, and `confirm`, `cancel`, `close` or `refused`, ...), and each
   * `PLATFORM_*` result emitted (`event`). Values are copies: the observer cannot change what the
   * host acts on. An observer that throws is reported on the console and changes nothing. Unset,
   * the host copies nothing.
   *
   * @example
   * createHost({ ..., onTrace: (entry) => console.debug(entry.app_key, entry.type, entry) })
   */
  onTrace?: (entry: TraceEntry) => void
  /**
   * How long, in ms, a mounted widget has from `mount` to its `initialize` before
   * `MountedWidget.ready` rejects with `WIDGET_UNAVAILABLE` (`no-initialize`, or `no-handshake`
   * when no page connected). Default 10,000 (`READY_TIMEOUT`); at most 60,000.
   */
  readyTimeout?: number
  /**
   * Asked, with the frame's URL, why a mounted widget's page never connected: the browser cannot
   * read another origin's frame, the panel's server can (fetch the URL, read its status and its
   * `X-Frame-Options` and CSP `frame-ancestors`). Answer `{ reason: 'http-error', status }`,
   * `{ reason: 'refused-framing', detail }`, `{ reason: 'unreachable', detail }`, or `undefined`
   * (the reason stays `no-handshake`). Given 5 s (`DIAGNOSE_TIMEOUT`); a throw counts as no answer.
   *
   * @example
   * createHost({ ..., diagnose: async (url) => (await fetch(`/diagnose?url=${encodeURIComponent(url)}`)).json() })
   */
  diagnose?: (url: string) => Promise<Diagnosis | undefined> | Diagnosis | undefined
  /**
   * Called when a mounted widget did not come up (see `MountedWidget.ready`): its page did not
   * connect within the SDK's handshake time after it loaded, or within `readyTimeout` of the
   * mount; it connected but did not initialize by then; or it initialized as another widget. The
   * host has already put a notice in the frame's place saying why, in the panel's language (a
   * status line with `data-platform-no-answer`); `notice` is that element, for a panel to add its
   * own help; `reason`, `detail` and `status` say why. The notice goes, and the frame comes back,
   * when a page connects (a reload) or initializes late.
   *
   * @example
   * createHost({ ..., onUnresponsive: ({ app_key, reason, notice }) => notice.append(helpFor(app_key, reason)) })
   */
  onUnresponsive?: (
    info: { app_key: string; url: string; notice: HTMLElement } & Unavailability,
  ) => void
}

/** What the host ended a widget for (see `HostOptions.onViolation`). */
export interface Violation {
  app_key: string
  /** `focus-theft`: kept for panels that handle it; the host no longer reports it (see `onViolation`). */
  kind: 'focus-theft'
}

/**
 * Passed with each result to `host.on` listeners: the widget it is for. Only results that carry an
 * `event` (`PLATFORM_*`: payments and SMS) reach `host.on`; `widget.*` and `openLink` answer plain
 * values, which it does not see.
 */
export interface ResultMeta {
  app_key: string
  /**
   * True when the widget's page was gone (unmounted, reloaded, the host destroyed) before the
   * result came: the widget never hears it. A charge the backend completed after an unmount
   * arrives so (docs/panel.md, "A charge the widget no longer waits for").
   *
   * @example
   * host.on('PLATFORM_PAYMENT_SUCCESS', (r, { app_key, late }) => late && tellDoctor(app_key, r))
   */
  late: boolean
}

export type HostEvents = {
  [E in PlatformEventName]: (result: Parameters<PlatformEvents[E]>[0], meta: ResultMeta) => void
}

/**
 * What a row's check returns: the request as its handler gets it (the row's `HostRequest`,
 * narrowed by the check, such as `getSessionToken`'s scope split into names). The first of the
 * row's two call signatures is its validator's own (the second is `Operation`'s).
 */
export type Validated<K extends keyof T, T = OperationTable> = T[K] extends {
  validate: { (raw: unknown): infer V; (raw: unknown): unknown }
}
  ? V
  : never

/** What a row says its host method answers on success. */
export type Answer<K extends keyof T, T = OperationTable> = T[K] extends {
  types?: { result: infer R }
}
  ? R
  : never

/**
 * An operation's handler: the request the call pipeline checked against the row, and what it
 * needs of the call; it answers the row's result type. `T` is the table (another only in type
 * tests: a row whose result changes fails its handler's type check).
 */
export type Handler<K extends keyof T, T = OperationTable> = (
  request: Validated<K, T>,
  call: CallContext,
) => Promise<Answer<K, T>>

/**
 * What a feature handler gets for one call. `K` names the fields of `HostOptions` it reads, so
 * its type says what it depends on (`CallContext<'backend' | 'context'>`); the session builds
 * the whole one, and the dialog helpers (`ask`, `show`) read none.
 */
export interface CallContext<K extends keyof HostOptions = keyof HostOptions> {
  widget: WidgetRegistration
  /** The widget's origin, from its registered URL. */
  origin: string
  /** The panel's options, as far as this handler reads them. */
  options: Pick<HostOptions, K>
  /** The widget's limits, cool-down and pending consent, kept across its reloads. */
  guard: WidgetGuard
  locale: Locale
  panelOrigin: string
  layer: DialogLayer
  slot: DialogSlot
  /** Aborted when the widget reloads, unmounts or the host is destroyed. */
  signal: AbortSignal
  /**
   * When (a `Date.now()` time) the host answers this call at the latest, derived from the SDK's
   * wait: `HOST_TIMEOUTS.call` or `HOST_TIMEOUTS.dialogCall` after it arrived.
   */
  deadline: number
  /** The widget's deadlines, on one timer (see `deadlineTimer`). */
  deadlines: DeadlineTimer
  warn(message: string): void
  /** The widget's iframe, when the host mounted it: whose the page's user activation is. */
  frame?: HTMLIFrameElement
  /** The origin framing the panel page that it does not trust (see `frameAncestors`), if any. */
  framedBy(): string | undefined
  /** Reports a dialog of this call to `onTrace`; absent when no observer is set. */
  trace?: (entry: DialogTrace) => void
  /**
   * The payment test outcomes a development host offers (see `TestOutcomes`); only a host built
   * by the test kit (`createDevHost`) fills it, `createHost` never does.
   */
  testOutcomes?: TestOutcomes
}

/**
 * The operations with a handler in their folder (`src/operations/<name>/handler.ts`, listed in
 * the generated `handlers.ts`). The session answers the other three itself: `initialize`,
 * `resize` and `bye` change the connection's own state (its widget, its frame's height, its end),
 * which no handler's `CallContext` holds.
 */
export type Handled = Exclude<HostMethodName, 'initialize' | 'resize' | 'bye'>
