/**
 * Every error the SDK and the host produce carries one of these codes.
 * Codes are a contract: renaming one is a breaking change, rewording a message is not.
 *
 * @example
 * if (error instanceof PlatformError && error.code === ErrorCode.USER_CLOSED_POPUP) retry()
 */
export const ErrorCode = {
  /** A call that needs the panel, made in a top-level page (not inside a panel iframe). */
  NOT_EMBEDDED: 'NOT_EMBEDDED',
  /** The page embedding the widget is not one of the trusted panel origins. */
  UNTRUSTED_HOST: 'UNTRUSTED_HOST',
  /** No host answered the handshake in time. */
  HOST_UNREACHABLE: 'HOST_UNREACHABLE',
  /** A call was made before `initialize`. */
  NOT_INITIALIZED: 'NOT_INITIALIZED',
  /** `initialize` was called again with another `app_key`. */
  ALREADY_INITIALIZED: 'ALREADY_INITIALIZED',
  /** The host refused an `app_key` that is not the one it mounted in this iframe. */
  APP_KEY_MISMATCH: 'APP_KEY_MISMATCH',
  /** An argument is missing or malformed; `field` names it. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** A requested scope is not enabled for this widget. */
  INVALID_SCOPE: 'INVALID_SCOPE',
  /** The user closed a dialog (close button, Esc or cancel) without confirming. */
  USER_CLOSED_POPUP: 'USER_CLOSED_POPUP',
  /** Another dialog is open and this kind of request is refused rather than stacked. */
  DIALOG_BUSY: 'DIALOG_BUSY',
  /** The user dismissed this widget's dialogs several times in a short while: its dialog requests are refused for a cool-down. */
  DIALOG_COOLDOWN: 'DIALOG_COOLDOWN',
  /**
   * The panel page is framed by an origin it does not list (`frameAncestors`): its dialogs could
   * be drawn invisible under a bait, so the host refuses every dialog while it is framed.
   */
  PANEL_FRAMED: 'PANEL_FRAMED',
  /**
   * Too many calls from this widget in flight or in the last second, or a top-level page that
   * would leave for the sign-in page again within 30 s of its last trip; retry later.
   */
  RATE_LIMITED: 'RATE_LIMITED',
  /**
   * No tab was opened: the browser blocked the tab `openLink` opened (a popup blocker), or
   * `redirect.dispatch({ newContext: true })` came without a click in the widget's own frame (a
   * timer, a page load, the doctor's click on the panel or on another widget) or after that click
   * had already opened its one tab.
   */
  POPUP_BLOCKED: 'POPUP_BLOCKED',
  /** The operation is not available in this panel context. */
  WRONG_CONTEXT: 'WRONG_CONTEXT',
  /** The call got no answer in time. */
  TIMEOUT: 'TIMEOUT',
  /** The bridge closed (widget unmounted or reloaded, host destroyed) while the call was pending. */
  CONNECTION_CLOSED: 'CONNECTION_CLOSED',
  /** The platform backend failed; the message says how. */
  BACKEND_ERROR: 'BACKEND_ERROR',
  /** The other side does not offer this operation (version mismatch). */
  UNSUPPORTED: 'UNSUPPORTED',
  /** Server helpers: the session token is invalid, expired, reused or for another widget. */
  INVALID_SESSION_TOKEN: 'INVALID_SESSION_TOKEN',
  /** Server helpers: the developer key is not authorized for the widget. */
  DEVELOPER_NOT_AUTHORIZED: 'DEVELOPER_NOT_AUTHORIZED',
  /** Server helpers: the platform refused the request body. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** Server helpers: the platform could not be reached or did not answer in time. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** Server helpers: monetization verify refused the receipt (unknown, or verified before). */
  PAYMENT_NOT_VERIFIED: 'PAYMENT_NOT_VERIFIED',
  /** Server helpers: a webhook's signature, timestamp or headers did not verify. */
  INVALID_WEBHOOK_SIGNATURE: 'INVALID_WEBHOOK_SIGNATURE',
  /** Platform client: the platform answered a call with an error (`status` and `body` say which). */
  API_ERROR: 'API_ERROR',
  /**
   * Host: a mounted widget did not come up (`MountedWidget.ready`); `reason` says why and
   * `detail` adds what was seen.
   */
  WIDGET_UNAVAILABLE: 'WIDGET_UNAVAILABLE',
} as const

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/**
 * Why a mounted widget did not come up (`WIDGET_UNAVAILABLE`): its page never connected
 * (`no-handshake`), or, as the panel's `diagnose` found, answered an HTTP error (`http-error`),
 * refused to be framed (`refused-framing`) or could not be reached (`unreachable`); it connected
 * but did not initialize in time (`no-initialize`); or it initialized as another widget
 * (`app-key-mismatch`).
 */
export type WidgetUnavailableReason =
  | 'no-handshake'
  | 'no-initialize'
  | 'app-key-mismatch'
  | 'http-error'
  | 'refused-framing'
  | 'unreachable'

/** Plain-data form of a {@link PlatformError}, the only way errors cross the bridge. */
export interface SerializedError {
  name: 'PlatformError'
  code: ErrorCode
  message: string
  field?: string
}

/**
 * The one error class of the SDK and the host.
 *
 * @example
 * try { await platform.getSessionToken({ scope: ['provider.profile.read'] }) }
 * catch (e) { if (e instanceof PlatformError) console.log(e.code, e.field) }
 */
export class PlatformError extends Error {
  override readonly name = 'PlatformError'
  readonly code: ErrorCode
  /** The argument at fault, for `INVALID_ARGUMENT` (for example `scope[1]` or `payload`). */
  readonly field: string | undefined
  /** Why the widget is unavailable, for `WIDGET_UNAVAILABLE` (the host's own; never sent). */
  readonly reason: WidgetUnavailableReason | undefined
  /** What was seen, for `WIDGET_UNAVAILABLE`: `HTTP 404`, `X-Frame-Options: DENY`, … */
  readonly detail: string | undefined

  constructor(
    code: ErrorCode,
    message: string,
    field?: string,
    unavailable?: { reason: WidgetUnavailableReason; detail: string },
  ) {
    super(message)
    this.code = code
    this.field = field
    this.reason = unavailable?.reason
    this.detail = unavailable?.detail
  }
}

/**
 * Whether `error` is a {@link PlatformError}, and of `code` when one is given: the way to test an
 * error's code without a cast. It reads the error's `name`, not its class, so an error made by
 * another copy of the SDK (`platform.js` beside an npm import) passes too.
 *
 * @example
 * try {
 *   await platform.getSessionToken({ scope: ['provider.profile.read'] })
 * } catch (error) {
 *   if (isPlatformError(error, 'USER_CLOSED_POPUP')) return 'declined'
 *   throw error
 * }
 */
export function isPlatformError<C extends ErrorCode = ErrorCode>(
  error: unknown,
  code?: C,
): error is PlatformError & { code: C } {
  return (
    error instanceof Error &&
    error.name === 'PlatformError' &&
    (code === undefined || (error as PlatformError).code === code)
  )
}

/** What a code looks like: a newer host's code, not yet in this table, passes through as it is. */
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/

/** Turns any thrown value into plain data that survives `postMessage`. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof PlatformError) {
    const out: SerializedError = { name: 'PlatformError', code: error.code, message: error.message }
    if (error.field !== undefined) out.field = error.field
    return out
  }
  return {
    name: 'PlatformError',
    code: ErrorCode.BACKEND_ERROR,
    message: error instanceof Error ? error.message : String(error),
  }
}

/**
 * Rebuilds a {@link PlatformError} from data received over the bridge. A code in the form of one
 * (upper case, digits and `_`) is kept, even one this version does not list, so a newer host's
 * code reaches the widget; anything else becomes BACKEND_ERROR.
 */
export function deserializeError(data: unknown): PlatformError {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const code =
    typeof d.code === 'string' && CODE.test(d.code) ? (d.code as ErrorCode) : 'BACKEND_ERROR'
  const message = typeof d.message === 'string' ? d.message : 'Unknown error'
  return new PlatformError(code, message, typeof d.field === 'string' ? d.field : undefined)
}

/** Shorthand for an INVALID_ARGUMENT error about `field`. */
export function invalid(field: string, message: string): PlatformError {
  return new PlatformError(ErrorCode.INVALID_ARGUMENT, `${field}: ${message}`, field)
}
