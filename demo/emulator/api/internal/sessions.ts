// Session tokens, consent and renewal grants, as the panel asks for them. A widget's top-level
// page: after its sign-in, the panel's /signin asks for the tab's renewal grant; later the
// panel's /signin/renew (its server, not a page) trades one for a session token and the next
// grant. See ../../grants.ts.

import { type Context, Hono } from 'hono'
import { internalRoute } from '../internal-routes.js'
import { ApiError, checkScopesFor, type Env, invalid, issueSessionToken, type Kit } from '../kit.js'
import { appParam, jsonBody, scopesOf, userParam } from './lookups.js'

/**
 * The scopes of a token or grant request: at least one. A token with none would still name the
 * user, and the backend's exchange would turn it into an access token for them, with no consent
 * behind it: after consent is taken back, renewal must end, not go on with an empty list.
 */
async function someScopes(c: Context) {
  const scopes = await scopesOf(c)
  if (!scopes.length) throw invalid('scopes: must name at least one scope')
  return scopes
}

/** `POST /grants/renew`: a grant traded for a session token and the next grant. */
async function renew(kit: Kit, c: Context) {
  const body = await jsonBody(c)
  const scopes = await someScopes(c)
  const { grant, origin, app_key } = body
  if (typeof grant !== 'string' || typeof origin !== 'string' || typeof app_key !== 'string') {
    throw invalid('grant, origin, app_key: expected strings')
  }
  const used = kit.state.grants.use(grant, { origin, app_key, scopes }, kit.now(), (s) => {
    const consented = kit.state.consent.get(`${s.user_id} ${s.app_key}`) ?? []
    return s.scopes.every((scope) => consented.includes(scope)) && kit.state.apps.has(s.app_key)
  })
  if (!used.ok) {
    if (used.reason === 'scope') {
      throw new ApiError(403, 'GRANT_SCOPE', 'The grant does not cover these scopes')
    }
    throw new ApiError(401, 'INVALID_GRANT', `The renewal grant was refused (${used.reason})`)
  }
  const registered = kit.state.apps.get(used.subject.app_key)!
  const token = await issueSessionToken(kit, used.subject.user_id, registered, scopes)
  return c.json({
    session_token: token.session_token,
    expires_in: token.expires_in,
    grant: used.grant,
    grant_expires_in: used.expires_in,
  })
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/** `POST /users/:user_id/apps/:app_key/signin-codes`: a sign-in's token and grant, kept under a code. */
async function issueCode(kit: Kit, c: Context) {
  userParam(kit, c)
  const registered = appParam(kit, c)
  const { origin, challenge, session_token, grant } = await jsonBody(c)
  if (origin !== new URL(registered.url).origin) {
    throw invalid(`origin: expected the widget's registered origin`)
  }
  if (typeof challenge !== 'string' || !CHALLENGE.test(challenge)) {
    throw invalid('challenge: expected a SHA-256, base64url (43 characters)')
  }
  if (typeof session_token !== 'string' || (grant !== undefined && typeof grant !== 'string')) {
    throw invalid('session_token, grant: expected strings')
  }
  const subject = { app_key: registered.app_key, origin, challenge, session_token }
  return c.json(
    kit.state.signInCodes.issue(grant === undefined ? subject : { ...subject, grant }, kit.now()),
  )
}

/** `POST /signin-codes/redeem`: a code and its verifier, from the page's origin, traded once. */
async function redeemCode(kit: Kit, c: Context) {
  const { code, verifier, origin, app_key } = await jsonBody(c)
  if ([code, verifier, origin, app_key].some((v) => typeof v !== 'string')) {
    throw invalid('code, verifier, origin, app_key: expected strings')
  }
  const used = kit.state.signInCodes.redeem(
    code as string,
    { origin: origin as string, app_key: app_key as string, verifier: verifier as string },
    kit.now(),
  )
  if (!used.ok) {
    throw new ApiError(400, 'INVALID_CODE', `The sign-in code was refused (${used.reason})`)
  }
  return c.json({ session_token: used.session_token, ...(used.grant ? { grant: used.grant } : {}) })
}

/** Session tokens, renewal grants and sign-in codes. */
export function sessionsRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'issueSessionToken', async (c) => {
    const user = userParam(kit, c)
    const registered = appParam(kit, c)
    const scopes = await someScopes(c)
    const { session_token, expires_in } = await issueSessionToken(kit, user.id, registered, scopes)
    return c.json({ session_token, expires_in })
  })
  internalRoute(router, 'issueRenewalGrant', async (c) => {
    const user = userParam(kit, c)
    const registered = appParam(kit, c)
    const body = await jsonBody(c)
    const scopes = await someScopes(c)
    if (body.origin !== new URL(registered.url).origin) {
      throw invalid(`origin: expected the widget's registered origin`)
    }
    const consented = kit.state.consent.get(`${user.id} ${registered.app_key}`) ?? []
    if (!scopes.every((s) => consented.includes(s))) {
      throw new ApiError(403, 'CONSENT_REQUIRED', 'The user has not approved these scopes')
    }
    checkScopesFor(kit, user.id, registered, scopes)
    const subject = { user_id: user.id, app_key: registered.app_key, origin: body.origin, scopes }
    return c.json(kit.state.grants.issue(subject, kit.now()))
  })
  internalRoute(router, 'renewGrant', (c) => renew(kit, c))
  internalRoute(router, 'issueSignInCode', (c) => issueCode(kit, c))
  internalRoute(router, 'redeemSignInCode', (c) => redeemCode(kit, c))
  // Sign-out, or the user taking a widget's access back: its tabs renew no more.
  internalRoute(router, 'revokeUserGrants', (c) =>
    c.json({ revoked: kit.state.grants.revoke({ user_id: userParam(kit, c).id }) }),
  )
  internalRoute(router, 'revokeAppGrants', (c) =>
    c.json({
      revoked: kit.state.grants.revoke({
        user_id: userParam(kit, c).id,
        app_key: appParam(kit, c).app_key,
      }),
    }),
  )
  return router
}

/** The scopes a user approved for a widget. */
export function consentRoutes(kit: Kit) {
  const router = new Hono<Env>()
  const consentKey = (c: Context) => `${c.req.param('user_id')} ${c.req.param('app_key')}`
  internalRoute(router, 'getConsent', (c) =>
    c.json({ scopes: kit.state.consent.get(consentKey(c)) ?? [] }),
  )
  internalRoute(router, 'recordConsent', async (c) => {
    const user = userParam(kit, c)
    const registered = appParam(kit, c)
    const before = kit.state.consent.get(consentKey(c)) ?? []
    const scopes = await scopesOf(c)
    kit.state.consent.set(consentKey(c), scopes)
    // Any scope taken back ends the widget's renewals for this user: each grant stands for a
    // sign-in's consent, and a grant that outlived it would keep issuing tokens.
    if (before.some((s) => !scopes.includes(s))) {
      kit.state.grants.revoke({ user_id: user.id, app_key: registered.app_key })
    }
    return c.json({ scopes: kit.state.consent.get(consentKey(c)) })
  })
  return router
}
