export interface FocusTrapOptions {
  doc: Document
  /** The dialog layer's shadow root, the dialog's parent. */
  root: ShadowRoot
  dialog: HTMLElement
  /** Focused when the dialog opens, and where focus goes back before anything inside had it. */
  heading: HTMLElement
  /** Another focusable element of the dialog (see `reclaim`). */
  close: HTMLElement
  /** True once the dialog has ended: the trap lets go then. */
  isDone: () => boolean
  /**
   * A hidden frame became the active element: a script did that, in that frame or in any other
   * (`parent.frames[i].focus()`), so it is no evidence against the frame's widget.
   */
  onFrameFocus: (frame: HTMLElement) => void
  /**
   * For this many ms after the frames are hidden (the intent delay), the first hidden frame that
   * takes focus is put back, not reported: see `caught`.
   */
  grace: number
}

/** Keeps focus in an open dialog, and takes it back from a hidden widget frame focused by script. */
export interface FocusTrap {
  /** The widget frames hidden for this dialog (`hideFrames`): any of them focused is caught. */
  guard(frames: HTMLElement[]): void
  /**
   * If a hidden frame is the active element, tells `onFrameFocus` and puts focus back on the
   * element of the dialog that last had it (the first time within `grace`, only puts it back).
   */
  caught(): void
  /** Focus moved outside the dialog within the panel's document: back to where it was inside. */
  pullFocus(): void
  /** Focus left the panel's document (a frame took it): back into the dialog, for real. */
  reclaim(): void
}

/**
 * @example
 * const trap = createFocusTrap({ doc, root, dialog, heading, close, isDone, onFrameFocus })
 * doc.addEventListener('focusin', () => { trap.caught(); trap.pullFocus() })
 */
export function createFocusTrap({
  doc,
  root,
  dialog,
  heading,
  close,
  isDone,
  onFrameFocus,
  grace,
}: FocusTrapOptions): FocusTrap {
  const win = doc.defaultView
  let lastInside: HTMLElement = heading
  /** Where focus goes back to: where it last was in the dialog, unless that is now disabled. */
  const home = (): HTMLElement =>
    (lastInside as HTMLButtonElement).disabled ? heading : lastInside
  let reclaiming = false
  // Hidden frames cannot be focused by the user, so a hidden frame that is the active element was
  // focused by script: by its own page (`window.focus()`; WebKit lets a frame the user clicked
  // before do so) or by any other frame (`parent.frames[i].focus()`). The panel cannot tell
  // which, so it acts on no widget: focus goes back and the dialog is told (`onFrameFocus`), every
  // time. One exception, once per dialog and only within the intent delay of its opening: a click
  // already on its way when the dialog opened (a double-click's second press) lands on the frame
  // it was aimed at, hidden or not; that is only put back.
  let hidden: HTMLElement[] = []
  let guarded = 0
  let forgiven = false
  const caught = () => {
    const active = doc.activeElement as HTMLElement | null
    if (isDone() || !active || !hidden.includes(active)) return
    if (!forgiven && performance.now() - guarded < grace) forgiven = true
    else onFrameFocus(active)
    if (!isDone()) home().focus({ preventScroll: true })
  }
  dialog.addEventListener('focusin', (event) => {
    if (!reclaiming && event.target instanceof (win?.HTMLElement ?? HTMLElement))
      lastInside = event.target
  })
  // Focus that falls out of the dialog to nothing (the body) goes back: from there WebKit hands
  // it to the last widget frame that had it, hidden or not. Back after the task, not at once:
  // when a frame takes focus, Chromium fires this focusout first and the window's blur after it
  // in the same task, and the panel's active element names that frame (its <iframe>, hidden or
  // not, cross-process too) only while nothing in the panel is focused. Put back before the
  // blur, the thief went unnamed and kept taking keys.
  dialog.addEventListener('focusout', (event) => {
    if ((event as FocusEvent).relatedTarget !== null) return
    ;(win ?? globalThis).setTimeout(() => {
      caught()
      const active = doc.activeElement
      if (!isDone() && dialog.isConnected && (!active || active === doc.body)) {
        home().focus({ preventScroll: true })
      }
    })
  })
  return {
    guard(frames) {
      hidden = frames
      guarded = performance.now()
    },
    caught,
    pullFocus() {
      if (isDone() || !dialog.isConnected) return
      const active = doc.activeElement
      if (active !== root.host || !root.activeElement || !dialog.contains(root.activeElement)) {
        home().focus()
      }
    },
    // Chromium: when an out-of-process frame takes focus with window.focus(), the panel may still
    // report its own element as focused, and focus() on that element is then a no-op that does
    // not tell the browser. Focusing another element of the dialog first makes the change real.
    reclaim() {
      caught()
      if (isDone() || !dialog.isConnected) return
      const back = home()
      reclaiming = true
      ;(back === heading ? close : heading).focus({ preventScroll: true })
      reclaiming = false
      back.focus({ preventScroll: true })
    },
  }
}

/**
 * Gives focus back to what had it before the dialog opened, if it is still in the page.
 *
 * @example
 * returnFocus(document, previous) // after the dialog closed
 */
export function returnFocus(doc: Document, previous: HTMLElement | null): void {
  if (!previous?.isConnected) return
  previous.focus()
  // Firefox (153 ESR) ignores focus() on a widget's iframe in the task that closed the
  // modal dialog: focus stays on <body>. Try once more in the next task.
  if (doc.activeElement !== previous) {
    doc.defaultView?.setTimeout(() => {
      if (previous.isConnected && (!doc.activeElement || doc.activeElement === doc.body))
        previous.focus()
    })
  }
}
