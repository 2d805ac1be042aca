import {
  isLinkUrl,
  isPlatformError,
  PlatformError,
  type SessionTokenRequest,
  type TopLevelInfo,
} from '../events/index.js'
import type { SdkPath } from '../operations/index.js'
import type { Platform } from './api.js'
import type { SdkCall } from './call-types.js'
import { appKeyOf } from './compat.js'
import { redeem, renew, type Send } from './toplevel-renew.js'
import { takeAnswer, trip } from './toplevel-signin.js'
import { type Held, read, SIGN_IN_GRANT, type SignInRequest } from './toplevel-storage.js'
import { withCalls } from './with-calls.js'

export {
  SIGN_IN_AT,
  SIGN_IN_GRANT,
  SIGN_IN_INTERVAL,
  SIGN_IN_STATE,
} from './toplevel-storage.js'

/**
 * `window.platform` in a top-level page, outside any panel: a widget's own start page, opened
 * from its site. The first `getSessionToken` in a tab goes through the platform's sign-in page
 * (the consent dialog, with all its rules) and back; the answer is a one-time code, which the
 * page trades, with a verifier it kept in the tab, for the token and a renewal grant, kept in
 * the tab's `sessionStorage`, which later calls on the tab's pages of this origin trade at the
 * platform's renewal endpoint for a fresh token, without leaving the page. `openLink` navigates
 * the page; the calls that need the panel reject with `NOT_EMBEDDED`. The script tag loads this
 * only on a top-level page (`platform-top.js`), so a widget in a panel never carries it.
 */
export interface TopLevelOptions {
  /** The platform's sign-in page, such as `https://panel.example/signin`. */
  signInUrl?: string
  window?: Window
  /** Tests: the clock (ms) of the 30 s rule. Default `Date.now`. */
  now?: () => number
  /** Tests: the renewal's fetch. Default the window's. */
  fetch?: typeof fetch
}

/** `scope` as the widget gave it (a list, or one space-separated string), as a list. */
function scopeList(request: SessionTokenRequest | undefined): string[] {
  const scope = (request as { scope?: unknown } | undefined)?.scope
  const list = Array.isArray(scope) ? scope.map(String) : String(scope ?? '').split(' ')
  return [...new Set(list.filter(Boolean))]
}

/**
 * @example
 * const platform = createTopLevelPlatform({ signInUrl: 'https://panel.example/signin' })
 * await platform.initialize({ app_key: 'my-widget' }) // { app_key, embedded: false, panelOrigin }
 * const token = await platform.getSessionToken({ scope: ['provider.profile.read'] })
 */
export function createTopLevelPlatform(options: TopLevelOptions = {}): Platform {
  const win = options.window ?? window
  const now = options.now ?? Date.now
  const signIn = options.signInUrl ? new URL(options.signInUrl) : undefined
  // Read when used: a window without fetch still gets the calls that need none.
  const send: Send = (url, init) => (options.fetch ?? win.fetch.bind(win))(url, init)
  let app_key: string | undefined
  const needsPanel = (name: string) => async () => {
    throw new PlatformError('NOT_EMBEDDED', `${name}() works only in a panel's frame`)
  }

  // Read as the page loads, whether or not the widget asks: the code leaves the address bar now,
  // and is redeemed at once (it lives a minute).
  const taken = takeAnswer(win)
  let answer = taken && redeem(win, send, signIn, taken)
  /**
   * One renewal at a time, after the code's: each use rotates the grant, so two at once would
   * look like a replay, and a call before the code's grant is kept would leave to sign in again.
   */
  let queue: Promise<unknown> = answer?.catch(() => {}) ?? Promise.resolve()

  const tokenFor = async (request: SignInRequest, at: URL): Promise<string> => {
    const held = read<Held>(win, SIGN_IN_GRANT)
    if (
      typeof held?.grant === 'string' &&
      held.app_key === request.app_key &&
      Array.isArray(held.scope) &&
      request.scope.every((s) => held.scope.includes(s))
    ) {
      const token = await renew(win, send, held, request.scope, at)
      if (token !== undefined) return token
    }
    return trip(win, now, request, at)
  }

  const getSessionToken = async (request: SessionTokenRequest): Promise<string> => {
    if (!app_key)
      throw new PlatformError('NOT_INITIALIZED', 'Call initialize() before getSessionToken()')
    const scope = scopeList(request)
    // As in the panel: a token with no scope would still name the user, with no consent behind it.
    if (!scope.length) {
      throw new PlatformError('INVALID_ARGUMENT', 'scope: must name at least one scope', 'scope')
    }
    const found = answer
    answer = undefined
    if (found) return found
    if (!signIn) {
      throw new PlatformError('NOT_EMBEDDED', 'No sign-in page is known outside the panel')
    }
    const next = queue.then(() => tokenFor({ app_key: app_key!, scope }, signIn))
    queue = next.catch(() => {})
    return next
  }

  const info = (key: string): TopLevelInfo => ({
    app_key: key,
    embedded: false,
    panelOrigin: signIn?.origin ?? '',
  })

  /**
   * The calls a top-level page can answer, by the table's paths (typed by their rows: `SdkCall`);
   * every other call of the table needs the panel.
   */
  const calls: { [P in SdkPath]?: SdkCall<P> } = {
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
    // The widget's argument is not trusted to be the type's: the URL is checked here.
    openLink: async (request) => {
      if (!isLinkUrl(request?.url))
        throw new PlatformError('INVALID_ARGUMENT', 'url: expected an https URL', 'url')
      // As the original SDK does outside the panel: the page goes there itself.
      win.location.assign(request.url)
      return { opened: true }
    },
  }

  return withCalls<Platform>(
    {
      version: __PLATFORM_SDK_VERSION__,
      isPlatformError,
      // No results reach a page outside the panel.
      on: () => () => {},
      destroy() {},
    },
    (path) => calls[path] ?? needsPanel(path),
  )
}
