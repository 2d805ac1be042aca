import { describe, expect, it } from 'vitest'
import { createGrantStore, GRANT_LIFETIME_MS, MAX_GRANT_FAMILIES } from './grants.js'
import { DOCTOR, harness } from './test-harness.js'

const ORIGIN = 'https://cal.example'
const subject = {
  user_id: 'dr-1',
  app_key: 'cal',
  origin: ORIGIN,
  scopes: ['provider.profile.read', 'provider.appointment.read'],
}
const request = { origin: ORIGIN, app_key: 'cal', scopes: ['provider.profile.read'] }

describe('the renewal grant store', () => {
  it('rotates: each use answers a new grant and retires the one used', () => {
    const store = createGrantStore()
    const first = store.issue(subject, 0)
    expect(first.grant).toMatch(/^prg_[A-Za-z0-9_-]{43}$/)
    expect(first.expires_in).toBe(GRANT_LIFETIME_MS / 1000)
    const second = store.use(first.grant, request, 1000)
    expect(second).toMatchObject({
      ok: true,
      subject: {
        user_id: 'dr-1',
        app_key: 'cal',
        origin: ORIGIN,
        scopes: ['provider.profile.read'],
      },
    })
    if (!second.ok) throw new Error('refused')
    expect(second.grant).not.toBe(first.grant)
    const third = store.use(second.grant, request, 2000)
    expect(third.ok).toBe(true)
  })

  it('refuses a replayed grant, and revokes the whole family with it', () => {
    const store = createGrantStore()
    const first = store.issue(subject, 0)
    const second = store.use(first.grant, request, 0)
    if (!second.ok) throw new Error('refused')
    expect(store.use(first.grant, request, 0)).toEqual({ ok: false, reason: 'replayed' })
    // The holder of the live grant loses it too: one of the two is not the user's page.
    expect(store.use(second.grant, request, 0)).toEqual({ ok: false, reason: 'unknown' })
    expect(store.size).toBe(0)
  })

  it('refuses another origin or widget, and revokes the family', () => {
    for (const [wrong, reason] of [
      [{ ...request, origin: 'https://evil.example' }, 'origin'],
      [{ ...request, app_key: 'other' }, 'app'],
    ] as const) {
      const store = createGrantStore()
      const { grant } = store.issue(subject, 0)
      expect(store.use(grant, wrong, 0)).toEqual({ ok: false, reason })
      expect(store.use(grant, request, 0)).toEqual({ ok: false, reason: 'unknown' })
    }
  })

  it('refuses scopes the sign-in did not give, and keeps the grant for the rest', () => {
    const store = createGrantStore()
    const { grant } = store.issue(subject, 0)
    expect(store.use(grant, { ...request, scopes: ['provider.sms.write'] }, 0)).toEqual({
      ok: false,
      reason: 'scope',
    })
    expect(store.use(grant, request, 0).ok).toBe(true)
  })

  it('ends a family at its lifetime, however often it was used', () => {
    const store = createGrantStore()
    let { grant } = store.issue(subject, 0)
    for (let t = 0; t < GRANT_LIFETIME_MS; t += GRANT_LIFETIME_MS / 4) {
      const used = store.use(grant, request, t)
      if (!used.ok) throw new Error(used.reason)
      expect(used.expires_in).toBe((GRANT_LIFETIME_MS - t) / 1000)
      grant = used.grant
    }
    expect(store.use(grant, request, GRANT_LIFETIME_MS)).toEqual({ ok: false, reason: 'expired' })
  })

  it('revokes by user and widget, and when the check before rotation says no', () => {
    const store = createGrantStore()
    const a = store.issue(subject, 0)
    const b = store.issue({ ...subject, app_key: 'other' }, 0)
    const c = store.issue({ ...subject, user_id: 'dr-2' }, 0)
    expect(store.revoke({ user_id: 'dr-1', app_key: 'cal' })).toBe(1)
    expect(store.use(a.grant, request, 0)).toEqual({ ok: false, reason: 'unknown' })
    expect(store.revoke({ user_id: 'dr-1' })).toBe(1)
    expect(store.use(b.grant, { ...request, app_key: 'other' }, 0).ok).toBe(false)
    expect(store.use(c.grant, request, 0, () => false)).toEqual({ ok: false, reason: 'revoked' })
    expect(store.size).toBe(0)
  })

  it('keeps at most MAX_GRANT_FAMILIES, dropping the oldest', () => {
    const store = createGrantStore()
    const oldest = store.issue(subject, 0)
    for (let i = 0; i < MAX_GRANT_FAMILIES; i++) store.issue(subject, 0)
    expect(store.size).toBe(MAX_GRANT_FAMILIES)
    expect(store.use(oldest.grant, request, 0)).toEqual({ ok: false, reason: 'unknown' })
  })
})

describe('the emulator’s grant routes (the panel’s, by its Origin)', () => {
  const origin = new URL(DOCTOR.url).origin
  const scopes = ['provider.profile.read']

  async function signedIn() {
    const h = harness()
    await h.call('PUT', '/internal/users/dr-1/apps/demo-doctor/consent', { json: { scopes } })
    const issued = await h.call('POST', '/internal/users/dr-1/apps/demo-doctor/grants', {
      json: { origin, scopes },
    })
    expect(issued.status).toBe(200)
    return { ...h, grant: issued.body.grant as string }
  }
  const renew = (h: Awaited<ReturnType<typeof signedIn>>, grant: string, extra = {}) =>
    h.call('POST', '/internal/grants/renew', {
      json: { grant, origin, app_key: 'demo-doctor', scopes, ...extra },
    })

  it('issue only for the registered origin and consented scopes', async () => {
    const h = harness()
    const path = '/internal/users/dr-1/apps/demo-doctor/grants'
    expect((await h.call('POST', path, { json: { origin, scopes } })).status).toBe(403)
    await h.call('PUT', '/internal/users/dr-1/apps/demo-doctor/consent', { json: { scopes } })
    const other = 'http://localhost:4403'
    expect((await h.call('POST', path, { json: { origin: other, scopes } })).status).toBe(400)
    expect((await h.call('POST', path, { json: { origin, scopes } })).status).toBe(200)
  })

  it('issue no provider scope to a user who is not a provider, as the token route does', async () => {
    const h = harness()
    const patient = '/internal/users/pt-1/apps/demo-doctor'
    await h.call('PUT', `${patient}/consent`, { json: { scopes } })
    for (const path of [`${patient}/grants`, `${patient}/session-tokens`]) {
      const refused = await h.call('POST', path, { json: { origin, scopes } })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ error: 'INVALID_SCOPE', message: /not a provider/ })
    }
    expect(h.emulator.state.grants.size).toBe(0)
    // A scope of the patient's own is still granted.
    await h.call('PUT', `${patient}/consent`, { json: { scopes: ['user.profile.read'] } })
    const own = await h.call('POST', `${patient}/grants`, {
      json: { origin, scopes: ['user.profile.read'] },
    })
    expect(own.status).toBe(200)
  })

  it('renew answers a session token the exchange takes once, and the next grant', async () => {
    const h = await signedIn()
    const first = await renew(h, h.grant)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ expires_in: expect.any(Number), grant: /^prg_/ })
    const exchange = () =>
      h.call('POST', '/api/v1/apps/demo-doctor/oauth/access_token', {
        headers: { 'x-api-key': DOCTOR.developer_key },
        json: { session_token: first.body.session_token },
      })
    expect((await exchange()).status).toBe(200)
    expect((await exchange()).body).toMatchObject({ error: 'INVALID_SESSION_TOKEN' })
    // The old grant is spent; replaying it revokes the new one too.
    expect((await renew(h, h.grant)).body).toMatchObject({ error: 'INVALID_GRANT' })
    expect((await renew(h, first.body.grant)).status).toBe(401)
  })

  it('renew refuses another origin, and a grant whose consent was taken back', async () => {
    const h = await signedIn()
    expect((await renew(h, h.grant, { origin: 'http://127.0.0.1:4403' })).status).toBe(401)
    const again = await signedIn()
    await again.call('PUT', '/internal/users/dr-1/apps/demo-doctor/consent', {
      json: { scopes: [] },
    })
    expect((await renew(again, again.grant)).status).toBe(401)
  })

  it('an empty scope list gets no token and no grant: 400 from every route', async () => {
    const h = await signedIn()
    const user = '/internal/users/dr-1/apps/demo-doctor'
    for (const [path, json] of [
      [`${user}/session-tokens`, { scopes: [] }],
      [`${user}/grants`, { origin, scopes: [] }],
      ['/internal/grants/renew', { grant: h.grant, origin, app_key: 'demo-doctor', scopes: [] }],
    ] as const) {
      const res = await h.call('POST', path, { json })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain('at least one scope')
    }
    // Refused before the grant was used: it still renews with a scope.
    expect((await renew(h, h.grant)).status).toBe(200)
  })

  it('taking back any scope revokes the widget’s grant families for that user', async () => {
    const two = [...scopes, 'provider.appointment.read']
    const h = harness()
    const user = '/internal/users/dr-1/apps/demo-doctor'
    await h.call('PUT', `${user}/consent`, { json: { scopes: two } })
    const grant = async () =>
      (await h.call('POST', `${user}/grants`, { json: { origin, scopes } })).body.grant as string
    const [a, b] = [await grant(), await grant()]
    // Adding a scope takes nothing back.
    await h.call('PUT', `${user}/consent`, { json: { scopes: [...two, 'user.profile.read'] } })
    const kept = await h.call('POST', '/internal/grants/renew', {
      json: { grant: a, origin, app_key: 'demo-doctor', scopes },
    })
    expect(kept.status).toBe(200)
    // The scope taken back is not the grants' own: both families end all the same.
    await h.call('PUT', `${user}/consent`, { json: { scopes } })
    for (const g of [kept.body.grant as string, b]) {
      const res = await h.call('POST', '/internal/grants/renew', {
        json: { grant: g, origin, app_key: 'demo-doctor', scopes },
      })
      expect(res.body).toMatchObject({ error: 'INVALID_GRANT', message: /unknown/ })
    }
  })

  it('sign-out revokes, and a reset forgets every grant', async () => {
    const h = await signedIn()
    expect((await h.call('DELETE', '/internal/users/dr-1/grants')).body).toEqual({ revoked: 1 })
    expect((await renew(h, h.grant)).status).toBe(401)
    const again = await signedIn()
    await again.call('POST', '/internal/reset')
    expect((await renew(again, again.grant)).status).toBe(401)
  })
})
