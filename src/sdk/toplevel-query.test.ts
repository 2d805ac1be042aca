// The page's query across a sign-in: `return` carries only the path (the platform compares it
// with the widget's registered top-level pages), so the SDK keeps the query in the tab with the
// state and puts it back when the answer for that state comes.
import { describe, expect, it } from 'vitest'
import { createTopLevelPlatform, SIGN_IN_STATE } from './toplevel.js'

const STATE = 'f'.repeat(32)

/** A page back from the sign-in at `/start#…`, with what the tab kept, and what it replaced. */
function back(answerState: string, kept: Record<string, unknown>) {
  const storage = new Map([[SIGN_IN_STATE, JSON.stringify(kept)]])
  const replaced: string[] = []
  const location = {
    hash: `#platform_code=psc_1&state=${answerState}`,
    pathname: '/start',
    search: '',
  }
  const win = {
    location,
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    history: {
      state: null,
      replaceState: (_: unknown, __: string, url: string) => replaced.push(url),
    },
    document: { documentElement: { lang: '' } },
    crypto: globalThis.crypto,
  } as unknown as Window
  const fetch = async () => new Response('{}', { status: 400 })
  createTopLevelPlatform({ signInUrl: 'https://panel.example/signin', window: win, fetch })
  return replaced
}

const pending = { state: STATE, verifier: 'v'.repeat(43), app_key: 'cal', scope: ['a.b'] }

describe('the page’s query across a sign-in', () => {
  it('comes back with the answer for its state', () => {
    expect(back(STATE, { ...pending, search: '?oauth=success&x=1' })).toEqual([
      '/start?oauth=success&x=1',
    ])
  })

  it.each([
    ['another state’s answer', 'e'.repeat(32), { ...pending, search: '?oauth=success' }],
    ['a kept query that is no query', STATE, { ...pending, search: '/elsewhere' }],
    ['a kept query that is no text', STATE, { ...pending, search: 42 }],
    ['no query kept', STATE, pending],
  ])('not with %s', (_, answerState, kept) => {
    expect(back(answerState, kept)).toEqual(['/start'])
  })
})
