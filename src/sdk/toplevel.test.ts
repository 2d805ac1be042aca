import { describe, expect, it, vi } from 'vitest'
import {
  createTopLevelPlatform,
  SIGN_IN_AT,
  SIGN_IN_GRANT,
  SIGN_IN_INTERVAL,
  SIGN_IN_STATE,
} from './toplevel.js'

/** What a fake renewal endpoint answered, and what it was sent. */
type Renewal = { status: number; body: Record<string, unknown> } | 'offline'

/** A top-level page's window: its address bar, session storage and history, recorded. */
function page(
  hash = '',
  stored?: string,
  more: {
    storage?: Map<string, string>
    now?: () => number
    renewals?: Renewal[]
    lang?: string
  } = {},
) {
  const storage =
    more.storage ??
    new Map<string, string>(
      stored
        ? [
            [
              SIGN_IN_STATE,
              JSON.stringify({ state: stored, verifier: VERIFIER, app_key: 'cal', scope: [SCOPE] }),
            ],
          ]
        : [],
    )
  const assigned: string[] = []
  const location = {
    hash,
    pathname: '/start',
    search: '?from=site',
    assign: (u: string) => assigned.push(u),
  }
  const replaced: string[] = []
  const win = {
    location,
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    history: {
      state: null,
      replaceState: (_: unknown, __: string, url: string) => {
        replaced.push(url)
        location.hash = ''
      },
    },
    document: { documentElement: { lang: more.lang ?? '' } },
    crypto: globalThis.crypto,
  } as unknown as Window
  const sent: { url: string; init: RequestInit; form: Record<string, string> }[] = []
  const renewals = more.renewals ?? []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, init, form: Object.fromEntries(init.body as URLSearchParams) })
    // Answers after a turn, so that two calls at once would overlap if nothing queued them.
    await new Promise((r) => setTimeout(r, 5))
    const next = renewals.shift() ?? { status: 500, body: {} }
    if (next === 'offline') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(next.body), { status: next.status })
  })
  const platform = createTopLevelPlatform({
    signInUrl: 'https://panel.example/signin',
    window: win,
    now: more.now ?? (() => 1_000_000),
    fetch: fetch as unknown as typeof globalThis.fetch,
  })
  return { platform, storage, assigned, replaced, sent, fetch }
}

const SCOPE = 'provider.profile.read'
const STATE = 'f'.repeat(32)
const VERIFIER = 'v'.repeat(43)

/** base64url(SHA-256(text)), as the platform checks a verifier against its challenge. */
async function s256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Buffer.from(digest).toString('base64url')
}

describe('window.platform in a top-level page', () => {
  it('initialize resolves and says it is not embedded', async () => {
    const { platform } = page()
    await expect(platform.initialize({ clientKey: 'cal' })).resolves.toEqual({
      app_key: 'cal',
      embedded: false,
      panelOrigin: 'https://panel.example',
    })
  })

  it('getSessionToken goes to the sign-in page with a state and a verifier’s hash, the verifier kept', async () => {
    const { platform, storage, assigned } = page()
    await platform.initialize({ app_key: 'cal' })
    void platform.getSessionToken({
      scope: ['provider.profile.read', 'provider.appointment.webhook'],
    })
    await vi.waitFor(() => expect(assigned).toHaveLength(1))
    const url = new URL(assigned[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe('https://panel.example/signin')
    const kept = JSON.parse(storage.get(SIGN_IN_STATE) ?? '{}')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_key: 'cal',
      scope: 'provider.profile.read provider.appointment.webhook',
      // The page alone: the platform compares it with the registered top-level pages.
      return: '/start',
      state: kept.state,
      challenge: await s256(kept.verifier),
    })
    expect(kept).toEqual({
      state: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      app_key: 'cal',
      scope: ['provider.profile.read', 'provider.appointment.webhook'],
      search: '?from=site',
    })
    expect(storage.get(SIGN_IN_AT)).toBe('1000000')
  })

  it('on the way back, redeems the code of its state with the verifier, off the address bar', async () => {
    const { platform, storage, assigned, replaced, sent } = page(
      `#platform_code=psc_1&state=${STATE}`,
      STATE,
      { renewals: [{ status: 200, body: { session_token: 'st_1' } }] },
    )
    // Taken off as the page loads, before the widget asks.
    expect(replaced).toEqual(['/start?from=site'])
    await platform.initialize({ app_key: 'cal' })
    await expect(platform.getSessionToken({ scope: 'provider.profile.read' })).resolves.toBe('st_1')
    expect(sent.map((r) => [r.url, r.form])).toEqual([
      [
        'https://panel.example/signin/redeem',
        { app_key: 'cal', code: 'psc_1', verifier: VERIFIER },
      ],
    ])
    expect(sent[0]?.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' })
    expect(storage.has(SIGN_IN_STATE)).toBe(false)
    expect(assigned).toEqual([])
  })

  it('takes no token from the address bar: an old-style #platform_token is ignored', async () => {
    const { platform, assigned, fetch } = page(`#platform_token=st_1&state=${STATE}`, STATE)
    await platform.initialize({ app_key: 'cal' })
    void platform.getSessionToken({ scope: [SCOPE] })
    // It signs in instead.
    await vi.waitFor(() => expect(assigned).toHaveLength(1))
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    [
      'another state',
      `#platform_code=psc_1&state=${'0'.repeat(32)}`,
      STATE,
      'INVALID_SESSION_TOKEN',
    ],
    ['no state kept', `#platform_code=psc_1&state=${STATE}`, undefined, 'INVALID_SESSION_TOKEN'],
    [
      'a code the platform refuses',
      `#platform_code=psc_1&state=${STATE}`,
      STATE,
      'INVALID_SESSION_TOKEN',
    ],
    [
      'the user closed the dialog',
      `#platform_error=USER_CLOSED_POPUP&state=${STATE}`,
      STATE,
      'USER_CLOSED_POPUP',
    ],
    ['a malformed code', `#platform_error=%3Cb%3E&state=${STATE}`, STATE, 'BACKEND_ERROR'],
  ])('rejects %s, and does not go to sign in again', async (_, hash, stored, code) => {
    const refusal = { status: 400, body: { error: 'INVALID_CODE', message: 'refused (verifier)' } }
    const { platform, assigned } = page(hash, stored, { renewals: [refusal] })
    await platform.initialize({ app_key: 'cal' })
    await expect(
      platform.getSessionToken({ scope: ['provider.profile.read'] }),
    ).rejects.toMatchObject({
      code,
    })
    expect(assigned).toEqual([])
  })

  it('keeps the grant that came with the answer, and renews with it without leaving', async () => {
    const renewals: Renewal[] = [
      { status: 200, body: { session_token: 'st_1', grant: 'prg_1' } },
      { status: 200, body: { session_token: 'st_2', grant: 'prg_2' } },
      { status: 200, body: { session_token: 'st_3', grant: 'prg_3' } },
    ]
    const { platform, storage, assigned, sent, replaced } = page(
      `#platform_code=psc_1&state=${STATE}`,
      STATE,
      { renewals },
    )
    expect(replaced).toEqual(['/start?from=site'])
    await vi.waitFor(() => expect(storage.has(SIGN_IN_GRANT)).toBe(true))
    expect(JSON.parse(storage.get(SIGN_IN_GRANT) ?? '{}')).toEqual({
      grant: 'prg_1',
      app_key: 'cal',
      scope: [SCOPE],
    })
    await platform.initialize({ app_key: 'cal' })
    await expect(platform.getSessionToken({ scope: [SCOPE] })).resolves.toBe('st_1')
    await expect(platform.getSessionToken({ scope: SCOPE })).resolves.toBe('st_2')
    await expect(platform.getSessionToken({ scope: [SCOPE] })).resolves.toBe('st_3')
    expect(assigned).toEqual([])
    // To the platform's origin only, no cookies, no referrer; each use sends the latest grant.
    expect(sent.map((r) => [r.url, r.form.grant])).toEqual([
      ['https://panel.example/signin/redeem', undefined],
      ['https://panel.example/signin/renew', 'prg_1'],
      ['https://panel.example/signin/renew', 'prg_2'],
    ])
    expect(sent[1]?.form).toEqual({ app_key: 'cal', scope: SCOPE, grant: 'prg_1' })
    expect(sent[1]?.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    expect(JSON.parse(storage.get(SIGN_IN_GRANT) ?? '{}').grant).toBe('prg_3')
  })

  it('a second call made while the code is redeemed waits for its grant, and does not leave', async () => {
    const { platform, assigned, sent } = page(`#platform_code=psc_1&state=${STATE}`, STATE, {
      renewals: [
        { status: 200, body: { session_token: 'st_1', grant: 'prg_1' } },
        { status: 200, body: { session_token: 'st_2', grant: 'prg_2' } },
      ],
    })
    await platform.initialize({ app_key: 'cal' })
    const both = await Promise.all([
      platform.getSessionToken({ scope: [SCOPE] }),
      platform.getSessionToken({ scope: [SCOPE] }),
    ])
    expect(both).toEqual(['st_1', 'st_2'])
    expect(sent.map((r) => r.url.split('/').pop())).toEqual(['redeem', 'renew'])
    expect(assigned).toEqual([])
  })

  it('renews one call at a time, so two calls at once never present the same grant', async () => {
    const storage = new Map([
      [SIGN_IN_GRANT, JSON.stringify({ grant: 'prg_1', app_key: 'cal', scope: [SCOPE] })],
    ])
    const { platform, sent } = page('', undefined, {
      storage,
      renewals: [
        { status: 200, body: { session_token: 'st_a', grant: 'prg_2' } },
        { status: 200, body: { session_token: 'st_b', grant: 'prg_3' } },
      ],
    })
    await platform.initialize({ app_key: 'cal' })
    const both = await Promise.all([
      platform.getSessionToken({ scope: [SCOPE] }),
      platform.getSessionToken({ scope: [SCOPE] }),
    ])
    expect(both).toEqual(['st_a', 'st_b'])
    expect(sent.map((r) => r.form.grant)).toEqual(['prg_1', 'prg_2'])
  })

  it.each([
    ['spent or revoked (401)', 401],
    ['from the wrong origin (403)', 403],
  ])('a grant refused as %s is dropped, and the page signs in again', async (_, status) => {
    const storage = new Map([
      [SIGN_IN_GRANT, JSON.stringify({ grant: 'prg_1', app_key: 'cal', scope: [SCOPE] })],
    ])
    const { platform, assigned } = page('', undefined, {
      storage,
      renewals: [{ status, body: { error: 'INVALID_GRANT' } }],
    })
    await platform.initialize({ app_key: 'cal' })
    void platform.getSessionToken({ scope: [SCOPE] })
    await vi.waitFor(() => expect(assigned).toHaveLength(1))
    expect(storage.has(SIGN_IN_GRANT)).toBe(false)
  })

  it('keeps the grant when the platform cannot be reached, and says so', async () => {
    const held = JSON.stringify({ grant: 'prg_1', app_key: 'cal', scope: [SCOPE] })
    const storage = new Map([[SIGN_IN_GRANT, held]])
    const { platform, assigned } = page('', undefined, { storage, renewals: ['offline'] })
    await platform.initialize({ app_key: 'cal' })
    await expect(platform.getSessionToken({ scope: [SCOPE] })).rejects.toMatchObject({
      code: 'HOST_UNREACHABLE',
    })
    expect(storage.get(SIGN_IN_GRANT)).toBe(held)
    expect(assigned).toEqual([])
  })

  it.each([
    ['a scope the grant lacks', 'cal', ['provider.sms.write']],
    ['another widget', 'other', [SCOPE]],
  ])('does not use the grant for %s: it signs in', async (_, key, scope) => {
    const storage = new Map([
      [SIGN_IN_GRANT, JSON.stringify({ grant: 'prg_1', app_key: 'cal', scope: [SCOPE] })],
    ])
    const { platform, assigned, fetch } = page('', undefined, { storage })
    await platform.initialize({ app_key: key })
    void platform.getSessionToken({ scope })
    await vi.waitFor(() => expect(assigned).toHaveLength(1))
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([[[]], [''], [' ']])(
    'refuses scope %j with INVALID_ARGUMENT before it renews or leaves',
    async (scope) => {
      const storage = new Map([
        [SIGN_IN_GRANT, JSON.stringify({ grant: 'prg_1', app_key: 'cal', scope: [SCOPE] })],
      ])
      const { platform, assigned, fetch } = page('', undefined, { storage })
      await platform.initialize({ app_key: 'cal' })
      await expect(platform.getSessionToken({ scope } as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: 'scope',
      })
      expect(fetch).not.toHaveBeenCalled()
      expect(assigned).toEqual([])
    },
  )

  it('never leaves for the sign-in page again within 30 s of its last trip', async () => {
    const storage = new Map<string, string>()
    let clock = 1_000_000
    const first = page('', undefined, { storage, now: () => clock })
    await first.platform.initialize({ app_key: 'cal' })
    void first.platform.getSessionToken({ scope: [SCOPE] })
    await vi.waitFor(() => expect(first.assigned).toHaveLength(1))
    // Back from the sign-in page with an error, or a reload: the same tab's storage.
    for (const later of [0, 12_000, SIGN_IN_INTERVAL - 1]) {
      clock = 1_000_000 + later
      const again = page('', undefined, { storage, now: () => clock })
      await again.platform.initialize({ app_key: 'cal' })
      await expect(again.platform.getSessionToken({ scope: [SCOPE] })).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringContaining('30 s'),
      })
      expect(again.assigned).toEqual([])
    }
    clock = 1_000_000 + SIGN_IN_INTERVAL
    const after = page('', undefined, { storage, now: () => clock })
    await after.platform.initialize({ app_key: 'cal' })
    void after.platform.getSessionToken({ scope: [SCOPE] })
    await vi.waitFor(() => expect(after.assigned).toHaveLength(1))
  })

  it('says RATE_LIMITED in the page’s language: Persian on a Persian page', async () => {
    const storage = new Map([[SIGN_IN_AT, String(1_000_000 - 12_000)]])
    const { platform } = page('', undefined, { storage, lang: 'fa-IR' })
    await platform.initialize({ app_key: 'cal' })
    await expect(platform.getSessionToken({ scope: [SCOPE] })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'این صفحه ۱۲ ثانیه پیش برای ورود رفت؛ هر ۳۰ ثانیه حداکثر یک بار می‌رود.',
    })
  })

  it('asks the sign-in page to speak the page’s language', async () => {
    const { platform, assigned } = page('', undefined, { lang: 'en-US' })
    await platform.initialize({ app_key: 'cal' })
    void platform.getSessionToken({ scope: [SCOPE] })
    await vi.waitFor(() => expect(assigned).toHaveLength(1))
    expect(new URL(assigned[0]!).searchParams.get('locale')).toBe('en')
  })

  it.each([
    [
      'redirect.dispatch',
      (p: ReturnType<typeof page>['platform']) => p.redirect.dispatch({ path: '/x' }),
    ],
    [
      'payment.pay',
      (p: ReturnType<typeof page>['platform']) => p.payment.pay({ product_key: 'pro' }),
    ],
    ['sms.activate', (p: ReturnType<typeof page>['platform']) => p.sms.activate()],
    ['widget.addToProfile', (p: ReturnType<typeof page>['platform']) => p.widget.addToProfile()],
  ])('%s needs the panel: NOT_EMBEDDED', async (_, call) => {
    const { platform } = page()
    await platform.initialize({ app_key: 'cal' })
    await expect(call(platform)).rejects.toMatchObject({ code: 'NOT_EMBEDDED' })
  })

  it('openLink navigates the page to an https URL, and refuses anything else', async () => {
    const { platform, assigned } = page()
    await expect(platform.openLink({ url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    await expect(platform.openLink({ url: 'https://accounts.example/o' })).resolves.toEqual({
      opened: true,
    })
    expect(assigned).toEqual(['https://accounts.example/o'])
  })
})
