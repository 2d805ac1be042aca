import { h } from './dom.js'

/**
 * Takes every widget frame out of the page's rendering for the time of a dialog: `display: none`,
 * `inert`, and a placeholder of the same size in its place so the panel does not move. `inert`
 * alone is not enough: Chromium and Firefox let a cross-origin frame take focus with
 * `window.focus()` even when it is inert, and then send it the user's keystrokes. A frame that is
 * not rendered cannot hold a focused field (and in Firefox cannot take focus at all). The frame
 * keeps its document and its state. Returns the frames it hid and the undo.
 *
 * @example
 * const hiding = hideFrames(document, document.querySelectorAll('iframe'))
 * // … the dialog is open …
 * hiding.restore()
 */
export function hideFrames(
  doc: Document,
  frames: Iterable<HTMLElement>,
): { frames: HTMLElement[]; restore: () => void } {
  const undo: (() => void)[] = []
  const hid: HTMLElement[] = []
  for (const frame of frames) {
    if (frame.style.display === 'none' || !frame.isConnected) continue
    const { width, height } = frame.getBoundingClientRect()
    const stand = h(doc, 'div', { 'data-platform-frame-placeholder': '', 'aria-hidden': 'true' })
    Object.assign(stand.style, {
      display: 'block',
      width: frame.style.width || `${width}px`,
      height: `${height}px`,
    })
    const { display } = frame.style
    const inert = frame.inert
    frame.before(stand)
    frame.style.display = 'none'
    frame.inert = true
    hid.push(frame)
    undo.push(() => {
      stand.remove()
      frame.style.display = display
      frame.inert = inert
    })
  }
  return {
    frames: hid,
    restore: () => {
      for (const step of undo.splice(0)) step()
    },
  }
}

/**
 * Ends the page's transient user activation, in every frame of the page at once (HTML's "consume
 * user activation" reaches the whole frame tree). A widget the user has just clicked holds that
 * activation for a few seconds, and with it could still take focus under
 * `focus-without-user-activation 'none'`. The activation a click in a widget gives reaches the
 * panel too (activation spreads to ancestors), so the panel can consume it: `showPicker()` on a
 * plain, unrendered text field consumes activation and shows nothing.
 *
 * @example
 * consumeActivation(document, layer.root) // before the dialog shows
 */
export function consumeActivation(doc: Document, root: ShadowRoot): void {
  const nav = doc.defaultView?.navigator as
    | (Navigator & { userActivation?: { isActive: boolean } })
    | undefined
  if (!nav?.userActivation?.isActive) return
  const field = h(doc, 'input', { type: 'text', hidden: '', tabindex: -1 })
  root.append(field)
  try {
    field.showPicker?.()
  } catch {
    // No picker (or no activation after all): nothing to consume.
  }
  field.remove()
}
