/**
 * Harness for the hostile-input and leak suites: a real host and a real SDK joined by a
 * MessageChannel in one happy-dom window, plus a raw penpal peer that talks to the host without
 * the SDK. Independent of `test/harness.ts` on purpose (another suite owns that file).
 */
import nodeConsole from 'node:console'
import {
  CallOptions,
  connect,
  type Message,
  type MessageHandler,
  type Messenger,
  PortMessenger,
} from 'penpal'
import { onTestFinished } from 'vitest'
import {
  createHost,
  createMemoryBackend,
  type FlowKey,
  type HostContext,
  type HostOptions,
  type MemoryBackend,
  type WidgetRegistration,
} from '../src/host/index.js'
import { createPlatform, type Platform } from '../src/sdk/index.js'

export const PANEL = 'https://panel.example'

/** Registrations whose display strings all carry markup: it must render as text. */
export const WIDGETS: WidgetRegistration[] = [
  {
    app_key: 'demo',
    url: 'https://widget.example/app',
    name: 'Demo <img src=x onerror=alert(1)> widget',
    scopes: ['provider.profile.read', 'provider.appointment.read'],
    products: [{ key: 'pro', title: 'Pro <b onclick=alert(1)>plan</b>', price: 1_250_000 }],
    plans: [
      {
        key: 'monthly',
        title: 'Monthly <script>alert(1)</script>',
        price: 300_000,
        period: 'month',
      },
      { key: 'yearly', title: 'Yearly <iframe src=//evil>', price: 3_000_000, period: 'year' },
    ],
  },
  {
    app_key: 'other',
    url: 'https://other.example/',
    name: 'Other',
    scopes: ['provider.profile.read'],
  },
]

/**
 * A messenger over one end of a MessageChannel that, unlike penpal's `PortMessenger`, leaves the
 * port open when its connection is destroyed. A widget page that failed to initialize retries
 * over the same window in a browser; this lets it retry over the same channel here.
 */
export class ReusablePortMessenger implements Messenger {
  readonly #port: MessagePort
  #valid: ((data: unknown) => data is Message) | undefined
  readonly #handlers = new Set<MessageHandler>()

  constructor(port: MessagePort) {
    this.#port = port
  }

  readonly #onMessage = (event: MessageEvent) => {
    if (!this.#valid?.(event.data)) return
    for (const handler of [...this.#handlers]) handler(event.data)
  }

  initialize: Messenger['initialize'] = ({ validateReceivedMessage }) => {
    this.#valid = validateReceivedMessage
    this.#port.addEventListener('message', this.#onMessage as EventListener)
    this.#port.start()
  }

  sendMessage: Messenger['sendMessage'] = (message, transferables) => {
    this.#port.postMessage(message, { transfer: transferables ?? [] })
  }

  addMessageHandler = (handler: MessageHandler) => {
    this.#handlers.add(handler)
  }

  removeMessageHandler = (handler: MessageHandler) => {
    this.#handlers.delete(handler)
  }

  destroy = () => {
    this.#port.removeEventListener('message', this.#onMessage as EventListener)
    this.#handlers.clear()
  }
}

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

let dialogsCreated = 0
let watching = false

/**
 * Counts `<dialog>` elements created in this document from now on (the host builds every dialog
 * with `document.createElement`). Counting creation, not presence, also catches a dialog that
 * opened and closed again before the test looked.
 */
export function dialogCounter(): () => number {
  if (!watching) {
    watching = true
    const create = document.createElement
    document.createElement = function (this: Document, tag: string, options?: unknown) {
      if (String(tag).toLowerCase() === 'dialog') dialogsCreated++
      return create.call(this, tag, options as ElementCreationOptions)
    } as typeof document.createElement
  }
  const start = dialogsCreated
  return () => dialogsCreated - start
}

/** The open dialog in the host's shadow root, if any. */
export function openDialog(): HTMLDialogElement | null {
  return (
    document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog') ?? null
  )
}

/** Waits until `check` returns a truthy value (polls the event loop, 2 s at most). */
export async function until<T>(check: () => T, ms = 2000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** Lets queued messages and microtasks run. */
export const flush = (ms = 5) => new Promise((r) => setTimeout(r, ms))

/** Waits for the dialog to open and presses its confirm button. */
export async function confirmDialog(): Promise<void> {
  const dialog = await until(openDialog)
  const confirm = dialog.querySelector<HTMLButtonElement>('button[data-action="confirm"]')
  if (!confirm) throw new Error('the dialog has no confirm button')
  confirm.click()
}

export interface Effects {
  backend: MemoryBackend
  navigations: string[]
  windows: string[]
  flows: { flowKey: FlowKey; options?: Record<string, unknown> }[]
}

/** Everything a call could have done on the panel side. */
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
export function panel(context: HostContext = 'doctor-panel', extra: Partial<HostOptions> = {}) {
  const backend = createMemoryBackend()
  const effects: Effects = { backend, navigations: [], windows: [], flows: [] }
  const host = createHost({
    context,
    locale: 'en',
    widgets: WIDGETS,
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
    ...extra,
  })
  try {
    onTestFinished(() => host.destroy())
  } catch {
    // Not inside a test.
  }
  return { host, ...effects }
}

export interface RigOptions {
  context?: HostContext
  host?: Partial<HostOptions>
  /** The widget the host binds to the channel. Default `demo`. */
  app_key?: string
}

/**
 * A real host and a real SDK over a MessageChannel, cleaned up after the test. `received` holds
 * every penpal message that reached the host.
 */
export function rig(options: RigOptions = {}) {
  const { host, ...effects } = panel(options.context, options.host)
  const { port1, port2 } = new MessageChannel()
  const received: Message[] = []
  const session = host.connect(options.app_key ?? 'demo', () =>
    tapped(new ReusablePortMessenger(port1), (message) => received.push(message)),
  )
  const platform: Platform = createPlatform({
    trustedOrigins: [PANEL],
    messenger: () => new ReusablePortMessenger(port2),
    handshakeTimeout: 1000,
  })
  onTestFinished(() => {
    platform.destroy()
    host.destroy()
    port1.close()
    port2.close()
  })
  const calls = () => received.filter((m) => m.type === 'CALL')
  return { host, platform, session, received, calls, ...effects }
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>

/**
 * A host connected to a raw penpal `connect` over a `PortMessenger` instead of the SDK: what a
 * modified SDK, or any code in the widget's iframe, could send. `call` goes through penpal's
 * proxy (bounded by `timeout`); `send` posts a CALL with any method path and resolves with the
 * REPLY message.
 */
export async function rawPeer(options: RigOptions = {}) {
  const { host, ...effects } = panel(options.context, options.host)
  const { port1, port2 } = new MessageChannel()
  const received: Message[] = []
  host.connect(options.app_key ?? 'demo', () =>
    tapped(new PortMessenger({ port: port1 }), (message) => received.push(message)),
  )
  const messenger = new PortMessenger({ port: port2 })
  const connection = connect({ messenger, timeout: 1000 })
  onTestFinished(() => {
    connection.destroy()
    host.destroy()
    port1.close()
    port2.close()
  })
  const remote = (await connection.promise) as unknown as Record<string, AnyMethod>
  const call = (method: string, request: unknown, timeout = 3000) =>
    remote[method]!(request, new CallOptions({ timeout }))
  let ids = 0
  const send = (methodPath: string[], args: unknown[]) =>
    new Promise<Message>((resolve, reject) => {
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
  const calls = () => received.filter((m) => m.type === 'CALL')
  return { host, remote, call, send, received, calls, ...effects }
}

/** `depth` levels of `{ a: { a: ... } }`. */
export function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

/**
 * Browsers refuse to structured-clone DOM nodes (DataCloneError), in `structuredClone` and in
 * `postMessage`; happy-dom's nodes are plain JS objects that Node clones without complaint. This
 * makes both behave as a browser does for them, for as long as the returned function is not
 * called. The e2e suite checks the same rows in Chromium without any shim.
 */
export function browserLikeStructuredClone(): () => void {
  const native = globalThis.structuredClone
  const port = Object.getPrototypeOf(new MessageChannel().port1) as {
    postMessage: (...args: unknown[]) => void
  }
  const post = port.postMessage
  const hasNode = (value: unknown, seen = new Set<unknown>()): boolean => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return false
    seen.add(value)
    if (value instanceof Node) return true
    const children =
      value instanceof Map
        ? [...value.keys(), ...value.values()]
        : value instanceof Set
          ? [...value]
          : Object.values(value)
    return children.some((child) => hasNode(child, seen))
  }
  const refuse = () => new DOMException('HTMLElement object could not be cloned.', 'DataCloneError')
  globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) => {
    if (hasNode(value)) throw refuse()
    return native(value, options)
  }) as typeof structuredClone
  port.postMessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
    if (hasNode(message)) throw refuse()
    return post.call(this, message, ...rest)
  }
  return () => {
    globalThis.structuredClone = native
    port.postMessage = post
  }
}

/**
 * happy-dom loads no iframe pages here and reports each iframe it skips on the console it was
 * given (Node's own, not the test's). Silences exactly that report until the returned function
 * is called.
 */
export function quietIframeErrors(): () => void {
  const error = nodeConsole.error
  nodeConsole.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args)
  }
  return () => {
    nodeConsole.error = error
  }
}
