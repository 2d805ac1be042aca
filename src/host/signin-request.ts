import {
  ErrorCode,
  type Locale,
  PlatformError,
  type ScopeName,
  validatePath,
  validateSessionToken,
} from '../events/index.js'
import { invalid } from '../events/wire.js'
import { withDetail } from '../host-kit/messages.js'
import { checkServerPath } from '../host-kit/path-rules.js'
import { topLevelReturn } from './top-level-pages.js'
import type { WidgetRegistration } from './types.js'

/** A one-time state the SDK made: 16 to 128 letters, digits, `-` or `_`. */
const STATE = /^[A-Za-z0-9_-]{16,128}$/
/** The SHA-256 of the SDK's verifier, base64url without padding. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/** A sign-in request that may be asked: every part checked before any dialog or navigation. */
export interface SignInRequest {
  widget: WidgetRegistration
  /** Where the answer goes: one of the widget's registered top-level pages. */
  back: string
  state: string
  /** What the code is bound to: the SHA-256 of the verifier the starting page kept. */
  challenge: string
  scope: ScopeName[]
}

/**
 * The URL a sign-in may go back to: `back` (the request's `return`) checked like a panel path
 * (and no `#`, `;`, `%25` or dot segment a server may read otherwise: `checkServerPath`), with no
 * query (the SDK keeps the page's query in the tab), then exactly one of the widget's registered
 * top-level pages on its registered origin (`topLevelReturn`): never a page of the widget that
 * is not listed, such as one that redirects elsewhere.
 *
 * @example
 * returnUrl({ url: 'https://w.example/app/', topLevelPages: ['/app/start'] }, '/app/start')
 * // 'https://w.example/app/start'
 */
export function returnUrl(
  widget: Pick<WidgetRegistration, 'url' | 'topLevelPages'>,
  back: unknown,
): string {
  try {
    validatePath(back)
  } catch (error) {
    throw invalid('return', (error as Error).message.replace(/^path: /, ''))
  }
  checkServerPath(back as string, 'return', { hash: false })
  if ((back as string).includes('?')) {
    throw invalid('return', 'must carry no query (the SDK keeps the page’s query in the tab)')
  }
  return topLevelReturn(widget, back as string)
}

/**
 * Reads and checks a sign-in request (the page's query): a known widget, the SDK's one-time
 * state and challenge, a way back to one of the widget's registered top-level pages, and
 * well-formed scopes all enabled for it. Throws the first fault as a `PlatformError` (`INVALID_ARGUMENT` naming the parameter,
 * or `INVALID_SCOPE`), before anything is shown or any tab moves.
 */
export function readSignInRequest(
  params: URLSearchParams,
  widgets: readonly WidgetRegistration[],
): SignInRequest {
  const widget = widgets.find((w) => w.app_key === params.get('app_key'))
  if (!widget) throw invalid('app_key', 'not a known widget')
  const state = params.get('state') ?? ''
  if (!STATE.test(state)) throw invalid('state', 'expected the SDK’s one-time state')
  const challenge = params.get('challenge') ?? ''
  if (!CHALLENGE.test(challenge)) {
    throw invalid('challenge', 'expected the SHA-256 of the SDK’s verifier, base64url')
  }
  const back = returnUrl(widget, params.get('return') ?? '')
  const { scope } = validateSessionToken({ scope: params.get('scope') ?? '' })
  const notEnabled = scope.filter((s) => !widget.scopes.includes(s))
  if (notEnabled.length) {
    throw withDetail(
      new PlatformError(
        ErrorCode.INVALID_SCOPE,
        `Not enabled for ${widget.app_key}: ${notEnabled.join(', ')}`,
      ),
      notEnabled.join(', '),
    )
  }
  return { widget, back, state, challenge, scope }
}

/** The widget page's language, when the request names one the platform speaks (`locale=en`). */
export function requestLocale(params: URLSearchParams): Locale | undefined {
  const asked = params.get('locale')
  return asked === 'fa' || asked === 'en' ? asked : undefined
}
