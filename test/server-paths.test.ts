// Spellings of a path that a panel's or a widget's server may read otherwise than the browser:
// `redirect.dispatch` and a sign-in's `return` refuse them, naming the rule.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { returnUrl } from '../src/host/signin-request.js'
import { rig } from './support/index.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const PANEL = 'https://panel.example'
const SIGN_IN_QUERY = '?app_key=evil&scope=provider.profile.read&state=cccccccccccccccc'
const DOT = 'a "." or ".." segment'
const SEMI = 'must not contain ";" in a path segment'
const PCT = 'must not contain "%25"'
const OWN = 'not one of the platform’s own routes'
const NFKC = 'Unicode normalisation (NFKC)'
const UTF8 = 'invalid UTF-8'

describe('redirect.dispatch refuses what a server may normalise to another page', () => {
  it.each<[string, string]>([
    [`/panel/..;/signin${SIGN_IN_QUERY}&return=/phish.html`, DOT],
    ['/panel/.;x/apps', DOT],
    ['/panel/%2e%2e;/signin', DOT],
    ['/panel;jsessionid=1/apps', SEMI],
    ['/panel/apps%3Bx', SEMI],
    ['/signin%3Bx', SEMI],
    ['/%2573ignin', PCT],
    ['/panel/%25/x', PCT],
    ['/signin%20', OWN],
    ['/signin~', OWN],
    ['/signin-x', OWN],
    ['/SIGNIN%7E/renew', OWN],
    ['/signin/redeem', OWN],
    ['/panel/%E2%80%A5/signin', NFKC],
    ['/panel/..%EF%BC%8Fsignin', NFKC],
    ['/panel/\uFB01le', NFKC],
    ['/panel/%C0%AE%C0%AE/signin', UTF8],
    ['/panel/%ED%A0%80', UTF8],
  ])('%s: INVALID_ARGUMENT, %s', async (path, rule) => {
    const navigate = vi.fn()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    // No `panelPages`: the platform's own routes are refused without the panel listing them.
    for (const panelPages of [undefined, ['/panel', '/_/']]) {
      const t = rig({
        host: { panelOrigin: PANEL, navigate, ...(panelPages ? { panelPages } : {}) },
      })
      await t.init()
      const error = await t.platform.redirect.dispatch({ path }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'path' })
      // With pages listed, a path outside them may be refused by that rule first.
      if (!panelPages || path.startsWith('/panel/')) {
        expect((error as Error).message).toContain(rule)
      }
    }
    expect(navigate).not.toHaveBeenCalled()
    expect(open).not.toHaveBeenCalled()
  })

  it.each([
    '/panel/apps?q=a;b',
    '/panel/apps?q=100%25',
    '/signinfo',
    '/panel/signin',
    '/panel/x.y/..z',
  ])('still takes %s', async (path) => {
    const navigate = vi.fn()
    const t = rig({ host: { panelOrigin: PANEL, navigate } })
    await t.init()
    await t.platform.redirect.dispatch({ path })
    expect(navigate).toHaveBeenCalledExactlyOnceWith(new URL(path, PANEL).href)
  })
})

/** A widget that registers the pages the rules' paths would reach: the rules refuse them first. */
const REGISTERED = {
  url: 'https://w.example/app/',
  topLevelPages: ['/app/x', '/app/y', '/x', '/app/%78'],
}

describe('a sign-in’s return refuses what a server may normalise elsewhere', () => {
  it.each<[string, string]>([
    ['/app/..;/x', DOT],
    ['/app/%2e;x/y', DOT],
    ['/app/x;a=b', SEMI],
    ['/app/x%3b', SEMI],
    ['/app/%2578', PCT],
    ['/app/x#@evil', 'must not contain "#"'],
    ['/app/x?y=1#z', 'must not contain "#"'],
  ])('return=%s: INVALID_ARGUMENT, %s', (back, rule) => {
    expect(() => returnUrl(REGISTERED, back)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        field: 'return',
        message: expect.stringContaining(rule),
      }),
    )
  })

  it('refuses any query, which the SDK keeps in the tab instead', () => {
    expect(() => returnUrl(REGISTERED, '/app/x?a=1;b=100%25')).toThrow(
      expect.objectContaining({ field: 'return', message: expect.stringContaining('no query') }),
    )
    expect(returnUrl(REGISTERED, '/app/x')).toBe('https://w.example/app/x')
  })
})
