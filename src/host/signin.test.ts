import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { runSignIn } from './signin.js'
import { returnUrl } from './signin-request.js'

const widgets = [
  {
    app_key: 'cal',
    url: 'https://cal.example/app/',
    name: 'Calendar',
    scopes: ['provider.profile.read', 'provider.appointment.webhook'],
  },
]
const STATE = 'a'.repeat(32)
/** The SHA-256 of a verifier, base64url: 43 characters. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
const SCOPE = 'provider.profile.read'

afterEach(() => {
  document.body.replaceChildren()
})

async function signIn(query: Record<string, string>, backend = createMemoryBackend()) {
  const went: string[] = []
  const url = await runSignIn({
    widgets,
    backend,
    locale: 'en',
    query: new URLSearchParams({ challenge: CHALLENGE, ...query }).toString(),
    navigate: (to) => went.push(to),
  })
  expect(went).toEqual([url])
  const [base, fragment = ''] = url.split('#')
  return { base, answer: Object.fromEntries(new URLSearchParams(fragment)), backend }
}

/** Runs a request the page must refuse: it rejects, goes nowhere, and says why on the page. */
async function refused(query: Record<string, string>, backend = createMemoryBackend()) {
  const went: string[] = []
  const error = await runSignIn({
    widgets,
    backend,
    locale: 'fa',
    query: new URLSearchParams({ challenge: CHALLENGE, ...query }).toString(),
    navigate: (to) => went.push(to),
  }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(went).toEqual([])
  const view = document.querySelector<HTMLElement>('[data-platform-signin="refused"]')
  return { error, view, backend }
}

const dialogs = () =>
  document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog[open]')

describe('runSignIn, the sign-in page of a top-level widget page', () => {
  it('with consent already given, goes back at once with a code for the token and grant', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', ['provider.profile.read', 'provider.appointment.webhook'])
    const { base, answer } = await signIn(
      {
        app_key: 'cal',
        scope: 'provider.appointment.webhook',
        return: '/app/start?x=1',
        state: STATE,
      },
      backend,
    )
    expect(base).toBe('https://cal.example/app/start?x=1')
    // Neither the token nor the grant is in the address bar: a code bound to the challenge is.
    expect(answer).toEqual({ platform_code: backend.codes[0]?.code, state: STATE })
    expect(backend.codes).toEqual([
      {
        code: expect.stringMatching(/^psc_/),
        app_key: 'cal',
        origin: 'https://cal.example',
        challenge: CHALLENGE,
        session_token: backend.tokens[0]?.token,
        grant: backend.grants[0]?.grant,
      },
    ])
    expect(backend.tokens[0]?.scopes).toEqual(['provider.appointment.webhook'])
    // Bound to the widget, its registered origin and the scopes of this sign-in.
    expect(backend.grants).toEqual([
      {
        grant: expect.stringMatching(/^prg_/),
        app_key: 'cal',
        origin: 'https://cal.example',
        scopes: ['provider.appointment.webhook'],
      },
    ])
  })

  it('without grants from the backend, goes back with a code for the token alone', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const { issueRenewalGrant: _, ...withoutGrants } = backend
    const { answer } = await signIn(
      { app_key: 'cal', scope: SCOPE, return: '/app/', state: STATE },
      withoutGrants as typeof backend,
    )
    expect(Object.keys(answer)).toEqual(['platform_code', 'state'])
    expect(backend.codes[0]).not.toHaveProperty('grant')
  })

  it('without sign-in codes from the backend, refuses before any dialog or token', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const { issueSignInCode: _, ...withoutCodes } = backend
    const { error } = await refused(
      { app_key: 'cal', scope: SCOPE, return: '/app/', state: STATE },
      withoutCodes as typeof backend,
    )
    expect(error).toMatchObject({ code: 'UNSUPPORTED' })
    expect(backend.tokens).toHaveLength(0)
  })

  it('on Cancel in the dialog, goes back with USER_CLOSED_POPUP: the user answered', async () => {
    const went: string[] = []
    const running = runSignIn({
      widgets,
      backend: createMemoryBackend(),
      locale: 'en',
      query: new URLSearchParams({
        app_key: 'cal',
        scope: SCOPE,
        return: '/app/start',
        state: STATE,
        challenge: CHALLENGE,
      }).toString(),
      navigate: (to) => went.push(to),
    })
    await expect.poll(() => dialogs()).toBeTruthy()
    dialogs()!.querySelector<HTMLButtonElement>('[data-action=cancel]')!.click()
    const url = await running
    expect(went).toEqual([url])
    const answer = Object.fromEntries(new URLSearchParams(url.split('#')[1]))
    expect(answer).toMatchObject({ platform_error: 'USER_CLOSED_POPUP', state: STATE })
  })

  it.each([
    ['no widget', { scope: SCOPE, return: '/app/', state: STATE }, 'app_key'],
    ['an unknown widget', { app_key: 'x', scope: SCOPE, return: '/app/', state: STATE }, 'app_key'],
    ['no state', { app_key: 'cal', scope: SCOPE, return: '/app/' }, 'state'],
    ['a short state', { app_key: 'cal', scope: SCOPE, return: '/app/', state: 'abc' }, 'state'],
    ['no return path', { app_key: 'cal', scope: SCOPE, state: STATE }, 'return'],
    [
      'no challenge',
      { app_key: 'cal', scope: SCOPE, return: '/app/', state: STATE, challenge: '' },
      'challenge',
    ],
    [
      'a plain verifier for a challenge',
      { app_key: 'cal', scope: SCOPE, return: '/app/', state: STATE, challenge: 'v'.repeat(64) },
      'challenge',
    ],
    ['no scope', { app_key: 'cal', return: '/app/', state: STATE }, 'scope'],
    [
      'a malformed scope',
      { app_key: 'cal', scope: 'A.b', return: '/app/', state: STATE },
      'scope[0]',
    ],
  ])('refuses %s: stays, says why, rejects INVALID_ARGUMENT', async (_, query, field) => {
    const { error, view } = await refused(query as Record<string, string>)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
    expect(view?.getAttribute('lang')).toBe('fa')
    expect(view?.querySelector('[role=alert]')?.textContent).toMatch(/[\u0600-\u06ff]/)
  })

  it.each([
    ['above the folder', '/start'],
    ['beside the folder', '/appx/start'],
    ['a dot segment', '/app/../start'],
    ['an encoded dot segment', '/app/%2e%2e/start'],
    ['another site', '//evil.example/app/'],
    ['a backslash', '/\\evil.example/app/'],
    ['an absolute URL', 'https://evil.example/app/'],
    ['an encoded letter of the folder', '/ap%70/start'],
  ])('refuses a return %s, even with consent given', async (_, back) => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const { error, view } = await refused(
      { app_key: 'cal', scope: SCOPE, return: back, state: STATE },
      backend,
    )
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'return' })
    expect(backend.tokens).toHaveLength(0)
    // The way back is a link to the widget's registered URL: a click, never automatic.
    const link = view?.querySelector<HTMLAnchorElement>('a[data-action=back]')
    expect(link?.getAttribute('href')).toBe('https://cal.example/app/')
    expect(link?.textContent).toBe('بازگشت به «Calendar»')
  })

  it('refuses a scope not enabled for the widget with INVALID_SCOPE, before any dialog', async () => {
    const { error, view, backend } = await refused({
      app_key: 'cal',
      scope: 'provider.sms.write',
      return: '/app/start',
      state: STATE,
    })
    expect(error).toMatchObject({ code: 'INVALID_SCOPE' })
    expect(backend.tokens).toHaveLength(0)
    expect(view?.textContent).toContain('provider.sms.write')
  })

  it('an error before any dialog (the backend, consent remembered) stays on the page', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    backend.behavior.token = 'error'
    const { error, view } = await refused(
      { app_key: 'cal', scope: SCOPE, return: '/app/start', state: STATE },
      backend,
    )
    expect(error).toMatchObject({ message: 'Backend unavailable' })
    expect(view?.querySelector('[role=alert]')?.textContent).toContain('Backend unavailable')
  })

  it('speaks the widget page’s language when the request names it', async () => {
    const { view } = await refused({
      app_key: 'cal',
      scope: SCOPE,
      return: '/x',
      locale: 'en',
      state: STATE,
    })
    expect(view?.getAttribute('lang')).toBe('en')
    expect(view?.querySelector('[role=alert]')?.textContent).toBe(
      'The request asks to go back to a page outside the widget’s site.',
    )
    expect(view?.querySelector('a')?.textContent).toBe('Back to Calendar')
  })
})

describe('returnUrl, where a sign-in may go back to', () => {
  it.each([
    ['https://w.example/app/', '/app/', 'https://w.example/app/'],
    ['https://w.example/app/', '/app/start?x=1', 'https://w.example/app/start?x=1'],
    ['https://w.example/app/index.html', '/app/settings', 'https://w.example/app/settings'],
    ['https://w.example/', '/anything/below?q=1', 'https://w.example/anything/below?q=1'],
  ])('below %s: %s', (registered, back, url) => {
    expect(returnUrl({ url: registered }, back)).toBe(url)
  })

  it.each([
    ['https://w.example/app/', '/app'],
    ['https://w.example/app/index.html', '/index.html'],
    ['https://w.example/app/', '/app/./../x'],
    ['https://w.example/app/', '/app/a\nb'],
    ['https://w.example/app/', '/app/%2f/x'],
  ])('not below %s: %s', (registered, back) => {
    expect(() => returnUrl({ url: registered }, back)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'return' }),
    )
  })

  // A page registered by key may lie outside the registered URL's folder on the same origin.
  const widget = {
    url: 'https://w.example/app/',
    pages: [
      { key: 'launcher', embed_src: 'https://w.example/start/' },
      { key: 'visit', embed_src: 'https://w.example/visits/{{id}}/view', parameters: ['id'] },
    ],
  }

  it.each([
    ['/start/?direct=true', 'https://w.example/start/?direct=true'],
    ['/visits/42/view', 'https://w.example/visits/42/view'],
  ])('a registered page: %s', (back, url) => {
    expect(returnUrl(widget, back)).toBe(url)
  })

  it.each(['/start/other', '/visits/42/43/view', '/visits/view', '/elsewhere'])(
    'neither below the folder nor a registered page: %s',
    (back) => {
      expect(() => returnUrl(widget, back)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'return' }),
      )
    },
  )
})
