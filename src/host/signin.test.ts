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
    topLevelPages: ['/app/', '/app/start'],
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
async function refused(
  query: Record<string, string>,
  backend = createMemoryBackend(),
  registered: typeof widgets = widgets,
) {
  const went: string[] = []
  const error = await runSignIn({
    widgets: registered,
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
        return: '/app/start',
        state: STATE,
      },
      backend,
    )
    expect(base).toBe('https://cal.example/app/start')
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
    ['not registered, above the folder', '/start'],
    ['not registered, in the folder', '/app/other'],
    ['a redirecting page of the widget', '/app/redir'],
    ['with a query', '/app/start?x=1'],
    ['with an empty query', '/app/start?'],
    ['with a query that names another page', '/app/redir?to=https://evil.example/catch'],
    ['in another case', '/APP/start'],
    ['with a slash added', '/app/start/'],
    ['without its slash', '/app'],
    ['an encoded letter', '/app/st%61rt'],
    ['beside the folder', '/appx/start'],
    ['a dot segment', '/app/../app/start'],
    ['an encoded dot segment', '/app/x/%2e%2e/start'],
    ['another site', '//evil.example/app/'],
    ['a backslash', '/\\evil.example/app/'],
    ['an absolute URL', 'https://evil.example/app/'],
  ])('refuses a return %s, even with consent given', async (_, back) => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const { error, view } = await refused(
      { app_key: 'cal', scope: SCOPE, return: back, state: STATE },
      backend,
    )
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'return' })
    // Refused before any token, so before any code exists.
    expect(backend.tokens).toHaveLength(0)
    expect(backend.codes).toHaveLength(0)
    // The way back is a link to the widget's registered URL: a click, never automatic.
    const link = view?.querySelector<HTMLAnchorElement>('a[data-action=back]')
    expect(link?.getAttribute('href')).toBe('https://cal.example/app/')
    expect(link?.textContent).toBe('بازگشت به «Calendar»')
  })

  it('names the registered pages when it refuses a return', async () => {
    const { error } = await refused({
      app_key: 'cal',
      scope: SCOPE,
      return: '/app/redir',
      state: STATE,
    })
    expect(error).toMatchObject({
      message: "return: must be one of the widget's registered top-level pages: /app/, /app/start",
    })
  })

  it('refuses every return of a widget that registers no top-level pages', async () => {
    const { topLevelPages: _, ...none } = widgets[0]!
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const error = await runSignIn({
      widgets: [none],
      backend,
      query: new URLSearchParams({
        app_key: 'cal',
        scope: SCOPE,
        return: '/app/',
        state: STATE,
        challenge: CHALLENGE,
      }).toString(),
      navigate: () => {
        throw new Error('went somewhere')
      },
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'return' })
    expect((error as Error).message).toMatch(/registers no top-level pages \(topLevelPages\)/)
    expect(backend.codes).toHaveLength(0)
  })

  it('refuses a bad registration before any request, naming the entry', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', [SCOPE])
    const bad = [
      { ...widgets[0]!, app_key: 'ok' },
      { ...widgets[0]!, topLevelPages: ['/app/', 'start'] },
    ]
    const { error } = await refused(
      { app_key: 'cal', scope: SCOPE, return: '/app/', state: STATE },
      backend,
      bad,
    )
    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'widgets[1].topLevelPages[1]',
      message: expect.stringMatching(
        /^widgets\[1\]\.topLevelPages\[1\]: cal: must start with "\/"/,
      ),
    })
    expect(backend.codes).toHaveLength(0)
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
      'The request asks to go back to a page the widget has not registered.',
    )
    expect(view?.querySelector('a')?.textContent).toBe('Back to Calendar')
  })
})

describe('returnUrl, where a sign-in may go back to', () => {
  const widget = {
    url: 'https://w.example/app/',
    topLevelPages: ['/app/', '/app/start.html', '/settings', '/a%20b'],
  }

  it.each([
    ['/app/', 'https://w.example/app/'],
    ['/app/start.html', 'https://w.example/app/start.html'],
    // Outside the registered URL's folder, but registered: the list decides, not the folder.
    ['/settings', 'https://w.example/settings'],
    // As the browser reads it: a space is the registered `%20`.
    ['/a b', 'https://w.example/a%20b'],
  ])('a registered page: %s', (back, url) => {
    expect(returnUrl(widget, back)).toBe(url)
  })

  it.each([
    '/app',
    '/app/start.html/',
    '/app/Start.html',
    '/app/start.htm',
    '/app/start%2Ehtml',
    '/app/x/../start.html',
    '/settings?oauth=success',
    '/settings;x',
    '/app/a\nb',
    '/app/%2f/x',
  ])('not a registered page: %s', (back) => {
    expect(() => returnUrl(widget, back)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'return' }),
    )
  })
})
