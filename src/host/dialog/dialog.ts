import { confirmFlow } from './confirm-flow.js'
import { dialogMarkup } from './dialog-markup.js'
import type { DialogLayer, DialogObserver, DialogOutcome, DialogSpec } from './dialog-types.js'
import { h } from './dom.js'
import { createFocusTrap, type FocusTrap, returnFocus } from './focus-trap.js'
import { consumeActivation, hideFrames } from './frames.js'
import { strings } from './i18n.js'
import { createIntent, type Intent } from './intent.js'
import { DIALOG_CSS } from './styles.js'
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
} from './dialog-types.js'

export { INTENT_DELAY } from './intent-delay.js'

export interface LayerOptions {
  /** See {@link INTENT_DELAY}. Default 0 here (the host passes its own default). */
  intentDelay?: number
  /** The widget frames hidden (`display: none`, `inert`) while a dialog is open. */
  frames?: () => Iterable<HTMLElement>
  /**
   * Called when one of the hidden frames became the page's active element while a dialog was
   * open: only a script in it can have done that. The host ends that widget's page.
   */
  onFrameFocus?: (frame: HTMLElement) => void
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
  const scheme = theme.colorScheme && theme.colorScheme !== 'auto' ? theme.colorScheme : undefined
  const container = h(doc, 'div', { 'data-platform-dialogs': '', 'data-color-scheme': scheme })
  const root = container.attachShadow({ mode: 'open' })
  const win = doc.defaultView as (Window & typeof globalThis) | null
  const css = [DIALOG_CSS, themeCss(theme)]
  // Constructed stylesheets need no inline <style>, so they work under a strict style-src CSP.
  try {
    root.adoptedStyleSheets = css.map((text) => {
      const sheet = new (win?.CSSStyleSheet ?? CSSStyleSheet)()
      sheet.replaceSync(text)
      return sheet
    })
  } catch {
    root.append(...css.map((text) => h(doc, 'style', {}, text)))
  }
  doc.body.append(container)

  const state: LayerState = {
    delay: Math.max(0, layerOptions.intentDelay ?? 0),
    frames: layerOptions.frames ?? (() => []),
    onFrameFocus: layerOptions.onFrameFocus ?? (() => {}),
    lastClosed: Number.NEGATIVE_INFINITY,
    open: new Set(),
  }
  return {
    doc,
    root,
    show: (spec) => show(doc, root, spec, state, observe),
    hold: (frame) => {
      for (const hide of state.open) hide(frame)
    },
    destroy: () => container.remove(),
  }
}

interface LayerState {
  delay: number
  frames: () => Iterable<HTMLElement>
  onFrameFocus: (frame: HTMLElement) => void
  /** Each open dialog's way to hide one more frame until it closes (`DialogLayer.hold`). */
  open: Set<(frame: HTMLElement) => void>
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
  const t = strings(spec.locale)
  const markup = dialogMarkup(doc, spec, t, `pf-${++ids}`)
  const { dialog, heading, close, confirm, wait } = markup
  const previous = doc.activeElement as HTMLElement | null

  return new Promise((resolve) => {
    let done = false
    const isDone = () => done
    const timer = setTimeout(() => flow.timeout(), spec.timeout)
    const intent = createIntent({ doc, dialog, confirm, wait, delay: state.delay, isDone })
    const { onFrameFocus } = state
    const trap = createFocusTrap({
      doc,
      root,
      dialog,
      heading,
      close,
      isDone,
      onFrameFocus,
      grace: state.delay,
    })
    const accepts = () => intent.accepts()
    const flow = confirmFlow({ markup, spec, labels: t, accepts, isDone, finish })
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

/**
 * Records when a closed dialog left the screen. Its closing (frames shown again, focus given
 * back, the panel's own listeners) and the frame that draws the page without it can take well
 * over 100 ms on a loaded machine: counted from the close call, the next dialog showed 360 ms
 * after the previous one had gone from the screen, within the 500 ms delay.
 */
function leftScreen(doc: Document, state: LayerState): void {
  state.lastClosed = performance.now()
  doc.defaultView?.requestAnimationFrame?.(() => {
    state.lastClosed = performance.now()
  })
}

/**
 * Listens to the panel page while a dialog is open; returns the undo. The page hidden, resized
 * or refocused counts the intent delay again. Focus moving within the page is checked for a
 * hidden frame and pulled back into the dialog. The window's blur (focus left the panel's
 * document, maybe to a widget frame) is checked for a hidden frame first, then counts the delay
 * again, then focus is reclaimed after the task: Chromium ignores a focus change made while it
 * still dispatches blur.
 */
function watchPage(doc: Document, trap: FocusTrap, intent: Intent): () => void {
  const win = doc.defaultView
  const visibility = () => intent.disarm()
  const focus = () => intent.disarm()
  const focusin = () => {
    trap.caught()
    trap.pullFocus()
  }
  const blur = () => {
    trap.caught()
    intent.disarm()
    win?.setTimeout(trap.reclaim)
  }
  doc.addEventListener('visibilitychange', visibility)
  doc.addEventListener('focusin', focusin)
  win?.addEventListener('blur', blur)
  win?.addEventListener('focus', focus)
  win?.addEventListener('resize', visibility)
  return () => {
    doc.removeEventListener('visibilitychange', visibility)
    doc.removeEventListener('focusin', focusin)
    win?.removeEventListener('blur', blur)
    win?.removeEventListener('focus', focus)
    win?.removeEventListener('resize', visibility)
  }
}
