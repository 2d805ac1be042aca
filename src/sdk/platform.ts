import type { Messenger } from 'penpal'
import {
  type InitializeInfo,
  isPlatformError,
  type LookChanged,
  type PanelLook,
  PlatformError,
  type PlatformResult,
  TIMEOUTS,
} from '../events/index.js'
import type { NavigationOutcome } from '../events/protocol.js'
import { emitEach, PROTOCOL_VERSION } from '../events/wire.js'
import type { HostMethodName, HostRequest, HostValue } from '../operations/index.js'
import type { Platform } from './api.js'
import { type Bridge, type Link, ready } from './bridge.js'
import { callForms } from './call-forms.js'
import type { SdkCall, Send } from './call-types.js'
import { appKeyOf } from './compat.js'
import { followPage } from './page-life.js'
import { connectParent } from './parent-link.js'
import { createTopLevelPlatform } from './toplevel.js'
import { withCalls } from './with-calls.js'

export type { Platform } from './api.js'

export interface PlatformOptions {
  /**
   * Panel origins the SDK will talk to, such as `https://panel.example`. Nothing is sent to,
   * or accepted from, any other origin.
   */
  trustedOrigins: string[]
  /** How long `initialize` waits for the host, in ms. Default {@link TIMEOUTS.handshake}. */
  handshakeTimeout?: number
  /**
   * Test seam: the messenger to connect over instead of the window messenger to `window.parent`.
   * With it the embedding checks are skipped (the test kit uses a `MessageChannel`). Not part of
   * the published types: widget tests use `platform-widget-sdk/testing`.
   * @internal
   */
  messenger?: () => Messenger
  /** The window the SDK lives in. Default `window`. */
  window?: Window
  /**
   * In a top-level page (not in a panel's frame), the platform's sign-in page `getSessionToken`
   * goes through. Default: `/signin` on the first of `trustedOrigins`.
   */
  signInUrl?: string
}

/** The version of this SDK, taken from package.json when it is built. */
export const VERSION: string = __PLATFORM_SDK_VERSION__

/** One `initialize`'s connection: its key, the bridge and the host's answer once ready. */
type Session = {
  app_key: string
  ready: Promise<{ bridge: Bridge; info: InitializeInfo }>
  /** Aborted by destroy(): stops a handshake or an initialize under way. */
  abort: AbortController
}

/** `window.platform` on a top-level page: its sign-in page is `/signin` on the first panel. */
function topLevel(win: Window, options: PlatformOptions): Platform {
  const [panel] = options.trustedOrigins
  return createTopLevelPlatform({
    window: win,
    ...((options.signInUrl ?? panel) && {
      signInUrl: options.signInUrl ?? `${panel}/signin`,
    }),
  })
}

/**
 * Creates a `window.platform` object. The script tag does this for you; use it when you import
 * the SDK from npm.
 *
 * @example
 * const platform = createPlatform({ trustedOrigins: ['https://panel.example'] })
 * await platform.initialize({ app_key: 'my-widget' })
 */
export function createPlatform(options: PlatformOptions): Platform {
  const win = options.window ?? window
  // A top-level page: the widget's own start page. The script tag loads this separately
  // (platform-top.js), so platform.js, which every widget in a panel loads, never carries it.
  if (!__PLATFORM_SCRIPT__ && !options.messenger && win.parent === win)
    return topLevel(win, options)
  /** `platform.on` listeners by event, emitted through `emitEach` (each in its own `try`). */
  let listeners: Record<string, ((result: never) => void)[] | undefined> = {}
  let session: Session | undefined
  let cleanup: (() => void)[] = []
  /**
   * What the host sent with its handshake (`ACK1`) in answer to `initialize`, in this protocol
   * version: `initialize` then needs no round trip of its own. Each handshake's `ACK1` sets it
   * before penpal's connection resolves, and it is read only after that.
   */
  let greeted: InitializeInfo | undefined
  /** The panel's look since `initialize` answered, when it changed: `initialize` answers it too. */
  let look: PanelLook | undefined
  /** The host's `PLATFORM_LOOK_CHANGED`: only the three fields, whatever else came. */
  const onLook = (sent: unknown) => {
    const { locale, dir, colorScheme } = (sent ?? {}) as PanelLook
    look = { locale, dir, colorScheme }
    emitEach(listeners.PLATFORM_LOOK_CHANGED as ((l: LookChanged) => void)[] | undefined, {
      event: 'PLATFORM_LOOK_CHANGED',
      ...look,
    })
  }

  /** The link to the panel: see `connectParent`. */
  const connect = (): Link =>
    connectParent(win, options, onLook, (info) => {
      greeted = info
    })

  // The handshake starts now, as the page loads, so that `initialize` finds it done or under way.
  // Not over a test messenger, and not where the checks refuse: `initialize` reports those.
  let early: Link | undefined
  if (!options.messenger) {
    try {
      early = connect()
    } catch {}
  }

  const open = (signal: AbortSignal): Promise<Bridge> => {
    const connection = early ?? connect()
    early = undefined
    return ready(connection, options.handshakeTimeout ?? TIMEOUTS.handshake, signal)
  }

  const start = async (app_key: string, signal: AbortSignal) => {
    const bridge = await open(signal)
    try {
      // The handshake brought the host's answer for this key: no round trip. Without it (a host
      // that does not send it, or a test messenger), or for another key, the host is asked, and
      // refuses a key that is not the one it mounted with APP_KEY_MISMATCH.
      const info =
        greeted?.app_key === app_key
          ? greeted
          : await bridge.call('initialize', { app_key, protocol: PROTOCOL_VERSION }, TIMEOUTS.call)
      // destroy() ran while the host was answering: register nothing.
      if (signal.aborted) throw new PlatformError('CONNECTION_CLOSED', 'The SDK was destroyed')
      cleanup.push(...followPage(win, bridge, () => reconnect(app_key)), bridge.destroy)
      return { bridge, info }
    } catch (error) {
      bridge.destroy()
      throw error
    }
  }

  const teardown = () => {
    for (const fn of cleanup) fn()
    cleanup = []
  }

  const begin = (app_key: string): Session => {
    look = undefined
    const abort = new AbortController()
    const current: Session = { app_key, ready: start(app_key, abort.signal), abort }
    session = current
    current.ready.catch(() => {
      if (session === current) session = undefined
    })
    return current
  }

  const reconnect = (app_key: string) => {
    if (session?.app_key !== app_key) return
    session.abort.abort()
    teardown()
    begin(app_key)
  }

  /** Sends one call with the table's deadline; a result with an `event` reaches `platform.on`. */
  const call = async <K extends HostMethodName>(
    method: K,
    request: HostRequest<K>,
    dialog: boolean,
  ): Promise<HostValue<K>> => {
    if (!session) throw new PlatformError('NOT_INITIALIZED', `Call initialize() before ${method}()`)
    const { bridge } = await session.ready
    const value = await bridge.call(method, request, dialog ? TIMEOUTS.dialogCall : TIMEOUTS.call)
    const result: HostValue<HostMethodName> = value
    if (result && typeof result === 'object' && 'event' in result) {
      emitEach(listeners[result.event] as ((r: PlatformResult) => void)[] | undefined, result)
    }
    return value
  }

  const navigation = async (sent: Promise<NavigationOutcome>, method: string) => {
    const outcome = await sent
    const info = session && (await session.ready).info
    if (!outcome.applied && info?.dev) {
      console.warn(`[platform] ${method} has no effect in the ${info.context} context`)
    }
  }

  const initialize: SdkCall<'initialize'> = async (init) => {
    const app_key = appKeyOf(init)
    if (session) {
      if (session.app_key === app_key) {
        const { info } = await session.ready
        return look ? { ...info, ...look } : info
      }
      throw new PlatformError(
        'ALREADY_INITIALIZED',
        `Already initialized with app_key "${session.app_key}"`,
      )
    }
    return (await begin(app_key).ready).info
  }
  const forms = callForms(initialize, navigation)

  return withCalls<Platform>(
    {
      version: VERSION,
      isPlatformError,
      on(event: string, callback: (result: never) => void) {
        listeners[event] = [...(listeners[event] ?? []), callback]
        return () => {
          listeners[event] = listeners[event]?.filter((c) => c !== callback)
        }
      },
      destroy() {
        early?.destroy()
        early = undefined
        session?.abort.abort()
        teardown()
        session = undefined
        listeners = {}
      },
    },
    (path, method, dialog) =>
      (forms[path] ?? ((send: Send<typeof path>) => send))((request) =>
        call(method, request, dialog),
      ),
  )
}
