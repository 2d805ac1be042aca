import { describe, expect, it } from 'vitest'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { runSignIn } from './signin.js'

const widgets = [
  {
    app_key: 'cal',
    url: 'https://cal.example/app/',
    name: 'Calendar',
    scopes: ['provider.profile.read', 'provider.appointment.webhook'],
  },
]
const STATE = 'a'.repeat(32)

async function signIn(query: Record<string, string>, backend = createMemoryBackend()) {
  const went: string[] = []
  const url = await runSignIn({
    widgets,
    backend,
    locale: 'en',
    query: new URLSearchParams(query).toString(),
    navigate: (to) => went.push(to),
  })
  expect(went).toEqual([url])
  const [base, fragment = ''] = url.split('#')
  return { base, answer: Object.fromEntries(new URLSearchParams(fragment)), backend }
}

describe('runSignIn, the sign-in page of a top-level widget page', () => {
  it('with consent already given, goes back at once with a token bound to the state', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', ['provider.profile.read', 'provider.appointment.webhook'])
    const { base, answer } = await signIn(
      { app_key: 'cal', scope: 'provider.appointment.webhook', return: '/start?x=1', state: STATE },
      backend,
    )
    expect(base).toBe('https://cal.example/start?x=1')
    expect(answer).toEqual({ platform_token: backend.tokens[0]?.token, state: STATE })
    expect(backend.tokens[0]?.scopes).toEqual(['provider.appointment.webhook'])
  })

  it('goes back to the registered origin, whatever the return path tries', async () => {
    const backend = createMemoryBackend()
    await backend.recordConsent('cal', ['provider.profile.read'])
    for (const back of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      await expect(
        signIn(
          { app_key: 'cal', scope: 'provider.profile.read', return: back, state: STATE },
          backend,
        ),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'path' })
    }
    const { base } = await signIn(
      { app_key: 'cal', scope: 'provider.profile.read', return: '/@evil.example', state: STATE },
      backend,
    )
    expect(new URL(base ?? '').origin).toBe('https://cal.example')
  })

  it('answers a scope not enabled for the widget with INVALID_SCOPE, and no token', async () => {
    const { answer, backend } = await signIn({
      app_key: 'cal',
      scope: 'provider.sms.write',
      return: '/start',
      state: STATE,
    })
    expect(answer).toMatchObject({ platform_error: 'INVALID_SCOPE', state: STATE })
    expect(backend.tokens).toHaveLength(0)
  })

  it.each([
    ['no widget', { scope: 'provider.profile.read', return: '/', state: STATE }, 'app_key'],
    [
      'an unknown widget',
      { app_key: 'x', scope: 'provider.profile.read', return: '/', state: STATE },
      'app_key',
    ],
    ['no state', { app_key: 'cal', scope: 'provider.profile.read', return: '/' }, 'state'],
    [
      'a short state',
      { app_key: 'cal', scope: 'provider.profile.read', return: '/', state: 'abc' },
      'state',
    ],
    ['no return path', { app_key: 'cal', scope: 'provider.profile.read', state: STATE }, 'path'],
  ])('refuses %s and goes nowhere', async (_, query, field) => {
    const went: string[] = []
    await expect(
      runSignIn({
        widgets,
        backend: createMemoryBackend(),
        query: new URLSearchParams(query as Record<string, string>).toString(),
        navigate: (to) => went.push(to),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field })
    expect(went).toEqual([])
  })
})
