import type { Payload } from './payload.js'
import type { ScopeName } from './scopes.js'

/** Where a widget is mounted. Some operations only work in one of them. */
export const CONTEXTS = ['doctor-panel', 'booking-flow', 'doctor-profile'] as const
export type HostContext = (typeof CONTEXTS)[number]

/** Locales the host renders dialogs in. `fa` is right to left. */
export const LOCALES = ['fa', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** Flow keys accepted by `flow.dispatch`. */
export const FLOW_KEYS = ['BOOKING.RECEIPT', 'BOOKING.ONLINE_VISIT_CHANNEL'] as const
export type FlowKey = (typeof FLOW_KEYS)[number]

const call = 10_000
const dialogCall = 11 * 60_000
/** What the host keeps back from each of the SDK's waits, for its answer's way back on a busy page. */
const callMargin = 2_000
const dialogCallMargin = 30_000
const backend = 30_000

/**
 * Timeouts, in milliseconds. The SDK's waits come first; every host deadline
 * ({@link HOST_TIMEOUTS}) is derived from them, so the host always answers (and closes its
 * dialog) before the SDK gives up: no dialog is ever open for a call the SDK no longer waits
 * for, and no token or charge is made for one.
 */
export const TIMEOUTS = {
  /** Handshake with the host. */
  handshake: 5_000,
  /** The SDK's wait for a call that opens no dialog. */
  call,
  /** The SDK's wait for a call that may open a dialog. */
  dialogCall,
  /**
   * A dialog call's turn in the queue and its open dialog, together: an unanswered dialog
   * closes when this has passed since the call arrived at the host.
   */
  dialog: dialogCall - dialogCallMargin - backend,
} as const

/**
 * The host's deadlines, from a call's arrival (kept apart so the SDK's bundle omits them). The
 * wire's: shared through `wire.ts`, not published in `./events`.
 */
export const HOST_TIMEOUTS = {
  /** The host answers a call that opens no dialog within this. */
  call: call - callMargin,
  /** The host answers a dialog call within this, whatever its backend does. */
  dialogCall: dialogCall - dialogCallMargin,
  /** The last part of a dialog call's time, kept for the panel's backend after a confirm. */
  backend,
} as const

/** `initialize` as it crosses the bridge: the key and the SDK's protocol version (the wire's). */
export interface InitializeRequest {
  app_key: string
  protocol: number
}

/**
 * How the panel looks now: its language, that language's writing direction, and whether it is
 * light or dark. A widget that follows it looks like part of the panel.
 */
export interface PanelLook {
  locale: Locale
  /** `rtl` for `fa`, `ltr` for `en`: set it on the widget's `<html dir>`. */
  dir: 'rtl' | 'ltr'
  /**
   * The panel's colour scheme: the one its theme pins, else the user's `prefers-color-scheme`
   * as the panel's window sees it.
   */
  colorScheme: 'light' | 'dark'
}

/** What the host tells the widget after a successful `initialize`. */
export interface InitializeInfo extends PanelLook {
  app_key: string
  context: HostContext
  panelOrigin: string
  /** True when the host runs in development mode; the SDK then logs warnings for no-op calls. */
  dev: boolean
  /** In a panel's frame. */
  embedded: true
}

/**
 * What `initialize` resolves with in a top-level page (not in a panel's frame): only
 * `getSessionToken` (through the platform's sign-in page) and `openLink` work there.
 */
export interface TopLevelInfo {
  app_key: string
  embedded: false
  /** The platform origin whose sign-in page `getSessionToken` goes through. */
  panelOrigin: string
}

/**
 * `getSessionToken`'s argument, in the specification's form and the original SDK's: `scope` as a
 * list or one space-separated string, and its `appId`.
 */
export interface SessionTokenRequest {
  /**
   * Well-formed scope names, or the original SDK's one space-separated string of them; the host
   * refuses those not enabled for the widget.
   */
  scope: ScopeName[] | string
  /**
   * The ms by which the call ends, bounded to `MIN_TOKEN_TIMEOUT` (2 min) … 10 min 30 s: the host
   * answers `TIMEOUT` then, and closes its dialog before.
   */
  timeout?: number
  /** The original SDK's app id: accepted and ignored (the host knows the widget). */
  appId?: string | number
}

export interface RedirectRequest {
  path: string
  newContext?: boolean
}

/**
 * `applied: false` when the call had no effect in this context. The wire's: the SDK's `redirect`
 * and `flow` resolve `void`.
 */
export interface NavigationOutcome {
  applied: boolean
}

/** `pay` request: exactly one of `product_key` and `receipt_id`. */
export type PayRequest =
  | { product_key: string; receipt_id?: never; payload?: Payload }
  | { receipt_id: string; product_key?: never; payload?: Payload }

/**
 * What `widget.*` asks: put the widget on the doctor's profile, take it off, or purge the cache.
 * The wire's: the SDK's `widget.*` methods take no argument.
 */
export interface ProfileRequest {
  action: 'add' | 'remove' | 'refresh'
}

/** `add` and `remove` resolve with whether the widget is now on the profile; `refresh` with `refreshed`. */
export type ProfileResult = { active: boolean } | { refreshed: true }
