// Long: the SDK's calls, one describe each, over one rig.
import { connect, PortMessenger } from 'penpal'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION } from '../src/events/wire.js'
import { createPlatform, type Platform, PlatformError } from '../src/sdk/index.js'
import { countDialogs, rig, until } from './support/index.js'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const TRUSTED = ['https://panel.example']

/** A window that is inside a frame whose parent is `parentOrigin` (when the browser says so). */
function framedWindow(parentOrigin?: string) {
  const parent = { postMessage: vi.fn() }
  const win = {
    parent,
    location: { ancestorOrigins: parentOrigin ? [parentOrigin] : undefined },
    // The SDK listens for its parent's answers on the window it lives in.
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  } as unknown as Window
  return { win, parent }
}

describe('initialize: embedding and handshake', () => {
  it('in a top-level page, initialize resolves at once, not embedded; panel calls reject NOT_EMBEDDED', async () => {
    vi.useFakeTimers()
    expect(window.parent).toBe(window)
    const platform = createPlatform({ trustedOrigins: TRUSTED })
    // No timer is advanced: nothing waits for a handshake.
    await expect(platform.initialize({ app_key: 'demo' })).resolves.toEqual({
      app_key: 'demo',
      embedded: false,
      panelOrigin: new URL(TRUSTED[0]!).origin,
    })
    expect(vi.getTimerCount()).toBe(0)
    const error = await platform.sms.activate().catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'NOT_EMBEDDED' })
  })

  it.each<[string, string[], string | undefined]>([
    ['no trusted origin', [], 'https://panel.example'],
    ["only '*'", ['*'], 'https://panel.example'],
    ['an empty origin', [''], undefined],
    ['a parent on another origin', TRUSTED, 'https://evil.example'],
    ['a parent on a look-alike origin', TRUSTED, 'https://panel.example.evil.example'],
  ])('rejects UNTRUSTED_HOST with %s, sending nothing', async (_, trustedOrigins, parentOrigin) => {
    const { win, parent } = framedWindow(parentOrigin)
    const platform = createPlatform({ trustedOrigins, window: win, handshakeTimeout: 50 })
    await expect(platform.initialize({ app_key: 'demo' })).rejects.toMatchObject({
      code: 'UNTRUSTED_HOST',
    })
    expect(parent.postMessage).not.toHaveBeenCalled()
  })

  it('rejects HOST_UNREACHABLE when a trusted parent never answers', async () => {
    const { win, parent } = framedWindow('https://panel.example')
    const platform = createPlatform({ trustedOrigins: TRUSTED, window: win, handshakeTimeout: 60 })
    await expect(platform.initialize({ app_key: 'demo' })).rejects.toMatchObject({
      code: 'HOST_UNREACHABLE',
    })
    // It did try the parent, and posted its handshake to the trusted origin only, never to '*'.
    expect(parent.postMessage).toHaveBeenCalled()
    const targets = parent.postMessage.mock.calls.map(([, target]) =>
      typeof target === 'string' ? target : (target as { targetOrigin?: string }).targetOrigin,
    )
    expect(new Set(targets)).toEqual(new Set(TRUSTED))
  })

  it('starts the handshake as it is created, and times initialize from the call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { win, parent } = framedWindow('https://panel.example')
    const platform = createPlatform({ trustedOrigins: TRUSTED, window: win, handshakeTimeout: 100 })
    expect(parent.postMessage).toHaveBeenCalledTimes(1)
    expect(parent.postMessage.mock.calls[0]).toEqual([
      expect.objectContaining({ namespace: 'penpal', type: 'SYN' }),
      'https://panel.example',
    ])
    // Long after the handshake timeout, initialize still waits its own full timeout.
    await vi.advanceTimersByTimeAsync(1000)
    let settled: unknown
    platform.initialize({ app_key: 'demo' }).catch((e) => {
      settled = e
    })
    await vi.advanceTimersByTimeAsync(99)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toMatchObject({ code: 'HOST_UNREACHABLE' })
    // initialize took over the handshake under way: no second SYN.
    expect(parent.postMessage).toHaveBeenCalledTimes(1)
    platform.destroy()
  })

  it('rejects HOST_UNREACHABLE after the handshake timeout when nobody answers', async () => {
    const { port2 } = new MessageChannel()
    const platform = createPlatform({
      trustedOrigins: TRUSTED,
      messenger: () => new PortMessenger({ port: port2 }),
      handshakeTimeout: 80,
    })
    const start = Date.now()
    const error = await platform.initialize({ app_key: 'demo' }).catch((e) => e)
    const elapsed = Date.now() - start
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'HOST_UNREACHABLE' })
    expect(elapsed).toBeGreaterThanOrEqual(70)
    expect(elapsed).toBeLessThan(1000)
  })

  it('retries after a failed initialize', async () => {
    const t = rig()
    const dead = new MessageChannel()
    let attempts = 0
    const { port1, port2 } = new MessageChannel()
    t.host.connect('demo', () => new PortMessenger({ port: port1 }))
    const platform = createPlatform({
      trustedOrigins: TRUSTED,
      messenger: () => new PortMessenger({ port: attempts++ === 0 ? dead.port2 : port2 }),
      handshakeTimeout: 60,
    })
    await expect(platform.initialize({ app_key: 'demo' })).rejects.toMatchObject({
      code: 'HOST_UNREACHABLE',
    })
    await expect(platform.initialize({ app_key: 'demo' })).resolves.toMatchObject({
      app_key: 'demo',
    })
    expect(attempts).toBe(2)
    platform.destroy()
  })
})

describe('initialize: once per widget', () => {
  it('resolves a second initialize with the same key without a second handshake', async () => {
    const t = rig()
    const first = await t.init()
    const second = await t.init()
    expect(second).toEqual(first)
    expect(t.calls.filter((c) => c === 'initialize')).toEqual(['initialize'])
  })

  it('shares one initialize between concurrent calls', async () => {
    const t = rig()
    const [a, b] = await Promise.all([t.init(), t.init()])
    expect(a).toEqual(b)
    expect(t.calls.filter((c) => c === 'initialize')).toHaveLength(1)
  })

  it('rejects another key with ALREADY_INITIALIZED, and stays initialized', async () => {
    const t = rig()
    await t.init()
    const error = await t.platform.initialize({ app_key: 'other' }).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'ALREADY_INITIALIZED' })
    expect(error.message).toContain('demo')
    t.backend.smsActive = true
    await expect(t.platform.sms.activate()).resolves.toMatchObject({
      event: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
    })
  })

  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'app_key'],
    ['a number', { app_key: 7 }, 'app_key'],
    ['a bare number', 7, 'app_key'],
    ['a clientKey number', { clientKey: 7 }, 'clientKey'],
    ['an app_key number beside a clientKey', { app_key: 7, clientKey: 'demo' }, 'app_key'],
  ])('rejects %s with INVALID_ARGUMENT without contacting the host', async (_, init, field) => {
    const t = rig()
    await expect(t.platform.initialize(init as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field,
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(t.calls).toEqual([])
  })

  it.each<[string, (p: Platform) => Promise<unknown>]>([
    ['getSessionToken', (p) => p.getSessionToken({ scope: ['provider.profile.read'] })],
    ['redirect.dispatch', (p) => p.redirect.dispatch({ path: '/x' })],
    ['flow.dispatch', (p) => p.flow.dispatch('BOOKING.RECEIPT')],
    ['payment.pay', (p) => p.payment.pay({ product_key: 'pro' })],
    ['payment.subscribe', (p) => p.payment.subscribe()],
    ['payment.payForDoctorService', (p) => p.payment.payForDoctorService({ amount: 1 })],
    ['sms.activate', (p) => p.sms.activate()],
    ['sms.charge', (p) => p.sms.charge()],
  ])('rejects %s before initialize with NOT_INITIALIZED, locally', async (_, call) => {
    const t = rig()
    await expect(call(t.platform)).rejects.toMatchObject({
      name: 'PlatformError',
      code: 'NOT_INITIALIZED',
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(t.calls).toEqual([])
  })
})

describe('destroy', () => {
  it('rejects a pending call with CONNECTION_CLOSED, and the host closes its dialog', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e)
    await until(() => t.dialog())
    t.platform.destroy()
    const error = await result
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED' })
    await until(() => t.dialog() === null)
    expect(t.backend.charges).toEqual([])
  })

  it('rejects every pending call', async () => {
    const t = rig()
    await t.init()
    const calls = [
      t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e),
      t.platform.getSessionToken({ scope: ['provider.profile.read'] }).catch((e) => e),
    ]
    await until(() => t.dialog())
    t.platform.destroy()
    for (const error of await Promise.all(calls)) {
      expect(error).toMatchObject({ code: 'CONNECTION_CLOSED' })
    }
  })

  it('leaves later calls NOT_INITIALIZED', async () => {
    const t = rig()
    await t.init()
    t.platform.destroy()
    await expect(t.platform.sms.activate()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' })
  })

  it('removes the pagehide listener it added', async () => {
    const add = vi.spyOn(window, 'addEventListener')
    const remove = vi.spyOn(window, 'removeEventListener')
    const t = rig()
    await t.init()
    // Added in the task after initialize resolves.
    await new Promise((resolve) => setTimeout(resolve))
    const added = add.mock.calls.filter(([type]) => type === 'pagehide').map(([, fn]) => fn)
    expect(added).toHaveLength(1)
    t.platform.destroy()
    const removed = remove.mock.calls.filter(([type]) => type === 'pagehide').map(([, fn]) => fn)
    expect(removed).toEqual(added)
  })

  it('destroyed as initialize resolves, before the next task: adds no listener, reports no height', async () => {
    const add = vi.spyOn(window, 'addEventListener')
    const t = rig()
    await t.init()
    t.platform.destroy()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(add.mock.calls.filter(([type]) => type === 'pagehide' || type === 'pageshow')).toEqual(
      [],
    )
    expect(t.calls.filter((c) => c === 'resize')).toEqual([])
  })

  // Regression test, fixed bug (src/sdk/platform.ts, destroy() and start()): destroy() only runs the cleanups that
  // start() pushed *after* the handshake, and drops `session`. An initialize still under way
  // is not rejected: it resolves afterwards, and its bridge, its pagehide listener and its
  // ResizeObserver are registered after destroy() and never removed. Repro: call
  // `platform.initialize(...)` then `platform.destroy()` at once. Fix: give each session an
  // AbortSignal (or a `destroyed` flag) that destroy() sets; start() checks it after every await,
  // destroys the bridge and throws CONNECTION_CLOSED.
  it('rejects an initialize still under way with CONNECTION_CLOSED', async () => {
    const t = rig()
    const init = t.init().then(
      () => 'resolved',
      (e) => e,
    )
    t.platform.destroy()
    expect(await init).toMatchObject({ code: 'CONNECTION_CLOSED' })
  })
})

describe('what never reaches the host', () => {
  it.each<[string, (p: Platform) => Promise<unknown>, string]>([
    [
      'a function payload argument',
      (p) => p.payment.pay({ product_key: 'pro' }, () => 1),
      'payload',
    ],
    [
      'a function payload in the request',
      (p) => p.payment.pay({ product_key: 'pro', payload: { cb: () => 1 } }),
      'payload',
    ],
    [
      'a subscribe payload with a function',
      (p) => p.payment.subscribe({ payload: [() => 1] }),
      'payload',
    ],
    [
      'a doctor-service payload with a symbol',
      (p) => p.payment.payForDoctorService({ amount: 10, payload: Symbol('s') }),
      'payload',
    ],
    [
      'flow options with a function',
      (p) => p.flow.dispatch('BOOKING.RECEIPT', { f: () => 1 }),
      'options',
    ],
  ])('rejects %s with INVALID_ARGUMENT', async (_, call, field) => {
    const t = rig({ host: { context: 'doctor-profile' } })
    const dialogs = countDialogs()
    await t.init()
    const error = await call(t.platform).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
    await new Promise((r) => setTimeout(r, 10))
    // The SDK's own size report goes out as it initializes; nothing else follows initialize.
    expect(t.calls.filter((c) => c !== 'resize')).toEqual(['initialize'])
    expect(t.calls.length).toBeLessThanOrEqual(2)
    expect(dialogs()).toBe(0)
  })
})

describe('the bridge against a hand-written host', () => {
  /** A penpal host offering `initialize` and one `smsActivate` that answers `answer`. */
  async function fakeHost(answer: unknown) {
    const { port1, port2 } = new MessageChannel()
    const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {
      initialize: async () => ({
        ok: true,
        value: {
          app_key: 'demo',
          context: 'doctor-panel',
          locale: 'en',
          panelOrigin: 'https://panel.example',
          dev: false,
        },
      }),
      resize: async () => ({ ok: true, value: null }),
    }
    if (answer !== undefined) methods.smsActivate = async () => answer
    const connection = connect({ messenger: new PortMessenger({ port: port1 }), methods })
    const platform = createPlatform({
      trustedOrigins: TRUSTED,
      messenger: () => new PortMessenger({ port: port2 }),
      handshakeTimeout: 1000,
    })
    await platform.initialize({ app_key: 'demo' })
    return {
      platform,
      cleanup: () => {
        platform.destroy()
        connection.destroy()
      },
    }
  }

  it.each<[string, unknown, object]>([
    ['a method it does not offer', undefined, { code: 'UNSUPPORTED' }],
    [
      'a typed error',
      { ok: false, error: { name: 'PlatformError', code: 'DIALOG_BUSY', message: 'busy' } },
      { code: 'DIALOG_BUSY', message: 'busy' },
    ],
    [
      'an error with a field',
      { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'm', field: 'x' } },
      { code: 'INVALID_ARGUMENT', field: 'x' },
    ],
    [
      'a code this version does not list (a newer host’s): kept',
      { ok: false, error: { code: 'EXPLODED', message: 'boom' } },
      { code: 'EXPLODED', message: 'boom' },
    ],
    [
      'a code not in the form of one',
      { ok: false, error: { code: 'exploded now', message: 'boom' } },
      { code: 'BACKEND_ERROR', message: 'boom' },
    ],
    ['garbage', 'garbage', { code: 'BACKEND_ERROR' }],
    ['null', null, { code: 'BACKEND_ERROR' }],
  ])('turns %s into a PlatformError', async (_, answer, expected) => {
    const host = await fakeHost(answer)
    const error = await host.platform.sms.activate().catch((e) => e)
    host.cleanup()
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject(expected)
  })

  it('emits a result to platform.on only when the host answered ok', async () => {
    const host = await fakeHost({ ok: true, value: { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' } })
    const seen = vi.fn()
    host.platform.on('PLATFORM_SMS_ACTIVATE_SUCCESS', seen)
    await expect(host.platform.sms.activate()).resolves.toEqual({
      event: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
    })
    host.cleanup()
    expect(seen).toHaveBeenCalledExactlyOnceWith({ event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' })
  })

  it('sends the protocol version in initialize', async () => {
    const { port1, port2 } = new MessageChannel()
    const initialize = vi.fn(async () => ({
      ok: false,
      error: { code: 'UNSUPPORTED', message: 'no' },
    }))
    const connection = connect({
      messenger: new PortMessenger({ port: port1 }),
      methods: { initialize },
    })
    const platform = createPlatform({
      trustedOrigins: TRUSTED,
      messenger: () => new PortMessenger({ port: port2 }),
    })
    await expect(platform.initialize({ app_key: 'demo' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    })
    expect(initialize).toHaveBeenCalledWith({ app_key: 'demo', protocol: PROTOCOL_VERSION })
    connection.destroy()
  })
})

describe('timers', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('times calls on one timer per side, not one per call', async () => {
    const t = rig()
    await t.platform.initialize({ app_key: 'demo' })
    const timers = vi.spyOn(globalThis, 'setTimeout')
    for (let i = 0; i < 50; i++) await t.platform.redirect.dispatch({ path: `/p/${i}` })
    expect(t.navigations).toHaveLength(50)
    // At most one for each side's deadline timer (and it may already be armed): before, one per
    // call on each side, so 100.
    expect(timers.mock.calls.length).toBeLessThanOrEqual(2)
  })
})
