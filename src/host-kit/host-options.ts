import type { FlowKey, HostContext, Locale } from '../events/index.js'
import type { BackendAdapter } from './backend.js'
import type { DialogObserver } from './dialog/dialog-types.js'
import type { HostTheme } from './dialog/theme.js'
import type { TraceEntry } from './trace.js'
import type { Diagnosis, Unavailability } from './unavailability.js'
import type { WidgetRegistration } from './widget-registration.js'

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
   * Called with every dialog once it is open, with its kind (a `DialogKind`: the operations'
   * dialogs). Its buttons carry `data-action` `confirm`, `cancel` and `close`. The test kit
   * answers dialogs through it.
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
