import { createNanoEvents } from 'nanoevents'
import type { Locale } from '../events/index.js'
import { emitEach, invalid } from '../events/wire.js'
import { watchInput } from '../host-kit/activation.js'
import { loadedWords, loadWords } from '../host-kit/dialog/catalog.js'
import { coreWords } from '../host-kit/dialog/core-words.js'
import type { DialogLayer } from '../host-kit/dialog/dialog.js'
import { h } from '../host-kit/dialog/dom.js'
import { INTENT_DELAY } from '../host-kit/dialog/intent-delay.js'
import type { DialogSlot } from '../host-kit/dialog/slot.js'
import type { Limits } from '../host-kit/guard.js'
import { nameIn } from '../host-kit/names.js'
import { mountUrl } from '../host-kit/pages.js'
import type { TabStore } from '../host-kit/tab-limits.js'
import { knownOutcomes, type TestOutcomes } from '../host-kit/test-outcomes.js'
import { safeObserver } from '../host-kit/trace.js'
import { windowMessenger } from '../transport/window.js'
import { frameAllow, IFRAME_SANDBOX } from './frame-allow.js'
import { foreignAncestor } from './framing.js'
import { hiddenFrameFocused } from './hidden-focus.js'
import type { Host, MountedWidget } from './host-api.js'
import {
  type DialogsChunk,
  lazyGuards,
  lazyHeight,
  loadedChunk,
  loadedDialogs,
  prefetchDialogs,
} from './lazy.js'
import { checkReadyTimeout, widgetLifecycle } from './lifecycle.js'
import { liveLook } from './look.js'
import { bareOrigin, checkRegistry } from './registry.js'
import { openSession, type WidgetSession } from './session.js'
import type { HostEvents, HostOptions } from './types.js'

/**
 * Creates the panel side. Embed it in any panel page.
 *
 * @example
 * const host = createHost({ context: 'doctor-panel', widgets, backend: createMemoryBackend() })
 * host.mount(document.querySelector('#widget')!, 'my-widget')
 */
export function createHost(options: HostOptions): Host {
  // Only the documented options: an `intentDelay` or `limits` passed anyway is not read.
  return buildHost(options, {}, undefined)
}

/**
 * Defences a test or a development panel may relax. Not in {@link HostOptions}: a production
 * panel cannot switch them off. Only the test kit (`createTestHost`, `createDevHost` in
 * `platform-widget-sdk/testing`) passes them, through {@link createHostRelaxed}.
 */
export interface RelaxedDefences {
  /**
   * Milliseconds a dialog's confirm button ignores activation after the dialog shows (and after
   * the page regains visibility or focus, or the dialog moves); also the least time between one
   * dialog closing and the next showing. Default 500 (`INTENT_DELAY`); `0` lets a test confirm
   * at once.
   */
  intentDelay?: number
  /**
   * The per-widget limits (calls in flight and per second, resizes and refusals per second, the
   * dismissals that start a cool-down and its length); see `LIMITS`.
   */
  limits?: Partial<Limits>
  /**
   * Payment test outcomes for a development panel (`TestOutcomes`), handed to each call's
   * context. Not a defence, but kept here for the same reason: `createHost` cannot offer them.
   */
  testOutcomes?: TestOutcomes
}

/**
 * `createHost` with relaxed defences. Internal: not exported by `./host`; src/testing uses it.
 * `tabs`: where the limits outlive the page; default the tab's `sessionStorage`, as `createHost`
 * (a test panel gives each panel a store of its own, as if each were a tab).
 */
export function createHostRelaxed(
  options: HostOptions,
  relaxed: RelaxedDefences,
  tabs?: TabStore,
): Host {
  // Checked here, not in `buildHost`: `createHost` takes no outcomes, and ships no check of them.
  const testOutcomes = relaxed.testOutcomes && knownOutcomes(relaxed.testOutcomes)
  return buildHost(options, { ...relaxed, ...(testOutcomes && { testOutcomes }) }, tabs)
}

function buildHost(options: HostOptions, relaxed: RelaxedDefences, tabs?: TabStore): Host {
  const doc = options.document ?? document
  const win = doc.defaultView ?? window
  const panelOrigin = bareOrigin(options.panelOrigin ?? win.location.origin)
  const registry = checkRegistry(options.widgets, panelOrigin)
  const frameAncestors = new Set(
    (options.frameAncestors ?? []).map((o, i) => bareOrigin(o, `frameAncestors[${i}]`)),
  )
  const framedBy = () => foreignAncestor(win, frameAncestors)
  const look = liveLook({
    win,
    locale: options.locale,
    theme: options.theme,
    onLocale: (next) => {
      for (const widget of mounted) retitle(widget.iframe, next)
      if (!layer) return
      // An open dialog redraws once the new locale's words have loaded (a chunk each), unless
      // the locale changed again meanwhile.
      const redraw = () => look.locale === next && layer?.setLocale(next)
      if (loadedWords(next)) redraw()
      else void loadWords(next).then(redraw, () => {})
    },
    onTheme: (next) => layer?.setTheme(next),
    onLook: (next) => {
      for (const session of sessions) session.tell(next)
    },
  })
  const readyTimeout = checkReadyTimeout(options.readyTimeout)
  const emitter = createNanoEvents<HostEvents>()
  // One dialog at a time across the widgets: made at the first call (the chunk has it).
  let slot: DialogSlot | undefined
  // Per widget, across its reloads: a reload does not reset its limits or cool-down.
  const guardOf = lazyGuards(win, relaxed.limits, tabs)
  // Its own object: the call pipeline keeps this host's shared look-ups by it (`sharedFor`).
  const hostOptions: HostOptions = { ...options }
  const { testOutcomes } = relaxed
  const sessions = new Set<WidgetSession>()
  const mounted = new Set<MountedWidget>()
  let layer: DialogLayer | undefined
  const observe = safeObserver(options.onTrace)
  let callIds = 0
  const trace = observe && { observe, nextId: () => ++callIds }
  let destroyed = false
  const stopWatchingInput = watchInput(win)

  /** The iframe's title, the widget's name in `locale`. */
  const retitle = (iframe: HTMLIFrameElement, locale: Locale) => {
    const name = widgetFor(iframe.getAttribute('data-app-key') ?? '').name
    iframe.title = coreWords(locale).widgetFrame(nameIn(name, locale))
  }

  const widgetFor = (app_key: string) => {
    const widget = registry.get(app_key)
    if (!widget) throw invalid('app_key', `"${app_key}" is not a registered widget`)
    return widget
  }

  const connect: Host['connect'] = (app_key, messenger, hooks = {}) => {
    if (destroyed) throw invalid('host', 'this host was destroyed')
    const widget = widgetFor(app_key)
    const session = openSession({
      widget,
      get guard() {
        return guardOf(app_key)
      },
      options: hostOptions,
      panelOrigin,
      locale: () => look.locale,
      look: look.now,
      layer: () => {
        // Only a handler asks for it, and a handler runs once the dialogs' chunk has loaded.
        layer ??= (loadedDialogs() as DialogsChunk).createDialogLayer(
          doc,
          options.onDialog,
          look.theme,
          {
            locale: look.locale,
            intentDelay: relaxed.intentDelay ?? INTENT_DELAY,
            frames: () => [...mounted].map((m) => m.iframe),
            onFrameFocus: hiddenFrameFocused({ dev: options.dev, frames: () => mounted }),
          },
        )
        return layer
      },
      get slot() {
        slot ??= loadedChunk().createSlot()
        return slot
      },
      messenger,
      framedBy,
      ...(trace && { trace }),
      ...(testOutcomes && { testOutcomes }),
      emit: (result, meta) =>
        emitEach(
          emitter.events[result.event] as ((r: typeof result, m: typeof meta) => void)[],
          result,
          meta,
        ),
      warn: (message) => {
        if (options.dev) console.warn(`[platform host] ${app_key}: ${message}`)
      },
      ...hooks,
    })
    const destroy = session.destroy
    sessions.add(session)
    return Object.assign(session, {
      destroy() {
        sessions.delete(session)
        destroy()
      },
    })
  }

  return {
    mount(element, app_key, mountOptions = {}) {
      // Refuse before touching the DOM: a refused mount leaves nothing in the page.
      if (destroyed) throw invalid('host', 'this host was destroyed')
      const widget = widgetFor(app_key)
      const iframe = h(doc, 'iframe', {
        src: mountUrl(widget, mountOptions),
        sandbox: IFRAME_SANDBOX,
        allow: frameAllow(doc),
        referrerpolicy: 'strict-origin-when-cross-origin',
        'data-app-key': app_key,
      })
      retitle(iframe, look.locale)
      // Set through the CSSOM, which a strict style-src policy allows (a style attribute it would not).
      const fill = mountOptions.fill === true
      Object.assign(iframe.style, {
        display: 'block',
        width: '100%',
        border: '0',
        height: fill ? '100%' : '150px',
      })
      element.append(iframe)
      // Not `iframe.contentWindow` yet: reading it as the frame is inserted blocks the panel (see
      // src/transport/window.ts). A connected frame in a document with a window has one.
      if (!iframe.isConnected || !iframe.ownerDocument.defaultView) {
        iframe.remove()
        throw invalid('element', 'must be attached to the document')
      }
      // Mounted while a dialog is open: out of the page with the other widgets until it closes.
      layer?.hold(iframe)
      // The host leads the handshake: the widget's first message brings back the port and what its
      // `initialize` answers (the greeting). The first connection is quiet (posts nothing until the
      // widget's SYN): the frame has no widget page yet (see src/transport/window.ts).
      let connections = 0
      const life = widgetLifecycle({
        doc,
        iframe,
        widget: { app_key, name: (locale) => nameIn(widget.name, locale) },
        readyTimeout,
        options,
        locale: () => look.locale,
        trace,
      })
      const session = connect(
        app_key,
        (greeting) =>
          windowMessenger({
            remote: () => iframe.contentWindow,
            origins: [widget.origin],
            self: win,
            lead: true,
            greeting,
            quiet: !connections++,
          }),
        {
          frame: iframe,
          onSyn: life.syn,
          onInitialize: life.initialized,
          onMismatch: life.mismatch,
          // A page fills its element: the widget scrolls inside, its reports change nothing.
          ...(!fill && { onResize: lazyHeight(iframe, app_key, win) }),
        },
      )
      const widgetHandle: MountedWidget = {
        app_key,
        iframe,
        ready: life.ready,
        unmount() {
          mounted.delete(widgetHandle)
          life.stop()
          session.destroy()
          iframe.remove()
        },
      }
      mounted.add(widgetHandle)
      prefetchDialogs(win, look.locale)
      return widgetHandle
    },
    connect,
    on: (event, callback) => emitter.on(event, callback),
    get locale() {
      return look.locale
    },
    set locale(value: Locale) {
      look.setLocale(value)
    },
    setLocale: (value) => look.setLocale(value),
    setTheme: (value) => look.setTheme(value),
    destroy() {
      destroyed = true
      look.destroy()
      stopWatchingInput()
      for (const widget of [...mounted]) widget.unmount()
      for (const session of [...sessions]) session.destroy()
      layer?.destroy()
      layer = undefined
    },
  }
}
