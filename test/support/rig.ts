import { CallOptions, connect, type Message, PortMessenger, type ReplyMessage } from 'penpal'
import { onTestFinished } from 'vitest'
import { createHostRelaxed, type RelaxedDefences } from '../../src/host/host.js'
import {
  createHost,
  type FlowKey,
  type HostContext,
  type HostOptions,
  type WidgetRegistration,
} from '../../src/host/index.js'
import { createPlatform, type Platform, type PlatformOptions } from '../../src/sdk/index.js'
import { createMemoryBackend, type MemoryBackend } from '../../src/testing/index.js'
import { dialogUi } from './dialogs.js'
import { ReusablePortMessenger, tapped } from './messengers.js'
import { PANEL, WIDGETS } from './widgets.js'

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
 * A host with recording hooks (no widget bound yet), destroyed after the test when made inside
 * one (in a hook, destroying it is the caller's job).
 */
export function panel(options: PanelOptions = {}) {
  const backend = options.backend ?? createMemoryBackend()
  const effects: Effects = { backend, navigations: [], windows: [], flows: [] }
  const { intentDelay = 0, limits, ...hostOptions } = options.host ?? {}
  // Tests confirm at once (intentDelay 0) unless they set one; the intent delay has its own
  // tests (test/intent.test.ts, e2e). Relaxed through the test kit's door, never HostOptions.
  const relaxed: RelaxedDefences = limits ? { intentDelay, limits } : { intentDelay }
  const make = options.production
    ? (o: HostOptions) => createHost({ ...o, ...options.host } as HostOptions)
    : (o: HostOptions) => createHostRelaxed(o, relaxed)
  const host = make({
    context: options.context ?? 'doctor-panel',
    locale: 'en',
    widgets: options.widgets ?? WIDGETS,
    backend,
    panelOrigin: PANEL,
    navigate: (url) => {
      effects.navigations.push(url)
    },
    openWindow: (url) => {
      effects.windows.push(url)
    },
    onFlow: (flowKey, options) => {
      effects.flows.push(options === undefined ? { flowKey } : { flowKey, options })
    },
    ...hostOptions,
  })
  try {
    onTestFinished(() => host.destroy())
  } catch {
    // Not inside a test.
  }
  return { host, ...effects }
}

export interface RigOptions extends PanelOptions {
  /** SDK options on top of the defaults (a MessageChannel messenger, 1 s handshake). */
  platform?: Partial<PlatformOptions>
  /** The widget the host binds to the channel. Default `demo`. */
  app_key?: string
}

/**
 * A real host and a real SDK over a MessageChannel in one happy-dom window: the real protocol,
 * without iframes. Cleaned up after the test (or by `cleanup()`, once). `received` holds every
 * penpal message that reached the host, `calls` the method path of every call, `heights` every
 * resize the host applied. Both ends use {@link ReusablePortMessenger}, so a widget whose
 * initialize failed can retry over the same channel, as a page retries over the same window.
 */
export function rig(options: RigOptions = {}) {
  const { host, ...effects } = panel(options)
  const { port1, port2 } = new MessageChannel()
  const received: Message[] = []
  const calls: string[] = []
  const heights: number[] = []
  const session = host.connect(
    options.app_key ?? 'demo',
    () =>
      tapped(new ReusablePortMessenger(port1), (message) => {
        received.push(message)
        if (message.type === 'CALL') calls.push(message.methodPath.join('.'))
      }),
    { onResize: (height) => heights.push(height) },
  )
  const platform: Platform = createPlatform({
    trustedOrigins: [PANEL],
    messenger: () => new ReusablePortMessenger(port2),
    handshakeTimeout: 1000,
    ...options.platform,
  })
  const cleanup = afterTest(
    platform.destroy,
    host.destroy,
    () => port1.close(),
    () => port2.close(),
  )
  const init = () => platform.initialize({ app_key: 'demo' })
  return {
    host,
    platform,
    session,
    received,
    calls,
    heights,
    init,
    cleanup,
    ...effects,
    ...dialogUi(),
  }
}

/** Runs `steps` once, after the test or when the returned function is called first. */
function afterTest(...steps: (() => void)[]): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    for (const step of steps) step()
  }
  onTestFinished(run)
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
  const { host, ...effects } = panel(options)
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
  return { host, remote, call, send, received, calls, cleanup, ...effects }
}
