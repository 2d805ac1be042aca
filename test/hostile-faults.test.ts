// Long: fault tables (reloads, navigations, floods) over one rig, one describe each.
/**
 * Faults: the widget reloads or goes away, the host unmounts it or is destroyed, or never
 * answers. Nothing is charged, nothing hangs: every pending promise settles with a typed error.
 */
import { connect, type Messenger, PortMessenger } from 'penpal'
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { type ErrorCode, MIN_TOKEN_TIMEOUT, TIMEOUTS } from '../src/events/index.js'
import { HOST_TIMEOUTS } from '../src/events/wire.js'
import { loadWords } from '../src/host-kit/dialog/catalog.js'
import { strings } from '../src/host-kit/dialog/i18n.js'
import { OPERATIONS } from '../src/operations/index.js'
import { createPlatform, type Platform, PlatformError } from '../src/sdk/index.js'
import {
  confirmDialog,
  dialogCounter,
  flush,
  MARKUP_WIDGETS,
  openDialog,
  PANEL,
  panel,
  ReusablePortMessenger,
  rig,
  sdkCallsWithExamples,
  until,
} from './support/index.js'

// The host loads each locale's words with its dialogs; these tests read them directly.
beforeAll(() => Promise.all([loadWords('en'), loadWords('fa')]))

/** The hostile suites register widgets whose display strings all carry markup. */
const hostile = { widgets: MARKUP_WIDGETS }

/** A promise that never settles: a backend or panel hook that hangs. */
const forever = <T>() => new Promise<T>(() => {})

type Settled = { code: ErrorCode | undefined; name: string | undefined; ms: number }

/** Starts `calls`, and later reports how each settled and how long after `since()` it did. */
function track(calls: Record<string, Promise<unknown>>) {
  let t0 = 0
  const settled: Record<string, Settled> = {}
  for (const [name, promise] of Object.entries(calls)) {
    promise.then(
      () => {
        settled[name] = { code: undefined, name: 'resolved', ms: performance.now() - t0 }
      },
      (e: PlatformError) => {
        settled[name] = { code: e?.code, name: e?.name, ms: performance.now() - t0 }
      },
    )
  }
  return {
    since: () => {
      t0 = performance.now()
    },
    settled,
    pending: () => Object.keys(calls).filter((name) => !(name in settled)),
  }
}

/** Waits up to one second (real time) for every tracked call to settle. */
async function withinOneSecond(t: ReturnType<typeof track>) {
  const end = performance.now() + 1000
  while (t.pending().length && performance.now() < end) await flush(2)
  expect(t.pending(), 'calls still pending after one second').toEqual([])
}

/** Calls that are pending in every way a call can be: in a dialog, queued, in a hook, in the backend. */
async function pendingCalls(t: ReturnType<typeof rig>) {
  t.backend.smsStatus = forever
  t.backend.lookupReceipt = forever
  await t.platform.initialize({ app_key: 'demo' })
  const calls = {
    'consent dialog': t.platform.getSessionToken({ scope: ['provider.profile.read'] }),
    'redirect in a hung navigate hook': t.platform.redirect.dispatch({ path: '/settings' }),
    'sms.activate in a hung backend': t.platform.sms.activate(),
    'pay of a receipt in a hung backend': t.platform.payment.pay({ receipt_id: 'rcpt-1' }),
  }
  const tracked = track(calls)
  await until(openDialog)
  await until(() => t.calls.length >= 5) // initialize and the four calls reached the host
  expect(tracked.pending()).toHaveLength(4)
  return tracked
}

describe('the host goes away while calls are pending', () => {
  const hung = { navigate: forever as () => Promise<void> }

  it('unmount: every pending call rejects with CONNECTION_CLOSED within one second', async () => {
    const t = rig({ ...hostile, host: hung })
    const tracked = await pendingCalls(t)
    tracked.since()
    t.session.destroy()
    await withinOneSecond(tracked)
    expect(Object.entries(tracked.settled).map(([name, s]) => [name, s.name, s.code])).toEqual(
      Object.keys(tracked.settled).map((name) => [name, 'PlatformError', 'CONNECTION_CLOSED']),
    )
    expect(openDialog()).toBeNull()
    expect(t.backend.charges).toEqual([])
    expect(t.backend.tokens).toEqual([])
  })

  it('host.destroy(): every pending call rejects with CONNECTION_CLOSED within one second', async () => {
    const t = rig({ ...hostile, host: hung })
    const tracked = await pendingCalls(t)
    tracked.since()
    t.host.destroy()
    await withinOneSecond(tracked)
    expect(Object.values(tracked.settled).map((s) => [s.name, s.code])).toEqual(
      Array(4).fill(['PlatformError', 'CONNECTION_CLOSED']),
    )
    expect(openDialog()).toBeNull()
    expect(document.querySelector('[data-platform-dialogs]')).toBeNull()
    expect(t.backend.charges).toEqual([])
  })

  it('the widget destroys its own side: its calls reject and the host closes the dialog', async () => {
    const t = rig({ ...hostile, host: hung })
    const tracked = await pendingCalls(t)
    tracked.since()
    t.platform.destroy()
    await withinOneSecond(tracked)
    expect(Object.values(tracked.settled).map((s) => s.code)).toEqual(
      Array(4).fill('CONNECTION_CLOSED'),
    )
    await until(() => openDialog() === null)
    expect(t.backend.charges).toEqual([])
    // The host listens again: the same page can initialize and pay.
    t.backend.lookupReceipt = async () => undefined
    await t.platform.initialize({ app_key: 'demo' })
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await confirmDialog()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
  })

  it('after host.destroy() a new initialize fails with a typed error, not a hang', async () => {
    const t = rig(hostile)
    t.host.destroy()
    const error = await t.platform.initialize({ app_key: 'demo' }).catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error.code).toBe('HOST_UNREACHABLE')
  })
})

/** A messenger whose page can "vanish": after `vanish()` it neither sends nor hears anything. */
function vanishing(inner: Messenger) {
  let gone = false
  const messenger: Messenger = {
    initialize: (o) => inner.initialize(o),
    sendMessage: (m, t) => {
      if (!gone) inner.sendMessage(m, t)
    },
    addMessageHandler: (h) => inner.addMessageHandler(h),
    removeMessageHandler: (h) => inner.removeMessageHandler(h),
    destroy: () => inner.destroy(),
  }
  return {
    messenger,
    vanish: () => {
      gone = true
      inner.destroy()
    },
  }
}

describe('the widget reloads while a dialog is open', () => {
  for (const [kind, open] of [
    ['consent', (p: Platform) => p.getSessionToken({ scope: ['provider.profile.read'] })],
    ['payment', (p: Platform) => p.payment.pay({ product_key: 'pro' })],
    ['subscription', (p: Platform) => p.payment.subscribe()],
    ['SMS activation', (p: Platform) => p.sms.activate()],
    ['SMS top-up', (p: Platform) => p.sms.charge()],
  ] as const) {
    it(`a new page (a new SYN, no bye) closes the ${kind} dialog, charges nothing, and connects`, async () => {
      const { port1, port2 } = new MessageChannel()
      const t = panel(hostile)
      t.host.connect('demo', () => new ReusablePortMessenger(port1))
      const first = vanishing(new ReusablePortMessenger(port2))
      const old = createPlatform({
        trustedOrigins: [PANEL],
        messenger: () => first.messenger,
        handshakeTimeout: 1000,
      })
      // The old page's SDK still holds its call's timers: ended after the test, so none runs on
      // into the next test file of this worker.
      onTestFinished(() => old.destroy())
      await old.initialize({ app_key: 'demo' })
      void open(old).catch(() => {})
      await until(openDialog)
      first.vanish() // the old page is gone: no bye, no DESTROY
      const fresh = createPlatform({
        trustedOrigins: [PANEL],
        messenger: () => new ReusablePortMessenger(port2),
        handshakeTimeout: 1000,
      })
      await fresh.initialize({ app_key: 'demo' })
      await until(() => openDialog() === null)
      expect(t.backend.charges).toEqual([])
      expect(t.backend.tokens).toEqual([])
      expect(t.backend.smsActive).toBe(false)
      const paid = fresh.payment.pay({ product_key: 'pro' })
      await confirmDialog()
      expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
      expect(t.backend.charges).toHaveLength(1)
      fresh.destroy()
    })
  }

  it('pagehide (bye) closes the open dialog at once and the call rejects with CONNECTION_CLOSED', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    const paid = t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e)
    await until(openDialog)
    window.dispatchEvent(new Event('pagehide'))
    expect(await paid).toMatchObject({ name: 'PlatformError', code: 'CONNECTION_CLOSED' })
    expect(openDialog()).toBeNull()
    expect(t.backend.charges).toEqual([])
    // Until the page initializes again the host refuses its calls.
    await expect(t.platform.sms.activate()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' })
  })
})

describe('a host that never answers gives a typed timeout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('no host at all: initialize rejects with HOST_UNREACHABLE after the handshake timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { port2 } = new MessageChannel()
    const platform = createPlatform({
      trustedOrigins: [PANEL],
      messenger: () => new PortMessenger({ port: port2 }),
    })
    let settled: unknown
    platform.initialize({ app_key: 'demo' }).catch((e) => {
      settled = e
    })
    await vi.advanceTimersByTimeAsync(TIMEOUTS.handshake - 1)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeInstanceOf(PlatformError)
    expect(settled).toMatchObject({ code: 'HOST_UNREACHABLE' })
    platform.destroy()
  })

  /** A peer that completes the handshake and then never answers `hang`'s methods. */
  async function silentHost(hang: (method: string) => boolean) {
    const { port1, port2 } = new MessageChannel()
    const methods: Record<string, (raw: unknown) => Promise<unknown>> = {}
    // Every host method of the operation table.
    for (const method of Object.keys(OPERATIONS)) {
      methods[method] = async () =>
        hang(method)
          ? forever()
          : {
              ok: true,
              value:
                method === 'initialize'
                  ? {
                      app_key: 'demo',
                      context: 'doctor-panel',
                      locale: 'en',
                      panelOrigin: PANEL,
                      dev: false,
                    }
                  : null,
            }
    }
    const connection = connect({ messenger: new PortMessenger({ port: port1 }), methods })
    const platform = createPlatform({
      trustedOrigins: [PANEL],
      messenger: () => new PortMessenger({ port: port2 }),
    })
    return {
      platform,
      destroy: () => {
        platform.destroy()
        connection.destroy()
      },
    }
  }

  /** Real time for the messages, fake time and clock for the call timers. */
  const settle = () => new Promise((r) => setImmediate(r))

  it('initialize never answered: TIMEOUT after the call timeout', async () => {
    const h = await silentHost((m) => m === 'initialize')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let settled: unknown
    h.platform.initialize({ app_key: 'demo' }).catch((e) => {
      settled = e
    })
    for (let i = 0; i < 20; i++) await settle()
    await vi.advanceTimersByTimeAsync(TIMEOUTS.call - 1)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toMatchObject({ name: 'PlatformError', code: 'TIMEOUT' })
    h.destroy()
  })

  /** `platform` at `path` (`sms.activate`), called with `args`. */
  const callAt = (p: Platform, path: string, args: unknown[]) =>
    (
      path
        .split('.')
        .reduce((o, k) => o[k] as never, p as unknown as Record<string, unknown>) as unknown as (
        ...a: unknown[]
      ) => Promise<unknown>
    )(...args)

  it.each<[string, (p: Platform) => Promise<unknown>, number]>([
    // Every call of the operation table, with the timeout of its kind.
    // Its contract's example as its argument (the silent host never reads it).
    ...sdkCallsWithExamples().map(
      ({ path, args, deadline }): [string, (p: Platform) => Promise<unknown>, number] => [
        path,
        (p) => callAt(p, path, args),
        TIMEOUTS[deadline],
      ],
    ),
    // The original SDK's `timeout` option is the host's to apply (src/events/token.ts): the
    // SDK's own wait stays the one for a dialog call, its guard against a host that never answers.
    [
      'getSessionToken with timeout 30 s',
      (p) => p.getSessionToken({ scope: 'provider.profile.read', timeout: 30_000 }),
      TIMEOUTS.dialogCall,
    ],
  ])('%s never answered: TIMEOUT (the call timeout for its kind)', async (_, run, timeout) => {
    // Fake timers and clock from before initialize: the bridge's one deadline timer runs on them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const h = await silentHost((m) => m !== 'initialize' && m !== 'resize')
    await h.platform.initialize({ app_key: 'demo' })
    let settled: unknown
    run(h.platform).catch((e) => {
      settled = e
    })
    for (let i = 0; i < 20; i++) await settle()
    await vi.advanceTimersByTimeAsync(timeout - 1)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toMatchObject({ name: 'PlatformError', code: 'TIMEOUT' })
    h.destroy()
  })

  it('an unanswered dialog closes after the dialog timeout: TIMEOUT, nothing charged', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    // The host measures its deadlines on the clock: fake it with the timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let settled: unknown
    t.platform.payment.pay({ product_key: 'pro' }).catch((e) => {
      settled = e
    })
    for (let i = 0; i < 50 && !openDialog(); i++) await settle()
    expect(openDialog()).not.toBeNull()
    await vi.advanceTimersByTimeAsync(TIMEOUTS.dialog - 1)
    expect(openDialog()).not.toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    for (let i = 0; i < 20 && settled === undefined; i++) await settle()
    expect(settled).toMatchObject({ name: 'PlatformError', code: 'TIMEOUT' })
    expect(openDialog()).toBeNull()
    expect(t.backend.charges).toEqual([])
  })
})

describe('getSessionToken({ timeout }): the host ends the call by then, its dialog before', () => {
  afterEach(() => vi.useRealTimers())
  const settle = () => new Promise((r) => setImmediate(r))
  it.each([
    ['30 s, raised to 2 min', 30_000, MIN_TOKEN_TIMEOUT],
    ['5 min', 300_000, 300_000],
  ])('timeout %s', async (_, timeout, wait) => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let settled: unknown
    t.platform.getSessionToken({ scope: ['provider.profile.read'], timeout }).catch((e) => {
      settled = e
    })
    for (let i = 0; i < 50 && !openDialog(); i++) await settle()
    expect(openDialog()).not.toBeNull()
    // The dialog closes the backend's time (kept for it after a confirm) before the timeout.
    const open = wait - HOST_TIMEOUTS.backend
    await vi.advanceTimersByTimeAsync(open - 1)
    expect(openDialog()).not.toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    for (let i = 0; i < 20 && settled === undefined; i++) await settle()
    // The host's TIMEOUT, in the panel's locale (en here), long before the SDK's own.
    expect(settled).toMatchObject({ code: 'TIMEOUT', message: strings('en').errors.TIMEOUT })
    expect(openDialog()).toBeNull()
    expect(t.backend.tokens).toEqual([])
  })
})

describe('a refused call leaves no dialog behind', () => {
  it('a burst of bad calls while a dialog is open neither closes it nor opens another', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(openDialog)
    const dialogs = dialogCounter()
    const refusals = await Promise.all([
      t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e.code),
      t.platform.payment.subscribe({ plan_key: 'nope' }).catch((e) => e.code),
      t.platform.redirect.dispatch({ path: '//evil.example' }).catch((e) => e.code),
      t.platform.sms.charge().catch((e) => e.code),
      t.platform.getSessionToken({ scope: [] }).catch((e) => e.code),
    ])
    expect(refusals).toEqual([
      'DIALOG_BUSY',
      'INVALID_ARGUMENT',
      'INVALID_ARGUMENT',
      'DIALOG_BUSY',
      'INVALID_ARGUMENT',
    ])
    expect(dialogs()).toBe(0)
    await confirmDialog()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(t.backend.charges).toHaveLength(1)
  })
})
