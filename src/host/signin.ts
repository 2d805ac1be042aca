import { ErrorCode, type Locale, PlatformError, validatePath } from '../events/index.js'
import { HOST_TIMEOUTS } from '../events/wire.js'
import { deadlineTimer } from '../transport/deadlines.js'
import type { BackendAdapter } from './backend.js'
import { getSessionToken } from './consent.js'
import { createDialogLayer, INTENT_DELAY } from './dialog.js'
import { withoutBidi } from './dom.js'
import { createGuard } from './guard.js'
import { serializeHostError } from './messages.js'
import { createSlot } from './slot.js'
import type { HostTheme } from './theme.js'
import type { HostOptions, WidgetRegistration } from './types.js'

/** What the sign-in page of a panel needs. */
export interface SignInOptions {
  /** The widgets the platform knows; the request names one by `app_key`. */
  widgets: WidgetRegistration[]
  backend: BackendAdapter
  /** Dialog language. Default `fa`. */
  locale?: Locale
  theme?: HostTheme
  /** The page's query: `app_key`, `scope` (space-separated), `return` (a path) and `state`. */
  query?: string
  /** The sign-in page's document. Default `document`. */
  document?: Document
  /** Goes back to the widget. Default `location.replace(url)`: no history entry to return to. */
  navigate?: (url: string) => void
}

/** A one-time state the SDK made: 16 to 128 letters, digits, `-` or `_`. */
const STATE = /^[A-Za-z0-9_-]{16,128}$/

/**
 * Runs a panel's sign-in page for a widget's top-level page (`getSessionToken` outside the
 * panel): the host's consent dialog, with every rule of the one in the panel (only scopes
 * enabled for the widget, remembered consent, the intent delay, the widget named in the dialog).
 * Then it sends the tab back to the widget's registered origin, never to one the request names,
 * with `#platform_token=…&state=…` or `#platform_error=CODE&platform_message=…&state=…`. Resolves
 * with the URL it went back to; rejects, going nowhere, when the request names no widget, no
 * valid return path or state, or when the page is framed.
 *
 * @example
 * // The panel's /signin page:
 * await runSignIn({ widgets, backend, locale: 'fa' })
 */
export async function runSignIn(options: SignInOptions): Promise<string> {
  const doc = options.document ?? document
  const win = doc.defaultView ?? window
  // A sign-in page inside another page could be covered and clicked through: refuse it.
  if (win.top !== win) {
    throw new PlatformError(ErrorCode.UNTRUSTED_HOST, 'The sign-in page refuses to be framed')
  }
  const params = new URLSearchParams(options.query ?? win.location.search)
  const widget = options.widgets.find((w) => w.app_key === params.get('app_key'))
  if (!widget)
    throw new PlatformError(ErrorCode.INVALID_ARGUMENT, 'app_key: not a known widget', 'app_key')
  const back = validatePath(params.get('return') ?? '')
  const state = params.get('state') ?? ''
  if (!STATE.test(state)) {
    throw new PlatformError(
      ErrorCode.INVALID_ARGUMENT,
      'state: expected the SDK’s one-time state',
      'state',
    )
  }
  const origin = new URL(widget.url).origin
  const locale = options.locale ?? 'fa'
  const registration = { ...widget, name: withoutBidi(widget.name), origin }
  const layer = createDialogLayer(doc, undefined, options.theme, {
    intentDelay: INTENT_DELAY,
    frames: () => [],
  })
  const deadlines = deadlineTimer((message) => new PlatformError(ErrorCode.TIMEOUT, message))
  const hostOptions: HostOptions = {
    context: 'doctor-panel',
    widgets: options.widgets,
    backend: options.backend,
    locale,
  }
  let answer: URLSearchParams
  try {
    const token = await getSessionToken(
      { scope: params.get('scope') ?? '' },
      {
        widget: registration,
        origin,
        options: hostOptions,
        guard: createGuard(),
        locale,
        panelOrigin: win.location.origin,
        layer,
        slot: createSlot(),
        signal: new AbortController().signal,
        deadline: Date.now() + HOST_TIMEOUTS.dialogCall,
        deadlines,
        warn: () => {},
        // Refused above when framed at all.
        framedBy: () => undefined,
      },
    )
    answer = new URLSearchParams({ platform_token: token, state })
  } catch (error) {
    const { code, message } = serializeHostError(error, locale)
    answer = new URLSearchParams({ platform_error: code, platform_message: message, state })
  } finally {
    deadlines.destroy()
    layer.destroy()
  }
  const url = `${origin}${back}#${answer}`
  ;(options.navigate ?? ((to) => win.location.replace(to)))(url)
  return url
}
