import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLinkUrl, MAX_URL_LENGTH } from '../src/events/index.js'
import { validateOpenLink } from '../src/operations/openLink/validate.js'
import { countDialogs, rig, until } from './support/index.js'

/** A tab `window.open` returned: records what the host did to it. */
function fakeTab() {
  const doc = document.implementation.createHTMLDocument('')
  const clicked: { href: string; rel: string }[] = []
  const click = vi.fn(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, rel: this.rel })
  })
  const tab = { opener: window as unknown, document: doc, close: vi.fn() }
  vi.spyOn(doc, 'createElement').mockImplementation((tag: string) => {
    const el = document.createElement(tag)
    if (tag === 'a') el.click = click
    return el
  })
  return { tab, clicked }
}

/** Sets the panel page's user activation, as the browser would after a click. */
function activation(isActive: boolean) {
  Object.defineProperty(navigator, 'userActivation', {
    value: { isActive, hasBeenActive: isActive },
    configurable: true,
  })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'userActivation')
  vi.restoreAllMocks()
})

describe('the openLink URL rule', () => {
  it.each([
    'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&login_hint=a@b.example',
    'https://example.com',
    'http://localhost:3001/callback',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://widget.localhost/',
    `https://example.com/${'a'.repeat(MAX_URL_LENGTH - 20)}`,
  ])('accepts %s', (url) => {
    expect(isLinkUrl(url)).toBe(true)
    expect(validateOpenLink({ url }).url).toBe(new URL(url).href)
  })

  it.each<[string, unknown]>([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JAVASCRIPT:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob:', 'blob:https://example.com/1234'],
    ['file:', 'file:///etc/passwd'],
    ['a relative path', '/settings'],
    ['a scheme-relative URL', '//evil.example/'],
    ['plain http to another host', 'http://example.com/'],
    ['http to a name ending in localhost but not .localhost', 'http://evillocalhost/'],
    ['a user name', 'https://user@example.com/'],
    ['a user name and password', 'https://user:pass@example.com/'],
    ['a tab the parser would drop', 'https://exa\tmple.com/'],
    ['a newline', 'https://example.com/\nx'],
    ['a leading space', ' https://example.com/'],
    ['a line separator', 'https://example.com/\u2028'],
    ['too long', `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`],
    ['a number', 42],
    ['undefined', undefined],
    ['an object', { href: 'https://example.com/' }],
  ])('refuses %s with INVALID_ARGUMENT naming url', (_, url) => {
    expect(isLinkUrl(url)).toBe(false)
    expect(() => validateOpenLink({ url })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'url' }),
    )
  })

  it('refuses other fields and a missing request', () => {
    expect(() => validateOpenLink({ url: 'https://example.com/', target: '_self' })).toThrow(
      expect.objectContaining({ field: 'target' }),
    )
    expect(() => validateOpenLink(undefined)).toThrow(
      expect.objectContaining({ field: 'openLink' }),
    )
  })
})

describe('openLink in the panel', () => {
  it('opens at once with the page’s activation: no dialog, no opener, a noreferrer link', async () => {
    const t = rig()
    await t.init()
    const { tab, clicked } = fakeTab()
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const dialogs = countDialogs()
    activation(true)
    await expect(
      t.platform.openLink({ url: 'https://accounts.google.com/signin?x=1' }),
    ).resolves.toEqual({ opened: true })
    expect(open).toHaveBeenCalledWith('about:blank', '_blank')
    expect(tab.opener).toBeNull()
    expect(clicked).toEqual([
      { href: 'https://accounts.google.com/signin?x=1', rel: 'noopener noreferrer' },
    ])
    expect(dialogs()).toBe(0)
  })

  // The page's activation is anyone's: a click on the panel, on another widget, or on a dialog's
  // own Pay. A tab that skips the dialog must not skip its rules.
  it('with a dialog open, the activation opens nothing: the call is refused like any dialog', async () => {
    const t = rig()
    await t.init()
    const open = vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
    const consent = t.platform.getSessionToken({ scope: ['provider.profile.read'] })
    await until(() => t.dialog())
    activation(true)
    await expect(t.platform.openLink({ url: 'https://evil.example/' })).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
    })
    expect(open).not.toHaveBeenCalled()
    t.button('Cancel')!.click()
    await expect(consent).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('a widget cooling down opens nothing, activation or not', async () => {
    const t = rig({ host: { limits: { dismissals: 1 } } })
    await t.init()
    const open = vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
    const first = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    await expect(first).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
    activation(true)
    await expect(t.platform.openLink({ url: 'https://example.com/' })).rejects.toMatchObject({
      code: 'DIALOG_COOLDOWN',
    })
    expect(open).not.toHaveBeenCalled()
  })

  it.each<['en' | 'fa', string, string]>([
    ['en', 'Open', 'in a new tab'],
    ['fa', 'باز کردن', 'زبانه‌ای تازه'],
  ])(
    'asks first without activation (%s), naming the site, and opens on confirm',
    async (locale, button, words) => {
      const t = rig({ host: { locale } })
      await t.init()
      const { tab, clicked } = fakeTab()
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
      activation(false)
      const result = t.platform.openLink({ url: 'https://accounts.google.com/o/oauth2/auth' })
      await until(() => t.dialog())
      expect(t.dialog()!.dataset.kind).toBe('open-link')
      const site = t.dialog()!.querySelector('[data-site]')!
      expect(site.tagName).toBe('BDI')
      expect(site.getAttribute('dir')).toBe('ltr')
      // The registrable domain first; the host and the whole link below it.
      expect(site.textContent).toBe('google.com')
      expect(t.dialog()!.querySelector('[data-host]')!.textContent).toBe('accounts.google.com')
      expect(t.dialog()!.querySelector('[data-url]')!.textContent).toBe(
        'https://accounts.google.com/o/oauth2/auth',
      )
      expect(t.text()).toContain(words)
      expect(t.text()).toContain('Demo <b>widget</b>') // the Requested-by band
      expect(open).not.toHaveBeenCalled()
      t.button(button)!.click()
      await expect(result).resolves.toEqual({ opened: true })
      expect(open).toHaveBeenCalledTimes(1)
      expect(clicked.map((c) => c.href)).toEqual(['https://accounts.google.com/o/oauth2/auth'])
    },
  )

  it('without navigator.userActivation (unknown) it asks too', async () => {
    const t = rig()
    await t.init()
    vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
    const result = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    t.button('Open')!.click()
    await expect(result).resolves.toEqual({ opened: true })
  })

  it.each<['en' | 'fa', string]>([
    ['en', 'encoded'],
    ['fa', 'رمزشده'],
  ])('shows a non-ASCII host as punycode, and says why (%s)', async (locale, words) => {
    const t = rig({ host: { locale } })
    await t.init()
    const result = t.platform.openLink({ url: 'https://login.gооgle.com/x' }) // Cyrillic o's
    await until(() => t.dialog())
    const dialog = t.dialog()!
    expect(dialog.querySelector('[data-site]')!.textContent).toBe('xn--ggle-55da.com')
    expect(dialog.querySelector('[data-host]')!.textContent).toBe('login.xn--ggle-55da.com')
    expect(dialog.querySelector('[data-url]')!.textContent).toBe(
      'https://login.xn--ggle-55da.com/x',
    )
    // Never the Unicode form, which reads "google.com".
    expect(t.text()).not.toContain('gооgle')
    expect(dialog.querySelector('[data-punycode]')!.textContent).toContain(words)
    t.button(locale === 'en' ? 'Cancel' : 'انصراف')!.click()
    await expect(result).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('shows the real site of a long look-alike host first, the host cut from the left, the whole link below', async () => {
    const t = rig()
    await t.init()
    const host = `accounts.google.com.${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(30)}.evil.example`
    const url = `https://${host}/signin?continue=x`
    const result = t.platform.openLink({ url })
    await until(() => t.dialog())
    const dialog = t.dialog()!
    const site = dialog.querySelector('[data-site]')!
    expect(site.textContent).toBe('evil.example')
    // First in the body, before any part of the look-alike.
    const body = dialog.querySelector('.body')!.textContent!
    expect(body.indexOf('evil.example')).toBeLessThan(body.indexOf('google'))
    const shown = dialog.querySelector('[data-host]')!.textContent!
    expect(shown).toBe(`….${'a'.repeat(30)}.evil.example`)
    expect(shown).not.toContain('google')
    expect(dialog.querySelector('[data-url]')!.textContent).toBe(url)
    expect(dialog.querySelector('[data-url]')!.getAttribute('dir')).toBe('ltr')
    expect(dialog.querySelector('[data-punycode]')).toBeNull()
    t.button('Cancel')!.click()
    await expect(result).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('keeps the port with the site, and shows no host line when the host is the site', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.openLink({ url: 'http://localhost:3001/callback' })
    await until(() => t.dialog())
    expect(t.dialog()!.querySelector('[data-site]')!.textContent).toBe('localhost:3001')
    expect(t.dialog()!.querySelector('[data-host]')).toBeNull()
    t.button('Cancel')!.click()
    await expect(result).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('rejects with USER_CLOSED_POPUP when declined, and opens nothing', async () => {
    const t = rig()
    await t.init()
    const open = vi.spyOn(window, 'open')
    activation(false)
    const result = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    await expect(result).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
    expect(open).not.toHaveBeenCalled()
  })

  it('asks when the browser blocks the tab despite activation, and rejects with POPUP_BLOCKED when it blocks that too', async () => {
    const t = rig()
    await t.init()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    activation(true)
    const result = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    expect(open).toHaveBeenCalledTimes(1)
    t.button('Open')!.click()
    await expect(result).rejects.toMatchObject({ code: 'POPUP_BLOCKED' })
    expect(open).toHaveBeenCalledTimes(2)
  })

  it('a blocked tab after asking rejects with POPUP_BLOCKED; allowed, the dialog’s click opens it', async () => {
    const t = rig()
    await t.init()
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null)
    open.mockReturnValueOnce(fakeTab().tab as unknown as Window)
    activation(true)
    const result = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    t.button('Open')!.click()
    await expect(result).resolves.toEqual({ opened: true })
  })

  it('waits briefly for a click’s activation that reaches the panel after the call', async () => {
    const t = rig()
    await t.init()
    vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
    const dialogs = countDialogs()
    activation(false)
    const state = (navigator as Navigator & { userActivation: { isActive: boolean } })
      .userActivation
    const result = t.platform.openLink({ url: 'https://example.com/' })
    setTimeout(() => {
      state.isActive = true
    }, 30)
    await expect(result).resolves.toEqual({ opened: true })
    expect(dialogs()).toBe(0)
  })

  it('refuses a bad URL with INVALID_ARGUMENT before anything opens or asks', async () => {
    const t = rig()
    await t.init()
    const open = vi.spyOn(window, 'open')
    const dialogs = countDialogs()
    activation(true)
    await expect(t.platform.openLink({ url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'url',
    })
    expect(open).not.toHaveBeenCalled()
    expect(dialogs()).toBe(0)
  })

  it('refuses with DIALOG_BUSY while another dialog is open', async () => {
    const t = rig()
    await t.init()
    activation(false)
    const first = t.platform.openLink({ url: 'https://example.com/' })
    await until(() => t.dialog())
    await expect(t.platform.openLink({ url: 'https://example.org/' })).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
    })
    t.button('Cancel')!.click()
    await expect(first).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it.each(['doctor-panel', 'booking-flow', 'doctor-profile'] as const)(
    'works in the %s context',
    async (context) => {
      const t = rig({ context })
      await t.init()
      vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
      activation(true)
      await expect(t.platform.openLink({ url: 'https://example.com/' })).resolves.toEqual({
        opened: true,
      })
    },
  )

  it('is rate-limited like every call', async () => {
    const t = rig({ host: { limits: { perSecond: 2 } } })
    await t.init()
    vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window)
    activation(true)
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => t.platform.openLink({ url: 'https://example.com/' })),
    )
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason.code === 'RATE_LIMITED').length,
    ).toBeGreaterThan(0)
  })
})

describe('openLink in a top-level page', () => {
  it('checks the URL the same way, then navigates the page itself', async () => {
    const { createPlatform } = await import('../src/sdk/index.js')
    const assign = vi.fn()
    const win = {
      location: { assign, hash: '' },
      addEventListener() {},
      removeEventListener() {},
    } as unknown as Window
    ;(win as { parent: Window }).parent = win
    const platform = createPlatform({ trustedOrigins: ['https://panel.example'], window: win })
    await expect(platform.openLink({ url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'url',
    })
    await expect(platform.openLink({ url: 'https://u:p@example.com/' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    expect(assign).not.toHaveBeenCalled()
    await expect(platform.openLink({ url: 'https://example.com/x' })).resolves.toEqual({
      opened: true,
    })
    expect(assign).toHaveBeenCalledWith('https://example.com/x')
  })
})

describe('openLink in the test kit', () => {
  it('records the link after the scripted answer; a cancel rejects with USER_CLOSED_POPUP', async () => {
    const { createTestHost } = await import('../src/testing/index.js')
    const kit = createTestHost({ context: 'booking-flow' })
    try {
      await window.platform.initialize({ app_key: 'test-widget' })
      await expect(window.platform.openLink({ url: 'https://example.com/a' })).resolves.toEqual({
        opened: true,
      })
      kit.next('open-link', 'cancel')
      await expect(
        window.platform.openLink({ url: 'https://example.com/b' }),
      ).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
      expect(kit.links).toEqual(['https://example.com/a'])
      expect(kit.dialogs.map((d) => [d.kind, d.answer])).toEqual([
        ['open-link', 'confirm'],
        ['open-link', 'cancel'],
      ])
    } finally {
      kit.destroy()
    }
  })
})
