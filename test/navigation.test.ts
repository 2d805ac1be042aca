import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { FlowKey, HostContext } from '../src/events/index.js'
import { rig, until } from './support/index.js'

afterEach(() => {
  Reflect.deleteProperty(navigator, 'userActivation')
  vi.restoreAllMocks()
})

/**
 * Sets the panel page's user activation, as the browser would after a click; the function it
 * returns sets it again.
 */
function activation(isActive: boolean) {
  const state = { isActive, hasBeenActive: isActive }
  Object.defineProperty(navigator, 'userActivation', { value: state, configurable: true })
  return (next: boolean) => {
    state.isActive = next
  }
}

const PANEL = 'https://panel.example'

/** Spies on every way the host could navigate. */
function navigation() {
  const navigate = vi.fn()
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  return { navigate, open, assign }
}

describe('redirect.dispatch', () => {
  it.each<[string, string]>([
    ['/appointments', `${PANEL}/appointments`],
    ['/appointments?day=2024-05-01#slot', `${PANEL}/appointments?day=2024-05-01#slot`],
    ['/', `${PANEL}/`],
    ['/بیماران', `${PANEL}/%D8%A8%DB%8C%D9%85%D8%A7%D8%B1%D8%A7%D9%86`],
  ])('navigates the doctor panel to %s on the panel origin', async (path, url) => {
    const spies = navigation()
    const t = rig({ host: { panelOrigin: PANEL, navigate: spies.navigate } })
    await t.init()
    await expect(t.platform.redirect.dispatch({ path })).resolves.toBeUndefined()
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith(url)
    expect(new URL(spies.navigate.mock.calls[0]![0]).origin).toBe(PANEL)
    expect(spies.open).not.toHaveBeenCalled()
    expect(spies.assign).not.toHaveBeenCalled()
  })

  it('uses location.assign in the same tab when the page gives no navigate hook', async () => {
    const spies = navigation()
    const t = rig({ host: { panelOrigin: PANEL, navigate: undefined, openWindow: undefined } })
    await t.init()
    await t.platform.redirect.dispatch({ path: '/settings', newContext: false })
    expect(spies.assign).toHaveBeenCalledExactlyOnceWith(`${PANEL}/settings`)
    expect(spies.open).not.toHaveBeenCalled()
  })

  it('opens a new tab with noopener for newContext, on the widget’s click', async () => {
    const spies = navigation()
    const t = rig({ host: { panelOrigin: PANEL, navigate: spies.navigate, openWindow: undefined } })
    await t.init()
    activation(true)
    await t.platform.redirect.dispatch({ path: '/reports?y=2024', newContext: true })
    expect(spies.open).toHaveBeenCalledOnce()
    const [url, target, features] = spies.open.mock.calls[0]!
    expect(url).toBe(`${PANEL}/reports?y=2024`)
    expect(target).toBe('_blank')
    expect(String(features).split(',')).toContain('noopener')
    expect(spies.navigate).not.toHaveBeenCalled()
    expect(spies.assign).not.toHaveBeenCalled()
  })

  // A widget polling the call would otherwise open a tab on any click the panel gets.
  it.each<[string, boolean | undefined]>([
    ['no activation', false],
    ['no navigator.userActivation (unknown)', undefined],
  ])('newContext with %s: POPUP_BLOCKED, and nothing opens', async (_, active) => {
    const spies = navigation()
    const openWindow = vi.fn()
    const t = rig({ host: { panelOrigin: PANEL, navigate: spies.navigate, openWindow } })
    await t.init()
    if (active !== undefined) activation(active)
    await expect(
      t.platform.redirect.dispatch({ path: '/settings', newContext: true }),
    ).rejects.toMatchObject({ code: 'POPUP_BLOCKED', message: expect.stringMatching(/click/) })
    expect(openWindow).not.toHaveBeenCalled()
    expect(spies.open).not.toHaveBeenCalled()
  })

  it('one tab per click: the activation is used up by the first tab', async () => {
    const openWindow = vi.fn()
    const t = rig({ host: { panelOrigin: PANEL, openWindow } })
    await t.init()
    const active = activation(true)
    // The page's activation, used up as the browser would: showPicker on the host's field.
    const picker = vi.fn(() => active(false))
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
      value: picker,
      configurable: true,
    })
    onTestFinished(() => {
      Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker')
    })
    await t.platform.redirect.dispatch({ path: '/settings', newContext: true })
    await expect(
      t.platform.redirect.dispatch({ path: '/settings', newContext: true }),
    ).rejects.toMatchObject({ code: 'POPUP_BLOCKED' })
    expect(picker).toHaveBeenCalledOnce()
    expect(openWindow).toHaveBeenCalledExactlyOnceWith(`${PANEL}/settings`)
  })

  it('with a dialog open, the activation opens nothing: DIALOG_BUSY', async () => {
    const openWindow = vi.fn()
    const t = rig({ host: { panelOrigin: PANEL, openWindow } })
    await t.init()
    const consent = t.platform.getSessionToken({ scope: ['provider.profile.read'] })
    await until(() => t.dialog())
    activation(true)
    await expect(
      t.platform.redirect.dispatch({ path: '/settings', newContext: true }),
    ).rejects.toMatchObject({ code: 'DIALOG_BUSY' })
    expect(openWindow).not.toHaveBeenCalled()
    t.button('Cancel')!.click()
    await expect(consent).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('a widget cooling down opens no tab, activation or not: DIALOG_COOLDOWN', async () => {
    const openWindow = vi.fn()
    const t = rig({ host: { panelOrigin: PANEL, openWindow, limits: { dismissals: 1 } } })
    await t.init()
    const consent = t.platform.getSessionToken({ scope: ['provider.profile.read'] })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    await expect(consent).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
    activation(true)
    await expect(
      t.platform.redirect.dispatch({ path: '/settings', newContext: true }),
    ).rejects.toMatchObject({ code: 'DIALOG_COOLDOWN' })
    expect(openWindow).not.toHaveBeenCalled()
  })

  it.each<[HostContext]>([['booking-flow'], ['doctor-profile']])(
    'resolves with no effect in %s',
    async (context) => {
      const spies = navigation()
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const t = rig({ host: { context, panelOrigin: PANEL, navigate: spies.navigate } })
      await t.init()
      await expect(t.platform.redirect.dispatch({ path: '/settings' })).resolves.toBeUndefined()
      await expect(
        t.platform.redirect.dispatch({ path: '/settings', newContext: true }),
      ).resolves.toBeUndefined()
      expect(spies.navigate).not.toHaveBeenCalled()
      expect(spies.open).not.toHaveBeenCalled()
      expect(spies.assign).not.toHaveBeenCalled()
      expect(warn).not.toHaveBeenCalled() // not in development mode
      expect(t.calls.filter((c) => c === 'redirect')).toHaveLength(2)
    },
  )

  it('warns on both sides in development mode when it has no effect', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const t = rig({ host: { context: 'booking-flow', dev: true } })
    await t.init()
    await t.platform.redirect.dispatch({ path: '/settings' })
    const messages = warn.mock.calls.map((c) => String(c[0]))
    expect(messages).toEqual([
      expect.stringMatching(/^\[platform host\] demo: redirect\.dispatch has no effect/),
      expect.stringMatching(/^\[platform\] redirect has no effect in the booking-flow context/),
    ])
  })

  it.each<[string, string]>([
    ['an absolute URL', 'https://evil.com/'],
    ['a protocol-relative URL', '//evil.com'],
    ['a backslash', '/\\evil.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['an encoded slash', '/%2F%2Fevil.com'],
    ['a tab', '/\t/evil.com'],
    ['a newline', '/a\nb'],
    ['U+2028', '/a\u2028b'],
    ['a relative path', 'settings'],
  ])('rejects %s with INVALID_ARGUMENT path and does not navigate', async (_, path) => {
    const spies = navigation()
    const t = rig({ host: { panelOrigin: PANEL, navigate: spies.navigate } })
    await t.init()
    for (const newContext of [false, true]) {
      await expect(t.platform.redirect.dispatch({ path, newContext })).rejects.toMatchObject({
        name: 'PlatformError',
        code: 'INVALID_ARGUMENT',
        field: 'path',
      })
    }
    expect(spies.navigate).not.toHaveBeenCalled()
    expect(spies.open).not.toHaveBeenCalled()
    expect(spies.assign).not.toHaveBeenCalled()
  })

  it.each<[string]>([
    ['/signin?app_key=demo&return=/fake-login.html&state=aaaaaaaaaaaaaaaa'],
    ['/signin'],
    ['/signin/'],
    ['/signin/renew'],
    ['/SignIn?app_key=demo'],
    ['/%73ignin?app_key=demo'],
    ['/signin;x=1'],
    ['/signin.html'],
    ['/panel/../signin'],
    ['/panel/%2e%2e/signin'],
  ])('refuses the platform’s sign-in page, %s, with INVALID_ARGUMENT', async (path) => {
    const spies = navigation()
    for (const context of ['doctor-panel', 'booking-flow'] as const) {
      const t = rig({ host: { context, panelOrigin: PANEL, navigate: spies.navigate } })
      await t.init()
      for (const newContext of [false, true]) {
        await expect(t.platform.redirect.dispatch({ path, newContext })).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
          field: 'path',
        })
      }
    }
    expect(spies.navigate).not.toHaveBeenCalled()
    expect(spies.open).not.toHaveBeenCalled()
    expect(spies.assign).not.toHaveBeenCalled()
  })

  it('takes a path below the panel’s listed pages, and refuses the rest of its origin', async () => {
    const spies = navigation()
    const t = rig({
      host: { panelOrigin: PANEL, navigate: spies.navigate, panelPages: ['/panel', '/_/'] },
    })
    await t.init()
    for (const path of ['/panel', '/panel/apps/x?y=1', '/_/cal/launcher/?direct=true']) {
      await t.platform.redirect.dispatch({ path })
    }
    expect(spies.navigate.mock.calls.map(([url]) => url)).toEqual([
      `${PANEL}/panel`,
      `${PANEL}/panel/apps/x?y=1`,
      `${PANEL}/_/cal/launcher/?direct=true`,
    ])
    for (const path of ['/dist/platform.js', '/config.json', '/panelx', '/', '/_']) {
      await expect(t.platform.redirect.dispatch({ path })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: 'path',
      })
    }
    expect(spies.navigate).toHaveBeenCalledTimes(3)
  })

  // Regression test, fixed bug (src/host/host.ts, `panelOrigin` in createHost; `redirectTarget` in src/host-kit/path-rules.ts, the origin check):
  // `options.panelOrigin` is used verbatim, so a panel configured with `https://panel.example/`
  // (trailing slash) fails every redirect with INVALID_ARGUMENT `path: must stay on the panel
  // origin`, blaming the widget's path for the host's configuration; the widget is also told
  // the unnormalized value in InitializeInfo. Fix: normalize with `new URL(panelOrigin).origin`
  // in createHost and refuse values that are not a bare origin.
  it('works with a panelOrigin written with a trailing slash', async () => {
    const spies = navigation()
    const t = rig({ host: { panelOrigin: `${PANEL}/`, navigate: spies.navigate } })
    await t.init()
    await t.platform.redirect.dispatch({ path: '/settings' })
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith(`${PANEL}/settings`)
  })

  it('rejects a newContext that is not a boolean', async () => {
    const t = rig({ host: { panelOrigin: PANEL, navigate: vi.fn() } })
    await t.init()
    await expect(
      t.platform.redirect.dispatch({ path: '/x', newContext: 'yes' as never }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'newContext' })
  })

  it('reports a failing navigate hook as BACKEND_ERROR', async () => {
    const t = rig({
      host: {
        panelOrigin: PANEL,
        navigate: () => {
          throw new Error('router refused')
        },
      },
    })
    await t.init()
    await expect(t.platform.redirect.dispatch({ path: '/x' })).rejects.toMatchObject({
      code: 'BACKEND_ERROR',
      // A sentence in the panel's locale (en here), then the hook's own text.
      message: 'The platform could not complete the request: router refused',
    })
  })
})

describe('flow.dispatch', () => {
  it.each<[FlowKey, Record<string, unknown> | undefined]>([
    ['BOOKING.RECEIPT', undefined],
    ['BOOKING.ONLINE_VISIT_CHANNEL', undefined],
    ['BOOKING.RECEIPT', { note: 'paid at desk' }],
    ['BOOKING.ONLINE_VISIT_CHANNEL', { channel: 'video', when: new Date(0) }],
  ])('moves the booking flow on with %s (options %j)', async (flowKey, options) => {
    const onFlow = vi.fn()
    const t = rig({ host: { context: 'booking-flow', onFlow } })
    await t.init()
    await expect(t.platform.flow.dispatch(flowKey, options)).resolves.toBeUndefined()
    expect(onFlow).toHaveBeenCalledExactlyOnceWith(flowKey, options)
  })

  it('waits for the onFlow handler', async () => {
    let finished = false
    const t = rig({
      host: {
        context: 'booking-flow',
        onFlow: async () => {
          await new Promise((r) => setTimeout(r, 20))
          finished = true
        },
      },
    })
    await t.init()
    await t.platform.flow.dispatch('BOOKING.RECEIPT')
    expect(finished).toBe(true)
  })

  it.each<[HostContext]>([['doctor-panel'], ['doctor-profile']])(
    'resolves with no effect in %s',
    async (context) => {
      const onFlow = vi.fn()
      const t = rig({ host: { context, onFlow } })
      await t.init()
      await expect(t.platform.flow.dispatch('BOOKING.RECEIPT')).resolves.toBeUndefined()
      expect(onFlow).not.toHaveBeenCalled()
      expect(t.calls).toContain('flow')
    },
  )

  it('resolves with no effect in the booking flow when the page gave no handler', async () => {
    const t = rig({ host: { context: 'booking-flow' } })
    await t.init()
    await expect(t.platform.flow.dispatch('BOOKING.RECEIPT')).resolves.toBeUndefined()
  })

  it.each<[string, unknown, unknown, string]>([
    ['an unknown key', 'BOOKING.CANCEL', undefined, 'flowKey'],
    ['a lower-case key', 'booking.receipt', undefined, 'flowKey'],
    ['no key', undefined, undefined, 'flowKey'],
    ['options that are not an object', 'BOOKING.RECEIPT', 'x', 'options'],
    ['options that are an array', 'BOOKING.ONLINE_VISIT_CHANNEL', ['video'], 'options'],
  ])(
    'rejects %s with INVALID_ARGUMENT and does not move the flow',
    async (_, flowKey, options, field) => {
      const onFlow = vi.fn()
      const t = rig({ host: { context: 'booking-flow', onFlow } })
      await t.init()
      await expect(
        t.platform.flow.dispatch(flowKey as FlowKey, options as never),
      ).rejects.toMatchObject({ name: 'PlatformError', code: 'INVALID_ARGUMENT', field })
      expect(onFlow).not.toHaveBeenCalled()
    },
  )
})
