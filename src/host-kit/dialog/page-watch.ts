import type { FocusTrap } from './focus-trap.js'
import type { Intent } from './intent.js'

// The panel page around an open dialog: what on the page counts the intent delay again or
// takes focus, and when a closed dialog really left the screen.

/**
 * Records when a closed dialog left the screen. Its closing (frames shown again, focus given
 * back, the panel's own listeners) and the frame that draws the page without it can take well
 * over 100 ms on a loaded machine: counted from the close call, the next dialog showed 360 ms
 * after the previous one had gone from the screen, within the 500 ms delay.
 */
export function leftScreen(doc: Document, state: { lastClosed: number }): void {
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
export function watchPage(doc: Document, trap: FocusTrap, intent: Intent): () => void {
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
