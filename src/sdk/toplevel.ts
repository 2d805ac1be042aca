import {
  isLinkUrl,
  PlatformError,
  type SessionTokenRequest,
  type TopLevelInfo,
} from '../events/index.js'
import { appKeyOf } from './compat.js'
import type { Platform } from './platform.js'

/**
 * `window.platform` in a top-level page, outside any panel: a widget's own start page, opened
 * from its site. `getSessionToken` goes through the platform's sign-in page (the consent dialog,
 * with all its rules) and back; `openLink` navigates the page; the calls that need the panel
 * reject with `NOT_EMBEDDED`. The script tag loads this only on a top-level page
 * (`platform-top.js`), so a widget in a panel never carries it.
 */
export interface TopLevelOptions {
  /** The platform's sign-in page, such as `https://panel.example/signin`. */
  signInUrl?: string
  window?: Window
}

/** Where the one-time state of a sign-in under way is kept, for the way back. */
export const SIGN_IN_STATE = 'platform:sign-in-state'
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/

type Answer = { token: string } | { error: PlatformError }

/**
 * The sign-in page's answer in the address bar's fragment (`#platform_token=…&state=…` or
 * `#platform_error=CODE&platform_message=…&state=…`), checked against the state this page kept,
 * and taken off the address bar at once: neither history nor a later Referer carries it.
 */
function takeAnswer(win: Window): Answer | undefined {
  const params = new URLSearchParams((win.location.hash ?? '').slice(1))
  const token = params.get('platform_token')
  const code = params.get('platform_error')
  if (token === null && code === null) return undefined
  let expected: string | null = null
  try {
    expected = win.sessionStorage.getItem(SIGN_IN_STATE)
    win.sessionStorage.removeItem(SIGN_IN_STATE)
  } catch {
    // No session storage: the state cannot be checked, so the answer is refused below.
  }
  win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search)
  if (!expected || params.get('state') !== expected) {
    return {
      error: new PlatformError(
        'INVALID_SESSION_TOKEN',
        "The sign-in answer is not for this page's request",
      ),
    }
  }
  if (token !== null) return { token }
  const message = (params.get('platform_message') ?? '').slice(0, 300)
  return {
    error: new PlatformError(
      code && CODE.test(code) ? (code as never) : 'BACKEND_ERROR',
      message || `The sign-in ended with ${code}`,
    ),
  }
}

/** 128 random bits, hex. */
function randomState(win: Window): string {
  const bytes = win.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * @example
 * const platform = createTopLevelPlatform({ signInUrl: 'https://panel.example/signin' })
 * await platform.initialize({ app_key: 'my-widget' }) // { app_key, embedded: false, panelOrigin }
 * const token = await platform.getSessionToken({ scope: ['provider.profile.read'] })
 */
export function createTopLevelPlatform(options: TopLevelOptions = {}): Platform {
  // Long: the top-level page's Platform object, methods over one sign-in state.
  const win = options.window ?? window
  const signIn = options.signInUrl ? new URL(options.signInUrl) : undefined
  // Read as the page loads, whether or not the widget asks: the token leaves the address bar now.
  let answer = takeAnswer(win)
  let app_key: string | undefined
  const needsPanel = (name: string) => async () => {
    throw new PlatformError('NOT_EMBEDDED', `${name}() works only in a panel's frame`)
  }

  const getSessionToken = async (request: SessionTokenRequest): Promise<string> => {
    if (!app_key)
      throw new PlatformError('NOT_INITIALIZED', 'Call initialize() before getSessionToken()')
    const found = answer
    answer = undefined
    if (found) {
      if ('error' in found) throw found.error
      return found.token
    }
    if (!signIn) {
      throw new PlatformError('NOT_EMBEDDED', 'No sign-in page is known outside the panel')
    }
    const scope = (request as { scope?: unknown } | undefined)?.scope
    const state = randomState(win)
    win.sessionStorage.setItem(SIGN_IN_STATE, state)
    const url = new URL(signIn)
    url.search = new URLSearchParams({
      app_key,
      scope: Array.isArray(scope) ? scope.join(' ') : String(scope ?? ''),
      return: win.location.pathname + win.location.search,
      state,
    }).toString()
    win.location.assign(url.href)
    // The page is leaving for the sign-in page; it asks again when it comes back.
    return new Promise<never>(() => {})
  }

  const info = (key: string): TopLevelInfo => ({
    app_key: key,
    embedded: false,
    panelOrigin: signIn?.origin ?? '',
  })

  return {
    version: __PLATFORM_SDK_VERSION__,
    initialize: async (init) => {
      const key = appKeyOf(init)
      if (app_key && app_key !== key) {
        throw new PlatformError(
          'ALREADY_INITIALIZED',
          `Already initialized with app_key "${app_key}"`,
        )
      }
      app_key = key
      return info(key)
    },
    getSessionToken,
    openLink: async (request) => {
      if (!isLinkUrl(request?.url))
        throw new PlatformError('INVALID_ARGUMENT', 'url: expected an https URL', 'url')
      // As the original SDK does outside the panel: the page goes there itself.
      win.location.assign(request.url)
      return { opened: true }
    },
    redirect: { dispatch: needsPanel('redirect.dispatch') },
    flow: { dispatch: needsPanel('flow.dispatch') },
    payment: {
      pay: needsPanel('payment.pay'),
      subscribe: needsPanel('payment.subscribe'),
      payForDoctorService: needsPanel('payment.payForDoctorService'),
    },
    sms: { activate: needsPanel('sms.activate'), charge: needsPanel('sms.charge') },
    widget: {
      addToProfile: needsPanel('widget.addToProfile'),
      removeFromProfile: needsPanel('widget.removeFromProfile'),
      refreshProfile: needsPanel('widget.refreshProfile'),
      refreshPorifle: needsPanel('widget.refreshPorifle'),
    },
    // No results reach a page outside the panel.
    on: () => () => {},
    destroy() {},
  }
}
