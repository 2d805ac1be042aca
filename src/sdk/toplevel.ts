import {
  isLinkUrl,
  isPlatformError,
  PlatformError,
  type SessionTokenRequest,
  type TopLevelInfo,
} from '../events/index.js'
import type { SdkPath } from '../events/operations.js'
import type { Platform } from './api.js'
import type { SdkCall } from './call-types.js'
import { appKeyOf } from './compat.js'
import { withCalls } from './with-calls.js'

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

/**
 * Where a sign-in under way is kept for the way back (JSON: its one-time `state`, the `verifier`
 * its code is redeemed with, `app_key`, `scope`, and `search`, the page's query, which the
 * sign-in's `return` never carries: the answer goes back to the registered page alone).
 */
export const SIGN_IN_STATE = 'platform:sign-in-state'
/** When (ms) this tab's pages of this origin last left for the sign-in page. */
export const SIGN_IN_AT = 'platform:sign-in-at'
/** The tab's renewal grant (JSON: `grant`, `app_key`, `scope`). */
export const SIGN_IN_GRANT = 'platform:sign-in-grant'
/** A page never leaves for the sign-in page again within this many ms of its last trip. */
export const SIGN_IN_INTERVAL = 30_000
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/

/** What a trip or a grant is for. */
type Request = { app_key: string; scope: string[] }
type Held = Request & { grant: string }

/** The tab's session storage, or undefined where the page has none (it throws). */
function storage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage
  } catch {
    return undefined
  }
}

function read<T>(win: Window, key: string): T | undefined {
  try {
    const value = JSON.parse(storage(win)?.getItem(key) ?? 'null')
    return value && typeof value === 'object' ? (value as T) : undefined
  } catch {
    return undefined
  }
}

const remove = (win: Window, key: string) => {
  try {
    storage(win)?.removeItem(key)
  } catch {}
}

/** What the tab kept for the way back: the trip's request, its state, verifier and query. */
type Pending = Request & { state: string; verifier: string; search?: string }
/** A good answer: the one-time code to redeem with the verifier the tab kept. */
type Found = { code: string; pending: Pending } | { error: PlatformError }

/**
 * The sign-in page's answer in the address bar's fragment (`#platform_code=…&state=…`, or
 * `#platform_error=CODE&platform_message=…&state=…`), checked against the state this page kept,
 * and taken off the address bar at once: neither history nor a later Referer carries it. The
 * code alone is worth nothing: it is redeemed with the verifier the tab kept.
 */
function takeAnswer(win: Window): Found | undefined {
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

/** `bytes` in base64url, without padding. */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * A fresh verifier (256 random bits) and its challenge, `base64url(SHA-256(verifier))`, as PKCE
 * makes them (RFC 7636, S256): the challenge travels, the verifier stays in the tab.
 */
async function verifierPair(win: Window): Promise<{ verifier: string; challenge: string }> {
  const subtle = win.crypto?.subtle
  if (!subtle) {
    throw new PlatformError(
      'UNSUPPORTED',
      'No WebCrypto (an https page): the sign-in cannot be bound to this page',
    )
  }
  const verifier = base64url(win.crypto.getRandomValues(new Uint8Array(32)))
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return { verifier, challenge: base64url(new Uint8Array(digest)) }
}

type Send = (url: string, init: RequestInit) => Promise<Response>

/**
 * A form posted to one of the platform's endpoints beside its sign-in page (`/signin/renew`,
 * `/signin/redeem`): its origin only, no cookies, no referrer.
 */
async function post(
  send: Send,
  at: URL,
  path: string,
  form: Record<string, string>,
): Promise<{ res: Response; body: Record<string, unknown> }> {
  let res: Response
  try {
    res = await send(`${at.origin}${at.pathname}/${path}`, {
      method: 'POST',
      body: new URLSearchParams(form),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    })
  } catch {
    throw new PlatformError(
      'HOST_UNREACHABLE',
      `The platform could not be reached at ${at.origin} (a Content-Security-Policy must allow it in connect-src)`,
    )
  }
  return { res, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }
}

/** The platform's message for a refusal, or its status. */
const failure = (res: Response, body: Record<string, unknown>) =>
  typeof body.message === 'string'
    ? body.message.slice(0, 300)
    : `The platform answered ${res.status}`

/** `scope` as the widget gave it (a list, or one space-separated string), as a list. */
function scopeList(request: SessionTokenRequest | undefined): string[] {
  const scope = (request as { scope?: unknown } | undefined)?.scope
  const list = Array.isArray(scope) ? scope.map(String) : String(scope ?? '').split(' ')
  return [...new Set(list.filter(Boolean))]
}

/** The page's language, when the platform speaks it: the sign-in page then speaks it too. */
function pageLocale(win: Window): string | undefined {
  const lang = (win.document?.documentElement?.lang ?? '').toLowerCase().split('-')[0]
  return lang === 'fa' || lang === 'en' ? lang : undefined
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

  /**
   * The token a sign-in's code stands for, from the platform's code endpoint, with the verifier
   * this tab kept; the grant that comes with it is kept for the tab's next calls.
   */
  const redeem = async (found: Found): Promise<string> => {
    if ('error' in found) throw found.error
    if (!signIn)
      throw new PlatformError('NOT_EMBEDDED', 'No sign-in page is known outside the panel')
    const { app_key, scope, verifier } = found.pending
    const { res, body } = await post(send, signIn, 'redeem', {
      app_key,
      code: found.code,
      verifier,
    })
    if (res.ok && typeof body.session_token === 'string') {
      if (typeof body.grant === 'string') {
        const held: Held = { grant: body.grant, app_key, scope }
        storage(win)?.setItem(SIGN_IN_GRANT, JSON.stringify(held))
      }
      return body.session_token
    }
    throw new PlatformError('INVALID_SESSION_TOKEN', failure(res, body))
  }

  // Read as the page loads, whether or not the widget asks: the code leaves the address bar now,
  // and is redeemed at once (it lives a minute).
  const taken = takeAnswer(win)
  let answer = taken && redeem(taken)
  /**
   * One renewal at a time, after the code's: each use rotates the grant, so two at once would
   * look like a replay, and a call before the code's grant is kept would leave to sign in again.
   */
  let queue: Promise<unknown> = answer?.catch(() => {}) ?? Promise.resolve()

  /**
   * A token for the tab's grant, from the platform's renewal endpoint (its origin only), and the
   * next grant kept in its place. Undefined when the platform refused the grant (spent, expired,
   * revoked): it is dropped, and the page goes to sign in.
   */
  const renew = async (held: Held, scope: string[], at: URL): Promise<string | undefined> => {
    const form = { app_key: held.app_key, scope: scope.join(' '), grant: held.grant }
    const { res, body } = await post(send, at, 'renew', form)
    if (res.ok && typeof body.session_token === 'string' && typeof body.grant === 'string') {
      storage(win)?.setItem(SIGN_IN_GRANT, JSON.stringify({ ...held, grant: body.grant }))
      return body.session_token
    }
    if (res.status === 401 || res.status === 403) {
      remove(win, SIGN_IN_GRANT)
      return undefined
    }
    throw new PlatformError('BACKEND_ERROR', failure(res, body))
  }

  /** Leaves for the sign-in page, unless this tab did less than 30 s ago. */
  const trip = async (request: Request, at: URL): Promise<never> => {
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

  const tokenFor = async (request: Request, at: URL): Promise<string> => {
    const held = read<Held>(win, SIGN_IN_GRANT)
    if (
      typeof held?.grant === 'string' &&
      held.app_key === request.app_key &&
      Array.isArray(held.scope) &&
      request.scope.every((s) => held.scope.includes(s))
    ) {
      const token = await renew(held, request.scope, at)
      if (token !== undefined) return token
    }
    return trip(request, at)
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
