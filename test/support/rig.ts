import { CallOptions, connect, type Message, PortMessenger, type ReplyMessage } from 'penpal'
import { onTestFinished } from 'vitest'
import type { RelaxedDefences } from '../../src/host/host.js'
import type { FlowKey, HostContext, HostOptions, WidgetRegistration } from '../../src/host/index.js'
import type { TabStore } from '../../src/host-kit/tab-limits.js'
import type { PlatformOptions } from '../../src/sdk/index.js'
import { createMemoryBackend, createTestHost, type MemoryBackend } from '../../src/testing/index.js'
import { createTestPanel, type TestPanelRecords } from '../../src/testing/panel.js'
import { dialogUi } from './dialogs.js'
import { ReusablePortMessenger, tapped } from './messengers.js'
import { PANEL, WIDGETS } from './widgets.js'

// One harness: the rig is the published test kit (src/testing) with the seams these suites need
// (the widgets, the panel origin, dialogs answered by hand, a watched transport). Only the
// defaults below are the rig's own.

export interface PanelOptions {
  /** Default `doctor-panel`. */
  context?: HostContext
  /** Host options on top of the defaults (en, the widgets, a memory backend, recording hooks). */
  host?: Partial<HostOptions> & RelaxedDefences
  /**
   * Build it with the production `createHost`, `host` passed as it is (an `intentDelay` or
   * `limits` smuggled in included): the tests that the production door ignores them.
   */
  production?: boolean
  /** Default {@link WIDGETS}; the hostile suites pass `MARKUP_WIDGETS`. */
  widgets?: WidgetRegistration[]
  backend?: MemoryBackend
  /**
   * Where the limits that outlive a panel page are kept: the same store to two rigs stands for
   * the panel reloading in one tab. Default a store of the rig's own.
   */
  tabs?: TabStore
}

/** What a call could have done on the panel side, recorded by {@link panel}. */
export interface Effects {
  backend: MemoryBackend
  navigations: string[]
  windows: string[]
  flows: { flowKey: FlowKey; options?: Record<string, unknown> }[]
}

/** The counts of everything a call could have done on the panel side. */
export function effectsOf(e: Effects) {
  return {
    charges: e.backend.charges.length,
    tokens: e.backend.tokens.length,
    smsActive: e.backend.smsActive,
    navigations: e.navigations.length,
    windows: e.windows.length,
    flows: e.flows.length,
  }
}

/**
 * The test kit's host options for these suites: English, {@link WIDGETS} on {@link PANEL}, the
 * host's own `openTab` (the links suite watches `window.open`), and then the test's `host`.
 * Returns them with the context, widgets and backend the kit takes apart.
 */
function kitOptions(options: PanelOptions) {
  const {
    context = options.context ?? 'doctor-panel',
    locale = 'en',
    widgets = options.widgets ?? WIDGETS,
    backend = options.backend ?? createMemoryBackend(),
    ...host
  } = options.host ?? {}
  return {
    context,
    locale,
    widgets,
    backend: backend as MemoryBackend,
    host: { panelOrigin: PANEL, openTab: undefined, ...host },
  }
}

/** `navigations`, `windows` and `flows` of {@link Effects}, read live from the kit's records. */
function effects(backend: MemoryBackend, records: TestPanelRecords): Effects {
  return {
    backend,
    get navigations() {
      return records.redirects.filter((r) => !r.newContext).map((r) => r.url)
    },
    get windows() {
      return records.redirects.filter((r) => r.newContext).map((r) => r.url)
    },
    flows: records.flows,
  }
}

/**
 * A host with recording hooks (no widget bound yet), destroyed after the test when made inside
 * one (in a hook, destroying it is the caller's job). The test kit's panel (src/testing/panel.ts).
 */
export function panel(options: PanelOptions = {}) {
  const { context, locale, widgets, backend, host: given } = kitOptions(options)
  const made = createTestPanel({
    host: { ...given, context, locale, widgets, backend },
    production: options.production ?? false,
    ...(options.tabs && { tabs: options.tabs }),
  })
  const host = made.host
  freshTabAfterTest(options.production)
  try {
    onTestFinished(() => host.destroy())
  } catch {
    // Not inside a test.
  }
  return withEffects({ host }, effects(backend, made))
}

/** `target` with the {@link Effects} getters kept live (a spread would copy them once). */
function withEffects<T extends object>(target: T, e: Effects): T & Effects {
  return Object.defineProperties(target, Object.getOwnPropertyDescriptors(e)) as T & Effects
}

export interface RigOptions extends PanelOptions {
  /** SDK options on top of the defaults (a MessageChannel messenger, 1 s handshake). */
  platform?: Partial<PlatformOptions>
  /** The widget the host binds to the channel. Default `demo`. */
  app_key?: string
}

/**
 * A real host and a real SDK over a MessageChannel in one happy-dom window: the real protocol,
 * without iframes; the test kit's `createTestHost`, its dialogs left to the test. Cleaned up
 * after the test (or by `cleanup()`, once). `received` holds every penpal message that reached
 * the host, `calls` the method path of every call, `heights` every resize the host applied.
 * Both ends use {@link ReusablePortMessenger}, so a widget whose initialize failed can retry
 * over the same channel, as a page retries over the same window.
 */
export function rig(options: RigOptions = {}) {
  const { context, locale, widgets, backend, host } = kitOptions(options)
  const received: Message[] = []
  const calls: string[] = []
  const heights: number[] = []
  const kit = createTestHost({
    app_key: options.app_key ?? 'demo',
    context,
    locale,
    widgets,
    backend,
    // The kit's `host` type leaves out what it takes apart; the rest passes as it is.
    host: host as NonNullable<Parameters<typeof createTestHost>[0]>['host'],
    answerDialogs: false,
    install: false,
    seams: {
      production: options.production ?? false,
      ...(options.tabs && { tabs: options.tabs }),
      hostMessenger: (port) =>
        tapped(new ReusablePortMessenger(port), (message) => {
          received.push(message)
          if (message.type === 'CALL') calls.push(message.methodPath.join('.'))
        }),
      widgetMessenger: (port) => new ReusablePortMessenger(port),
      onResize: (height) => heights.push(height),
      platform: { trustedOrigins: [PANEL], handshakeTimeout: 1000, ...options.platform },
    },
  })
  const cleanup = afterTest(kit.destroy)
  freshTabAfterTest(options.production)
  const init = () => kit.platform.initialize({ app_key: 'demo' })
  return withEffects(
    {
      host: kit.host,
      platform: kit.platform,
      session: kit.session,
      received,
      calls,
      heights,
      init,
      cleanup,
      ...dialogUi(),
    },
    effects(backend, kit),
  )
}

/**
 * Runs `steps` once, after the test or when the returned function is called first. Made in a
 * hook (a rig shared by a group of tests), calling it is the caller's job.
 */
/**
 * After the test, the production host's limits leave the window's `sessionStorage` and
 * `localStorage` (where they outlive a panel page, and hold across the panel's tabs): the next
 * test is a panel of its own, as the test kit's panels are.
 */
function freshTabAfterTest(production: boolean | undefined) {
  if (!production) return
  try {
    onTestFinished(() => {
      sessionStorage.clear()
      localStorage.clear()
    })
  } catch {
    // Not inside a test.
  }
}

function afterTest(...steps: (() => void)[]): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    for (const step of steps) step()
  }
  try {
    onTestFinished(run)
  } catch {
    // Not inside a test.
  }
  return run
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>

/**
 * A host connected to a raw penpal `connect` instead of the SDK: what a modified SDK, or any
 * code in the widget's iframe, could send. `call` goes through penpal's proxy (bounded by
 * `timeout`); `send` posts a CALL with any method path, which the proxy cannot always express
 * (it treats `call`, `apply` and `bind` as native), and resolves with the REPLY message.
 */
export async function rawPeer(options: Omit<RigOptions, 'platform'> = {}) {
  const made = panel(options)
  const host = made.host
  const { port1, port2 } = new MessageChannel()
  const received: Message[] = []
  const calls: string[] = []
  host.connect(options.app_key ?? 'demo', () =>
    tapped(new PortMessenger({ port: port1 }), (message) => {
      received.push(message)
      if (message.type === 'CALL') calls.push(message.methodPath.join('.'))
    }),
  )
  const messenger = new PortMessenger({ port: port2 })
  const connection = connect({ messenger, timeout: 1000 })
  const cleanup = afterTest(
    connection.destroy,
    host.destroy,
    () => port1.close(),
    () => port2.close(),
  )
  const remote = (await connection.promise) as unknown as Record<string, AnyMethod>
  const call = (method: string, request: unknown, timeout = 3000) =>
    remote[method]!(request, new CallOptions({ timeout }))
  let ids = 0
  const send = (methodPath: string[], args: unknown[] = [{}]) =>
    new Promise<ReplyMessage>((resolve, reject) => {
      const id = `raw-${++ids}`
      const timer = setTimeout(() => reject(new Error(`no reply to ${methodPath.join('.')}`)), 2000)
      const handler = (message: Message) => {
        if (message.type !== 'REPLY' || message.callId !== id) return
        clearTimeout(timer)
        messenger.removeMessageHandler(handler)
        resolve(message)
      }
      messenger.addMessageHandler(handler)
      messenger.sendMessage({ namespace: 'penpal', type: 'CALL', id, methodPath, args } as Message)
    })
  return withEffects({ host, remote, call, send, received, calls, cleanup }, made)
}
