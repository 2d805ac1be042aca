import { connect, type Message, type Messenger, PortMessenger, type ReplyMessage } from 'penpal'
import { onTestFinished, vi } from 'vitest'
import {
  createHost,
  createMemoryBackend,
  type HostOptions,
  type MemoryBackend,
} from '../src/host/index.js'
import { createPlatform, type PlatformOptions } from '../src/sdk/index.js'

export const WIDGETS: HostOptions['widgets'] = [
  {
    app_key: 'demo',
    url: 'https://widget.example/app',
    name: 'Demo <b>widget</b>',
    scopes: ['provider.profile.read', 'provider.appointment.read'],
    products: [{ key: 'pro', title: 'Pro', price: 1_250_000 }],
    plans: [
      { key: 'monthly', title: 'Monthly', price: 300_000, period: 'month' },
      { key: 'yearly', title: 'Yearly', price: 3_000_000, period: 'year' },
    ],
  },
  { app_key: 'other', url: 'https://other.example/', name: 'Other', scopes: [] },
]

/**
 * A host and an SDK joined by a MessageChannel, in one happy-dom window: the real SDK over the
 * real protocol, without iframes.
 */
export function pair(options: Partial<HostOptions> = {}, app_key = 'demo') {
  const backend = createMemoryBackend()
  const host = createHost({
    context: 'doctor-panel',
    locale: 'en',
    widgets: WIDGETS,
    backend,
    ...options,
  })
  const { port1, port2 } = new MessageChannel()
  const heights: number[] = []
  const session = host.connect(app_key, () => new PortMessenger({ port: port1 }), {
    onResize: (h) => heights.push(h),
  })
  const platform = createPlatform({
    trustedOrigins: ['https://panel.example'],
    messenger: () => new PortMessenger({ port: port2 }),
    handshakeTimeout: 1000,
  })
  const dialog = () =>
    document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog') ?? null
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === name || b.getAttribute('aria-label') === name,
    ) as HTMLButtonElement | undefined
  const cleanup = () => {
    platform.destroy()
    host.destroy()
    port1.close()
    port2.close()
  }
  return { host, backend, platform, session, heights, dialog, button, cleanup }
}

/** Waits until `check` returns a truthy value (polls the event loop, 2 s at most). */
export async function until<T>(check: () => T, ms = 2000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

// ---------------------------------------------------------------------------------------------
// Additions for the payment, SMS, navigation and hardening suites. The exports above are
// unchanged; everything below is new.

/** Wraps a messenger so `tap` sees every message the other side sent through it. */
export function tapped(inner: Messenger, tap: (message: Message) => void): Messenger {
  return {
    initialize: (options) => {
      inner.initialize(options)
      inner.addMessageHandler(tap)
    },
    sendMessage: (message, transferables) => inner.sendMessage(message, transferables),
    addMessageHandler: (handler) => inner.addMessageHandler(handler),
    removeMessageHandler: (handler) => inner.removeMessageHandler(handler),
    destroy: () => inner.destroy(),
  }
}

/** Queries into the host's dialog layer (an open shadow root in `document.body`). */
export function dialogUi() {
  const dialog = () =>
    document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog') ?? null
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === name || b.getAttribute('aria-label') === name,
    ) as HTMLButtonElement | undefined
  /** The dialog's visible text, whitespace collapsed. */
  const text = () => (dialog()?.textContent ?? '').replace(/\s+/g, ' ')
  /** The `[label, value]` rows of the dialog's summary table. */
  const rows = () =>
    [...(dialog()?.querySelectorAll('tr') ?? [])].map((tr) => [
      tr.querySelector('th')?.textContent ?? '',
      tr.querySelector('td')?.textContent ?? '',
    ])
  /** The radio input of the option whose label contains `label`. */
  const radio = (label: string) =>
    [...(dialog()?.querySelectorAll('label') ?? [])]
      .find((l) => l.textContent?.includes(label))
      ?.querySelector('input[type=radio]') as HTMLInputElement | undefined
  const input = (selector: string) =>
    (dialog()?.querySelector(selector) as HTMLInputElement | null) ?? undefined
  /** Presses Escape inside the dialog. */
  const pressEscape = () =>
    dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  return { dialog, button, text, rows, radio, input, pressEscape }
}

export interface RigOptions {
  /** Host options on top of the defaults (doctor-panel, en, {@link WIDGETS}, a memory backend). */
  host?: Partial<HostOptions>
  /** SDK options on top of the defaults (a MessageChannel messenger, 1 s handshake). */
  platform?: Partial<PlatformOptions>
  /** The widget the host binds to the channel. Default `demo`. */
  app_key?: string
  backend?: MemoryBackend
}

/**
 * Like {@link pair}, with more knobs: it also records the method path of every call that reached
 * the host (`calls`), exposes dialog queries, and cleans up after the test by itself.
 */
export function rig(options: RigOptions = {}) {
  const backend = options.backend ?? createMemoryBackend()
  const host = createHost({
    context: 'doctor-panel',
    locale: 'en',
    widgets: WIDGETS,
    backend,
    ...options.host,
  })
  const { port1, port2 } = new MessageChannel()
  const calls: string[] = []
  const session = host.connect(options.app_key ?? 'demo', () =>
    tapped(new PortMessenger({ port: port1 }), (message) => {
      if (message.type === 'CALL') calls.push(message.methodPath.join('.'))
    }),
  )
  const platform = createPlatform({
    trustedOrigins: ['https://panel.example'],
    messenger: () => new PortMessenger({ port: port2 }),
    handshakeTimeout: 1000,
    ...options.platform,
  })
  let cleaned = false
  const cleanup = () => {
    if (cleaned) return
    cleaned = true
    platform.destroy()
    host.destroy()
    port1.close()
    port2.close()
  }
  onTestFinished(cleanup)
  const init = () => platform.initialize({ app_key: 'demo' })
  return { host, backend, platform, session, calls, init, cleanup, ...dialogUi() }
}

type AnyMethods = Record<string, (...args: unknown[]) => Promise<unknown>>

/**
 * A host connected to a hand-driven penpal peer instead of the SDK: a raw `connect` over a
 * `PortMessenger` from the other side of a MessageChannel. `send` posts a CALL with any method
 * path, which the penpal proxy cannot always express (it treats `call`, `apply` and `bind` as
 * native), and resolves with the REPLY message.
 */
export async function rawPeer(options: { host?: Partial<HostOptions>; app_key?: string } = {}) {
  const backend = createMemoryBackend()
  const host = createHost({
    context: 'doctor-panel',
    locale: 'en',
    widgets: WIDGETS,
    backend,
    ...options.host,
  })
  const { port1, port2 } = new MessageChannel()
  host.connect(options.app_key ?? 'demo', () => new PortMessenger({ port: port1 }))
  const messenger = new PortMessenger({ port: port2 })
  const connection = connect<AnyMethods>({ messenger, timeout: 1000 })
  const cleanup = () => {
    connection.destroy()
    host.destroy()
    port1.close()
    port2.close()
  }
  onTestFinished(cleanup)
  const remote = (await connection.promise) as unknown as AnyMethods
  let ids = 0
  const send = (methodPath: string[], args: unknown[] = [{}]) =>
    new Promise<ReplyMessage>((resolve, reject) => {
      const id = `raw-${++ids}`
      const timer = setTimeout(() => reject(new Error(`no reply to ${methodPath.join('.')}`)), 1000)
      const handler = (message: Message) => {
        if (message.type !== 'REPLY' || message.callId !== id) return
        clearTimeout(timer)
        messenger.removeMessageHandler(handler)
        resolve(message)
      }
      messenger.addMessageHandler(handler)
      messenger.sendMessage({
        namespace: 'penpal',
        channel: undefined,
        type: 'CALL',
        id,
        methodPath,
        args,
      })
    })
  return { host, backend, remote, send, cleanup }
}

/** Counts the dialogs the host opens from now until the end of the test. */
export function countDialogs(): () => number {
  const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal')
  const start = showModal.mock.calls.length
  onTestFinished(() => showModal.mockRestore())
  return () => showModal.mock.calls.length - start
}

/** A promise with its resolvers. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
