import { PortMessenger } from 'penpal'
import {
  createHost,
  createMemoryBackend,
  type DialogKind,
  type Host,
  type HostOptions,
  type MemoryBackend,
  type Plan,
  type Product,
} from '../host/index.js'
import {
  createPlatform,
  type FlowKey,
  type HostContext,
  type Locale,
  type Platform,
  SCOPES,
  type Scope,
} from '../sdk/index.js'

export type { DialogKind }

/** What the scripted user does with a dialog. `{ count }` buys a custom SMS count. */
export type Answer = 'confirm' | 'cancel' | 'close' | { count: number }

export interface TestHostOptions {
  /** Default `test-widget`. */
  app_key?: string
  /** Default `Test widget`. */
  name?: string
  /** Default `doctor-panel`. */
  context?: HostContext
  /** Default `en`. */
  locale?: Locale
  /** Scopes enabled for the widget. Default: all of them. */
  scopes?: Scope[]
  products?: Product[]
  plans?: Plan[]
  /** Whether the doctor's SMS is already active. Default false. */
  smsActive?: boolean
  /** Set `window.platform` to the connected SDK (restored by `destroy`). Default true. */
  install?: boolean
  /** Extra host options (for example `smsPackages`). */
  host?: Partial<Omit<HostOptions, 'widgets' | 'backend' | 'context' | 'locale' | 'onDialog'>>
}

export interface TestHost {
  /** The real SDK, connected to a real host over a `MessageChannel`. */
  readonly platform: Platform
  /** The in-memory backend: script failures with `backend.behavior`, read `charges` and `tokens`. */
  readonly backend: MemoryBackend
  readonly host: Host
  /**
   * Scripts the user's answer to the next dialog of `kind`. Answers queue per kind; a dialog with
   * nothing scripted gets {@link TestHost.defaultAnswer}.
   *
   * @example
   * kit.next('consent', 'close') // the user closes the consent window
   */
  next(kind: DialogKind, answer: Answer): void
  /** The answer for dialogs nothing was scripted for. Default `confirm`. */
  defaultAnswer: Answer
  /** Every dialog shown, in order, with the answer given. */
  readonly dialogs: { kind: DialogKind | undefined; answer: Answer }[]
  /** The scope lists the widget asked for, in order (also the refused ones). */
  readonly requestedScopes: Scope[][]
  /** Panel URLs the widget redirected to. */
  readonly redirects: { url: string; newContext: boolean }[]
  /** Outside pages the widget opened with `openLink` (after the scripted `open-link` answer). */
  readonly links: string[]
  /** Flows the widget dispatched. */
  readonly flows: { flowKey: FlowKey; options?: Record<string, unknown> }[]
  /** Disconnects, removes dialogs and restores `window.platform`. */
  destroy(): void
}

/**
 * A scriptable in-memory host for widget tests (vitest with happy-dom or jsdom). It runs the
 * real SDK over the real protocol, so a widget under test behaves as in the panel.
 *
 * @example
 * const kit = createTestHost({ context: 'doctor-panel', smsActive: true })
 * kit.next('payment', 'cancel')
 * await startWidget() // your code, using window.platform
 * expect(kit.redirects).toEqual([{ url: 'https://panel.test/settings', newContext: false }])
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  const app_key = options.app_key ?? 'test-widget'
  const backend = createMemoryBackend({ smsActive: options.smsActive ?? false })
  const queues = new Map<DialogKind | undefined, Answer[]>()
  const dialogs: TestHost['dialogs'] = []
  const redirects: TestHost['redirects'] = []
  const links: string[] = []
  const flows: TestHost['flows'] = []
  const requestedScopes: Scope[][] = []
  const panelOrigin = 'https://panel.test'

  const answer = (dialog: HTMLDialogElement, kind: DialogKind | undefined) => {
    const given = queues.get(kind)?.shift() ?? kit.defaultAnswer
    dialogs.push({ kind, answer: given })
    // Answer once the dialog is fully open, as a user would.
    setTimeout(() => {
      if (typeof given === 'object') {
        const input = dialog.querySelector<HTMLInputElement>('input[type=number]')
        if (input) {
          input.value = String(given.count)
          input.dispatchEvent(new Event('input'))
        }
      }
      const action = typeof given === 'object' ? 'confirm' : given
      dialog.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)?.click()
    })
  }

  const host = createHost({
    // The kit answers dialogs by script, so the intent delay is off unless a test sets it.
    intentDelay: 0,
    ...options.host,
    context: options.context ?? 'doctor-panel',
    locale: options.locale ?? 'en',
    panelOrigin,
    widgets: [
      {
        app_key,
        url: 'https://widget.test/',
        name: options.name ?? 'Test widget',
        scopes: options.scopes ?? [...SCOPES],
        ...(options.products ? { products: options.products } : {}),
        ...(options.plans ? { plans: options.plans } : {}),
      },
    ],
    backend,
    onDialog: answer,
    navigate: (url) => {
      redirects.push({ url, newContext: false })
    },
    openTab: (url) => {
      links.push(url)
      return true
    },
    openWindow: (url) => {
      redirects.push({ url, newContext: true })
    },
    onFlow: (flowKey, flowOptions) => {
      flows.push(flowOptions === undefined ? { flowKey } : { flowKey, options: flowOptions })
    },
  })
  const { port1, port2 } = new MessageChannel()
  const session = host.connect(app_key, () => new PortMessenger({ port: port1 }))
  const platform = createPlatform({
    trustedOrigins: [panelOrigin],
    messenger: () => new PortMessenger({ port: port2 }),
  })
  const getSessionToken = platform.getSessionToken
  platform.getSessionToken = (request) => {
    requestedScopes.push([...((request as { scope?: Scope[] } | undefined)?.scope ?? [])])
    return getSessionToken(request)
  }

  const win = globalThis as unknown as { platform?: Platform }
  const install = options.install ?? true
  const previous = win.platform
  if (install) win.platform = platform

  const kit: TestHost = {
    platform,
    backend,
    host,
    next(kind, given) {
      const queue = queues.get(kind) ?? []
      queue.push(given)
      queues.set(kind, queue)
    },
    defaultAnswer: 'confirm',
    dialogs,
    requestedScopes,
    redirects,
    links,
    flows,
    destroy() {
      platform.destroy()
      session.destroy()
      host.destroy()
      port1.close()
      port2.close()
      if (!install) return
      if (previous === undefined) delete win.platform
      else win.platform = previous
    },
  }
  return kit
}
