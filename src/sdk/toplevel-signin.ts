import { PlatformError } from '../events/index.js'
import { base64url, verifierPair } from './toplevel-pkce.js'
import type { Found } from './toplevel-renew.js'
import {
  type Pending,
  read,
  remove,
  SIGN_IN_AT,
  SIGN_IN_INTERVAL,
  SIGN_IN_STATE,
  type SignInRequest,
  storage,
} from './toplevel-storage.js'

// A top-level page's trip to the platform's sign-in page and back: leaving, with a PKCE
// challenge and at most once every 30 s, and taking the answer off the address bar on return.

const CODE = /^[A-Z][A-Z0-9_]{0,63}$/

/**
 * The sign-in page's answer in the address bar's fragment (`#platform_code=…&state=…`, or
 * `#platform_error=CODE&platform_message=…&state=…`), checked against the state this page kept,
 * and taken off the address bar at once: neither history nor a later Referer carries it. The
 * code alone is worth nothing: it is redeemed with the verifier the tab kept.
 */
export function takeAnswer(win: Window): Found | undefined {
  const params = new URLSearchParams((win.location.hash ?? '').slice(1))
  const code = params.get('platform_code')
  const error = params.get('platform_error')
  if (code === null && error === null) return undefined
  const pending = read<Pending>(win, SIGN_IN_STATE)
  remove(win, SIGN_IN_STATE)
  const ours = typeof pending?.state === 'string' && params.get('state') === pending.state
  // The query the page had when it left comes back with the answer it asked for, never another's.
  const search =
    ours && typeof pending.search === 'string' && pending.search.startsWith('?')
      ? pending.search
      : win.location.search
  win.history.replaceState(win.history.state, '', win.location.pathname + search)
  if (!ours || typeof pending.verifier !== 'string') {
    return {
      error: new PlatformError(
        'INVALID_SESSION_TOKEN',
        "The sign-in answer is not for this page's request",
      ),
    }
  }
  if (code !== null) return { code, pending }
  const message = (params.get('platform_message') ?? '').slice(0, 300)
  return {
    error: new PlatformError(
      error && CODE.test(error) ? (error as never) : 'BACKEND_ERROR',
      message || `The sign-in ended with ${error}`,
    ),
  }
}

/** The page's language, when the platform speaks it: the sign-in page then speaks it too. */
function pageLocale(win: Window): string | undefined {
  const lang = (win.document?.documentElement?.lang ?? '').toLowerCase().split('-')[0]
  return lang === 'fa' || lang === 'en' ? lang : undefined
}

/** Leaves for the sign-in page, unless this tab did less than 30 s ago. */
export async function trip(
  win: Window,
  now: () => number,
  request: SignInRequest,
  at: URL,
): Promise<never> {
  const store = storage(win)
  const last = Number(store?.getItem(SIGN_IN_AT))
  const since = now() - last
  if (last && Math.abs(since) < SIGN_IN_INTERVAL) {
    const s = Math.max(0, Math.round(since / 1000))
    // The doctor may read it: in the page's language, as the panel's own messages are.
    throw new PlatformError(
      'RATE_LIMITED',
      pageLocale(win) === 'fa'
        ? `این صفحه ${s.toLocaleString('fa')} ثانیه پیش برای ورود رفت؛ هر ۳۰ ثانیه حداکثر یک بار می‌رود.`
        : `This page left to sign in ${s} s ago; it does again at most once every 30 s`,
    )
  }
  if (!store) {
    throw new PlatformError('UNSUPPORTED', 'No session storage: the sign-in cannot be checked')
  }
  const state = base64url(win.crypto.getRandomValues(new Uint8Array(16)))
  const { verifier, challenge } = await verifierPair(win)
  const search = win.location.search
  store.setItem(SIGN_IN_STATE, JSON.stringify({ state, verifier, search, ...request }))
  store.setItem(SIGN_IN_AT, String(now()))
  const url = new URL(at)
  const locale = pageLocale(win)
  url.search = new URLSearchParams({
    app_key: request.app_key,
    scope: request.scope.join(' '),
    // The page alone, which the platform compares with the widget's registered top-level pages.
    return: win.location.pathname,
    state,
    challenge,
    ...(locale ? { locale } : {}),
  }).toString()
  win.location.assign(url.href)
  // The page is leaving for the sign-in page; it asks again when it comes back.
  return new Promise<never>(() => {})
}
