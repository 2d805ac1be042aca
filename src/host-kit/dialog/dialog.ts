import type { Locale } from '../../events/index.js'
import { confirmFlow } from './confirm-flow.js'
import { dialogMarkup } from './dialog-markup.js'
import type {
  DialogLayer,
  DialogObserver,
  DialogOutcome,
  DialogSpec,
  DialogWords,
} from './dialog-types.js'
import { h } from './dom.js'
import { createFocusTrap, returnFocus } from './focus-trap.js'
import { consumeActivation, hideFrames } from './frames.js'
import { strings } from './i18n.js'
import { createIntent } from './intent.js'
import { leftScreen, watchPage } from './page-watch.js'
import { relocalize } from './relocalize.js'
import { styleRoot } from './style-root.js'
import type { HostTheme } from './theme.js'
import { themeCss } from './theme-css.js'

export { StayOpen } from './confirm-flow.js'
export { isolated, sentence } from './dialog-markup.js'
export type {
  DialogFrom,
  DialogKind,
  DialogLayer,
  DialogObserver,
  DialogOutcome,
  DialogSpec,
  DialogWords,
} from './dialog-types.js'

export { INTENT_DELAY } from './intent-delay.js'

export interface LayerOptions {
  /** See {@link INTENT_DELAY}. Default 0 here (the host passes its own default). */
  intentDelay?: number
  /** The widget frames hidden (`display: none`, `inert`) while a dialog is open. */
  frames?: () => Iterable<HTMLElement>
  /**
   * Called when one of the hidden frames became the page's active element while a dialog was
   * open: a script did that, in that frame or in another. The dialog has already taken focus
   * back and paused its confirm; the host acts on no widget (`hidden-focus.ts`).
   */
  onFrameFocus?: (frame: HTMLElement) => void
  /**
   * The locale the layer draws its dialogs in, whatever the locale a spec was drawn in (the
   * spec's `render` draws it again); changed by `setLocale`. Default: each spec's own.
   */
  locale?: Locale
}

let ids = 0

/**
 * @param theme The panel's design tokens, already checked by `checkTheme` (never a widget's).
 */
export function createDialogLayer(
  doc: Document,
  observe?: DialogObserver,
  theme: HostTheme = {},
  layerOptions: LayerOptions = {},
): DialogLayer {
  const container = h(doc, 'div', { 'data-platform-dialogs': '' })
  const root = container.attachShadow({ mode: 'open' })
  const themed = styleRoot(doc, root)
  const setTheme = (next: HostTheme) => {
    const scheme = next.colorScheme && next.colorScheme !== 'auto' ? next.colorScheme : undefined
    if (scheme) container.setAttribute('data-color-scheme', scheme)
    else container.removeAttribute('data-color-scheme')
    themed(themeCss(next))
  }
  setTheme(theme)
  doc.body.append(container)

  const state: LayerState = {
    delay: Math.max(0, layerOptions.intentDelay ?? 0),
    frames: layerOptions.frames ?? (() => []),
    onFrameFocus: layerOptions.onFrameFocus ?? (() => {}),
    lastClosed: Number.NEGATIVE_INFINITY,
    open: new Set(),
    redraw: new Set(),
    ...(layerOptions.locale && { locale: layerOptions.locale }),
  }
  return {
    doc,
    root,
    show: (spec) => show(doc, root, spec, state, observe),
    hold: (frame) => {
      for (const hide of state.open) hide(frame)
    },
    setLocale: (locale) => {
      state.locale = locale
      for (const redraw of [...state.redraw]) redraw(locale)
    },
    setTheme,
    destroy: () => container.remove(),
  }
}

interface LayerState {
  delay: number
  frames: () => Iterable<HTMLElement>
  onFrameFocus: (frame: HTMLElement) => void
  /** Each open dialog's way to hide one more frame until it closes (`DialogLayer.hold`). */
  open: Set<(frame: HTMLElement) => void>
  /** Each dialog's way to draw itself in another locale, from its spec until it ends. */
  redraw: Set<(locale: Locale) => void>
  /** See `LayerOptions.locale`. */
  locale?: Locale
  /**
   * `performance.now()` when the last dialog left the screen: at the first animation frame after
   * its removal (until then, or where no frame comes, a hidden page, when its closing ended).
   */
  lastClosed: number
}

/**
 * Shows one dialog and settles with how it ended. Orchestration only: the elements come from
 * `dialog-markup.ts`, the confirm's arming from `intent.ts`, focus from `focus-trap.ts`, the
 * widget frames from `frames.ts`, and the buttons and `run` from `confirm-flow.ts`.
 */
function show<T>(
  doc: Document,
  root: ShadowRoot,
  spec: DialogSpec<T>,
  state: LayerState,
  observe?: DialogObserver,
): Promise<DialogOutcome<T>> {
  const id = `pf-${++ids}`
  const locale = state.locale ?? spec.locale
  // The words of now: read by the flow when it writes its own (busy, failed) after a redraw.
  let t = strings(locale)
  let confirmLabel = spec.confirmLabel
  const labels = {
    get processing() {
      return t.processing
    },
    get failed() {
      return t.failed
    },
    get close() {
      return t.close
    },
  }
  const markup = dialogMarkup(doc, { ...spec, locale }, t, id)
  const { dialog, heading, close, confirm, wait } = markup
  const previous = doc.activeElement as HTMLElement | null

  return new Promise((resolve) => {
    let done = false
    const isDone = () => done
    const timer = setTimeout(() => flow.timeout(), spec.timeout)
    // Why the confirm is paused after focus was taken from the dialog (`Intent.pause`).
    const note = h(doc, 'p', { class: 'wait', id: `${wait.id}-paused`, role: 'status' })
    wait.after(note)
    const paused = { note, text: t.focusPaused }
    const intent = createIntent({ doc, dialog, confirm, wait, paused, delay: state.delay, isDone })
    const trap = createFocusTrap({
      doc,
      root,
      dialog,
      heading,
      close,
      isDone,
      onFrameFocus: (frame) => {
        intent.pause()
        state.onFrameFocus(frame)
      },
      grace: state.delay,
    })
    const accepts = () => intent.accepts()
    const flow = confirmFlow({
      markup,
      spec: {
        run: () => spec.run(),
        get confirmLabel() {
          return confirmLabel
        },
      },
      labels,
      accepts,
      isDone,
      finish,
    })
    /**
     * The dialog in another locale: its spec drawn again and the words copied onto the nodes
     * shown. The buttons may have moved (the direction flips them), so the confirm waits its
     * delay again, as after any move.
     */
    const redraw = (next: Locale) => {
      if (done) return
      t = strings(next)
      const words = spec.render?.(t, next) ?? copyOf(spec)
      confirmLabel = words.confirmLabel
      const drawn = dialogMarkup(doc, { ...spec, ...words, locale: next }, t, id)
      // The same shape as the dialog shown, whose pause note is added after the markup.
      drawn.wait.after(h(doc, 'p', { class: 'wait', id: note.id, role: 'status' }))
      relocalize(dialog, drawn.dialog)
      paused.text = t.focusPaused
      if (!note.hidden) note.textContent = t.focusPaused
      flow.relabel()
      if (dialog.isConnected) intent.disarm()
      spec.relocalized?.()
    }
    state.redraw.add(redraw)
    // Drawn by its handler in the locale of its call; the panel's may have changed since.
    if (locale !== spec.locale) redraw(locale)
    let showTimer: ReturnType<typeof setTimeout> | undefined
    let unlisten = () => {}
    let restoreFrames = () => {}

    function finish(outcome: DialogOutcome<T>) {
      if (done) return
      done = true
      clearTimeout(timer)
      intent.stop()
      clearTimeout(showTimer)
      spec.signal.removeEventListener('abort', flow.abort)
      unlisten()
      state.open.delete(hold)
      state.redraw.delete(redraw)
      restoreFrames()
      const shown = dialog.isConnected
      if (dialog.open) dialog.close()
      dialog.remove()
      returnFocus(doc, previous)
      if (shown) leftScreen(doc, state)
      resolve(outcome)
    }

    /**
     * A frame mounted while this dialog is open: hidden like the others, and guarded in the same
     * list the trap reads (no new grace period), until the dialog closes.
     */
    const hold = (frame: HTMLElement) => {
      const more = hideFrames(doc, [frame])
      hiding?.frames.push(...more.frames)
      const before = restoreFrames
      restoreFrames = () => {
        more.restore()
        before()
      }
    }
    let hiding: ReturnType<typeof hideFrames> | undefined

    const open = () => {
      if (done) return
      // No widget frame can take focus or keystrokes while the dialog is open.
      hiding = hideFrames(doc, state.frames())
      trap.guard(hiding.frames)
      restoreFrames = hiding.restore
      state.open.add(hold)
      consumeActivation(doc, root)
      root.append(dialog)
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      heading.focus()
      unlisten = watchPage(doc, trap, intent)
      intent.start()
      observe?.(dialog, spec.kind)
    }

    if (spec.signal.aborted) return finish({ kind: 'aborted' })
    spec.signal.addEventListener('abort', flow.abort)
    // A new dialog never shows within the intent delay after the previous one left the screen:
    // a click meant for that one cannot land on this one. Looked at again when the wait ends:
    // the previous one may have left later than it closed.
    const openAfterGap = () => {
      const gap = state.lastClosed + state.delay - performance.now()
      if (gap > 0) showTimer = setTimeout(openAfterGap, gap)
      else open()
    }
    openAfterGap()
  })
}

/** A spec without `render`: its own words, copied, so the redraw changes only the host's. */
function copyOf(spec: DialogWords): DialogWords {
  const copy = (node: Node) => node.cloneNode(true)
  return {
    title:
      typeof spec.title === 'string'
        ? spec.title
        : spec.title.map((n) => (typeof n === 'string' ? n : copy(n))),
    content: spec.content.map(copy),
    confirmLabel: spec.confirmLabel,
  }
}
