import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSignInCodeStore, MAX_SIGN_IN_CODES, SIGN_IN_CODE_TTL_MS } from './signin-codes.js'
import { DOCTOR, harness } from './test-harness.js'

const ORIGIN = 'https://cal.example'
const verifier = randomBytes(32).toString('base64url')
const challenge = createHash('sha256').update(verifier).digest('base64url')
const subject = { app_key: 'cal', origin: ORIGIN, challenge, session_token: 'st', grant: 'prg' }
const request = { origin: ORIGIN, app_key: 'cal', verifier }

describe('the sign-in code store', () => {
  it('answers the token and grant once, to the origin and app with the verifier', () => {
    const store = createSignInCodeStore()
    const { code, expires_in } = store.issue(subject, 0)
    expect(code).toMatch(/^psc_[A-Za-z0-9_-]{43}$/)
    expect(expires_in).toBe(SIGN_IN_CODE_TTL_MS / 1000)
    expect(store.redeem(code, request, 1000)).toEqual({
      ok: true,
      session_token: 'st',
      grant: 'prg',
    })
    expect(store.redeem(code, request, 1000)).toEqual({ ok: false, reason: 'unknown' })
  })

  it.each([
    ['another verifier', { verifier: randomBytes(32).toString('base64url') }, 0, 'verifier'],
    ['the challenge itself', { verifier: challenge }, 0, 'verifier'],
    ['another origin', { origin: 'https://evil.example' }, 0, 'origin'],
    ['another widget', { app_key: 'other' }, 0, 'app'],
    ['a minute late', {}, SIGN_IN_CODE_TTL_MS, 'expired'],
  ])('refuses %s, and the code is spent', (_, change, at, reason) => {
    const store = createSignInCodeStore()
    const { code } = store.issue(subject, 0)
    expect(store.redeem(code, { ...request, ...change }, at)).toEqual({ ok: false, reason })
    // Even the page with the right verifier cannot use it now: a thief's try ends it.
    expect(store.redeem(code, request, 0)).toEqual({ ok: false, reason: 'unknown' })
    expect(store.size).toBe(0)
  })

  it('keeps at most MAX_SIGN_IN_CODES, dropping the oldest', () => {
    const store = createSignInCodeStore()
    const oldest = store.issue(subject, 0)
    for (let i = 0; i < MAX_SIGN_IN_CODES; i++) store.issue(subject, 0)
    expect(store.size).toBe(MAX_SIGN_IN_CODES)
    expect(store.redeem(oldest.code, request, 0)).toEqual({ ok: false, reason: 'unknown' })
  })
})

describe('the emulator’s sign-in code routes (the panel’s, by its Origin)', () => {
  const origin = new URL(DOCTOR.url).origin
  const issue = (h: ReturnType<typeof harness>, json: Record<string, unknown>) =>
    h.call('POST', '/internal/users/dr-1/apps/demo-doctor/signin-codes', {
      json: { origin, challenge, session_token: 'st_1', grant: 'prg_1', ...json },
    })
  const redeem = (h: ReturnType<typeof harness>, json: Record<string, unknown>) =>
    h.call('POST', '/internal/signin-codes/redeem', {
      json: { origin, app_key: 'demo-doctor', verifier, ...json },
    })

  it('keeps a sign-in’s token and grant under a code, answered once with the verifier', async () => {
    const h = harness()
    const { body } = await issue(h, {})
    expect(body).toEqual({ code: expect.stringMatching(/^psc_/), expires_in: 60 })
    const wrong = await redeem(h, { code: body.code, verifier: 'x'.repeat(43) })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ error: 'INVALID_CODE', message: /verifier/ })
    const again = await issue(h, {})
    const right = await redeem(h, { code: again.body.code })
    expect(right.status).toBe(200)
    expect(right.body).toEqual({ session_token: 'st_1', grant: 'prg_1' })
    expect((await redeem(h, { code: again.body.code })).status).toBe(400)
  })

  it.each([
    ['another origin', { origin: 'http://127.0.0.1:9' }],
    ['a plain verifier for a challenge', { challenge: 'v'.repeat(20) }],
    ['no token', { session_token: undefined }],
  ])('issues no code for %s (400)', async (_, json) => {
    expect((await issue(harness(), json)).status).toBe(400)
  })
})
