import { ErrorCode, type Locale, PlatformError, type ScopeName } from '../events/index.js'
import { HOST_TIMEOUTS } from '../events/wire.js'
import type { BackendAdapter, BackendCall } from '../host-kit/backend.js'
import { loadWords } from '../host-kit/dialog/catalog.js'
import { INTENT_DELAY } from '../host-kit/dialog/intent-delay.js'
import { createSlot } from '../host-kit/dialog/slot.js'
import type { HostTheme } from '../host-kit/dialog/theme.js'
import { createGuard } from '../host-kit/guard.js'
import { serializeHostError } from '../host-kit/messages.js'
import { checkName } from '../host-kit/names.js'
import { deadlineTimer } from '../transport/deadlines.js'
import { loadDialogs } from './lazy.js'
import { readSignInRequest, requestLocale, type SignInRequest } from './signin-request.js'
import { showRefusal } from './signin-view.js'
import { checkTopLevelPages } from './top-level-pages.js'
import type { WidgetRegistration } from './types.js'

/** What the sign-in page of a panel needs. */
export interface SignInOptions {
  /** The widgets the platform knows; the request names one by `app_key`. */
  widgets: WidgetRegistration[]
  backend: BackendAdapter
  /** Dialog language, unless the request names the widget page's (`locale=fa|en`). Default `fa`. */
  locale?: Locale
  theme?: HostTheme
  /**
   * The page's query: `app_key`, `scope` (space-separated), `return` (one of the widget's
   * `topLevelPages`, no query), `state`, `challenge` and, optionally, `locale`.
   */
  query?: string
  /** The sign-in page's document. Default `document`. */
  document?: Document
  /** Goes back to the widget. Default `location.replace(url)`: no history entry to return to. */
  navigate?: (url: string) => void
  /**
   * Where a refused request is explained, with its link back to the widget. Default the
   * document's body.
   */
  container?: HTMLElement
}

/**
 * Runs a panel's sign-in page for a widget's top-level page (`getSessionToken` outside the
 * panel): the host's consent dialog, with every rule of the one in the panel (only scopes
 * enabled for the widget, remembered consent, the intent delay, the widget named). The request
 * is checked whole first (the widgets' `topLevelPages`, then `readSignInRequest`): a known
 * widget, the SDK's one-time state and challenge, a `return` that is exactly one of the widget's
 * registered `topLevelPages`, valid and enabled scopes. The tab moves only on a real answer: the user's Allow or Cancel in the dialog, or consent already given
 * for this valid request. Then it goes back to `return` on the widget's registered origin, never
 * one the request names, with `#platform_code=…&state=…` (a one-time code for the token and the
 * tab's renewal grant, worth nothing without the verifier the starting page kept:
 * `issueSignInCode`) or `#platform_error=CODE&platform_message=…&state=…`.
 * Resolves with that URL. Anything else (an invalid request, an error before any dialog, no
 * answer in time) stays on the page, says why in `container` in the page's language with a link
 * back to the widget's registered URL, and rejects with the error.
 *
 * @example
 * // The panel's /signin page:
 * await runSignIn({ widgets, backend, locale: 'fa' })
 */
export async function runSignIn(options: SignInOptions): Promise<string> {
  const doc = options.document ?? document
  const win = doc.defaultView ?? window
  // A sign-in page inside another page could be covered and clicked through: refuse it, and
  // show nothing a framing page could make the user click.
  if (win.top !== win) {
    throw new PlatformError(ErrorCode.UNTRUSTED_HOST, 'The sign-in page refuses to be framed')
  }
  const params = new URLSearchParams(options.query ?? win.location.search)
  const container = options.container ?? doc.body
  const locale = requestLocale(params) ?? options.locale ?? 'fa'
  let request: SignInRequest
  try {
    if (!options.backend.issueSignInCode) {
      throw new PlatformError(
        ErrorCode.UNSUPPORTED,
        'The platform’s backend issues no sign-in codes',
      )
    }
    checkTopLevelPages(options.widgets)
    request = readSignInRequest(params, options.widgets)
  } catch (error) {
    const widget = options.widgets.find((w) => w.app_key === params.get('app_key'))
    showRefusal(container, error, locale, widget)
    throw error
  }
  const answer = await ask(request, options, doc, locale, (error) => {
    showRefusal(container, error, locale, request.widget)
  })
  const url = `${request.back}#${answer}`
  ;(options.navigate ?? ((to) => win.location.replace(to)))(url)
  return url
}

/**
 * The consent dialog for a checked request, and the answer to send back: the token (and grant),
 * or the user's answer as an error. Calls `refuse` and rethrows when there is no answer of the
 * user's to send: an error before any dialog, or none in time.
 */
async function ask(
  request: SignInRequest,
  options: SignInOptions,
  doc: Document,
  locale: Locale,
  refuse: (error: unknown) => void,
): Promise<URLSearchParams> {
  const { widget, state, scope, challenge } = request
  const origin = new URL(widget.url).origin
  // Whether the user saw the dialog: only then does an error count as their answer.
  let asked = false
  // The same chunk as the panel's dialogs: a panel that imports the host for `createHost` alone
  // ships none of it.
  const [{ createDialogLayer, sessionToken, withBackend }] = await Promise.all([
    loadDialogs(),
    loadWords(locale),
  ])
  const layer = createDialogLayer(
    doc,
    () => {
      asked = true
    },
    options.theme,
    { intentDelay: INTENT_DELAY, frames: () => [] },
  )
  const deadlines = deadlineTimer((message) => new PlatformError(ErrorCode.TIMEOUT, message))
  // No widget page to go away here: the signal aborts at the deadline.
  const call = {
    signal: new AbortController().signal,
    deadline: Date.now() + HOST_TIMEOUTS.dialogCall,
    deadlines,
  }
  try {
    const token = await sessionToken(scope, {
      ...call,
      widget: { ...widget, name: checkName(widget.name, widget.app_key, 'name') },
      origin,
      options: { context: 'doctor-panel', backend: options.backend },
      guard: createGuard(),
      locale,
      panelOrigin: (doc.defaultView ?? window).location.origin,
      layer,
      slot: createSlot(),
      warn: () => {},
      // Refused before when framed at all.
      framedBy: () => undefined,
    })
    const { backend } = options
    const grant = await renewalGrant(backend, { app_key: widget.app_key, origin, scope }, (run) =>
      withBackend(call, run),
    )
    // The address bar carries a code, not the token: a redirect could hand it to anyone.
    const code = await withBackend(call, (o) =>
      backend.issueSignInCode!(
        {
          app_key: widget.app_key,
          origin,
          challenge,
          session_token: token,
          ...(grant ? { grant } : {}),
        },
        o,
      ),
    )
    return new URLSearchParams({ platform_code: code, state })
  } catch (error) {
    // Cancel, or a failure after Allow, is the user's answer; no answer in time is not.
    if (!asked || (error as { code?: string } | null)?.code === ErrorCode.TIMEOUT) {
      refuse(error)
      throw error
    }
    const { code, message } = serializeHostError(error, locale)
    return new URLSearchParams({ platform_error: code, platform_message: message, state })
  } finally {
    deadlines.destroy()
    layer.destroy()
  }
}

/**
 * The tab's renewal grant, when the backend issues them: a failure costs the page its renewals
 * (its next `getSessionToken` comes back here), never the token just given.
 */
async function renewalGrant(
  backend: BackendAdapter,
  request: { app_key: string; origin: string; scope: ScopeName[] },
  withBackend: (run: (o: BackendCall) => Promise<string>) => Promise<string>,
): Promise<string | undefined> {
  const issue = backend.issueRenewalGrant
  if (!issue) return undefined
  try {
    return await withBackend((o) =>
      issue.call(
        backend,
        { app_key: request.app_key, origin: request.origin, scopes: request.scope },
        o,
      ),
    )
  } catch {
    return undefined
  }
}
