import { describe, expect, it } from 'vitest'
import { createTopLevelPlatform, SIGN_IN_STATE } from './toplevel.js'

/** A top-level page's window: its address bar, session storage and history, recorded. */
function page(hash = '', stored?: string) {
  const storage = new Map<string, string>(stored ? [[SIGN_IN_STATE, stored]] : [])
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
    crypto: globalThis.crypto,
  } as unknown as Window
  const platform = createTopLevelPlatform({
    signInUrl: 'https://panel.example/signin',
    window: win,
  })
  return { platform, storage, assigned, replaced }
}

const STATE = 'f'.repeat(32)

describe('window.platform in a top-level page', () => {
  it('initialize resolves and says it is not embedded', async () => {
    const { platform } = page()
    await expect(platform.initialize({ clientKey: 'cal' })).resolves.toEqual({
      app_key: 'cal',
      embedded: false,
      panelOrigin: 'https://panel.example',
    })
  })

  it('getSessionToken goes to the sign-in page with a one-time state kept for the way back', async () => {
    const { platform, storage, assigned } = page()
    await platform.initialize({ app_key: 'cal' })
    void platform.getSessionToken({
      scope: ['provider.profile.read', 'provider.appointment.webhook'],
    })
    await Promise.resolve()
    const url = new URL(assigned[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe('https://panel.example/signin')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_key: 'cal',
      scope: 'provider.profile.read provider.appointment.webhook',
      return: '/start?from=site',
      state: storage.get(SIGN_IN_STATE),
    })
    expect(storage.get(SIGN_IN_STATE)).toMatch(/^[0-9a-f]{32}$/)
  })

  it('on the way back, resolves with the token of its state and takes it off the address bar', async () => {
    const { platform, storage, assigned, replaced } = page(
      `#platform_token=st_1&state=${STATE}`,
      STATE,
    )
    // Taken off as the page loads, before the widget asks.
    expect(replaced).toEqual(['/start?from=site'])
    await platform.initialize({ app_key: 'cal' })
    await expect(platform.getSessionToken({ scope: 'provider.profile.read' })).resolves.toBe('st_1')
    expect(storage.has(SIGN_IN_STATE)).toBe(false)
    expect(assigned).toEqual([])
  })

  it.each([
    [
      'another state',
      `#platform_token=st_1&state=${'0'.repeat(32)}`,
      STATE,
      'INVALID_SESSION_TOKEN',
    ],
    ['no state kept', `#platform_token=st_1&state=${STATE}`, undefined, 'INVALID_SESSION_TOKEN'],
    [
      'the user closed the dialog',
      `#platform_error=USER_CLOSED_POPUP&state=${STATE}`,
      STATE,
      'USER_CLOSED_POPUP',
    ],
    ['a malformed code', `#platform_error=%3Cb%3E&state=${STATE}`, STATE, 'BACKEND_ERROR'],
  ])('rejects %s, and does not go to sign in again', async (_, hash, stored, code) => {
    const { platform, assigned } = page(hash, stored)
    await platform.initialize({ app_key: 'cal' })
    await expect(
      platform.getSessionToken({ scope: ['provider.profile.read'] }),
    ).rejects.toMatchObject({
      code,
    })
    expect(assigned).toEqual([])
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
