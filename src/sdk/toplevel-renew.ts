import { PlatformError } from '../events/index.js'
import { type Held, type Pending, remove, SIGN_IN_GRANT, storage } from './toplevel-storage.js'

// A top-level page's trades at the platform's endpoints beside its sign-in page: a sign-in's
// one-time code for a token (`/signin/redeem`), and the tab's grant for a fresh one
// (`/signin/renew`). Each keeps the grant that comes back for the tab's next call.

export type Send = (url: string, init: RequestInit) => Promise<Response>

/** A good answer: the one-time code to redeem with the verifier the tab kept. */
export type Found = { code: string; pending: Pending } | { error: PlatformError }

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

/**
 * The token a sign-in's code stands for, from the platform's code endpoint, with the verifier
 * this tab kept; the grant that comes with it is kept for the tab's next calls.
 */
export async function redeem(
  win: Window,
  send: Send,
  signIn: URL | undefined,
  found: Found,
): Promise<string> {
  if ('error' in found) throw found.error
  if (!signIn) throw new PlatformError('NOT_EMBEDDED', 'No sign-in page is known outside the panel')
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

/**
 * A token for the tab's grant, from the platform's renewal endpoint (its origin only), and the
 * next grant kept in its place. Undefined when the platform refused the grant (spent, expired,
 * revoked): it is dropped, and the page goes to sign in.
 */
export async function renew(
  win: Window,
  send: Send,
  held: Held,
  scope: string[],
  at: URL,
): Promise<string | undefined> {
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
