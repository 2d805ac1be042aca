import { watchVisibility } from './visible.js'

export interface IntentOptions {
  doc: Document
  dialog: HTMLElement
  confirm: HTMLElement
  /** The "not active yet" note, shown while the confirm ignores activation. */
  wait: HTMLElement
  /** Where `pause` says why (a live region, hidden until then), and what it says. */
  paused: { note: HTMLElement; text: string }
  /** See `INTENT_DELAY` in `dialog.ts`; 0 arms at once and never disarms. */
  delay: number
  /** True once the dialog has ended: nothing re-arms or disarms after that. */
  isDone: () => boolean
}

/** Whether a dialog's confirm button accepts activation now. */
export interface Intent {
  /** Inactive now, counting the delay again (the page hid, lost focus, or the dialog moved). */
  disarm(): void
  /**
   * The dialog is shown: watch its visibility where the browser can tell, start counting, and
   * count again from where it comes to rest once the opening animation ends.
   */
  start(): void
  /** The dialog ended: clears the timer and stops watching. */
  stop(): void
  /** For a click on confirm: whether it counts (armed now, and armed when its press began). */
  accepts(): boolean
  /**
   * Focus was taken from the dialog by script: inactive, saying why, until the user clicks or
   * types in the dialog again (a trusted event); then the delay counts again from there.
   */
  pause(): void
}

/**
 * Intent: the confirm button ignores activation until the dialog has been visible and unmoved
 * for `delay` ms, counted again whenever the page is hidden, loses focus or the dialog moves. A
 * press that began before then does not count when it ends after. Where the browser can tell
 * (`watchVisibility`), it also stays inactive while the dialog is not drawn visible and
 * unoccluded, and counts again once it is.
 *
 * @example
 * const intent = createIntent({ doc, dialog, confirm, wait, delay: 500, isDone: () => done })
 * confirm.addEventListener('click', () => intent.accepts() && run())
 */
export function createIntent({
  doc,
  dialog,
  confirm,
  wait,
  paused,
  delay,
  isDone,
}: IntentOptions): Intent {
  const win = doc.defaultView
  let armed = delay === 0
  let pausedNow = false
  let visible = true
  let waitingForSight = false
  let stopWatching: (() => void) | undefined
  let armTimer: ReturnType<typeof setTimeout> | undefined
  let pressArmed: boolean | undefined
  const where = () => {
    const r = dialog.getBoundingClientRect()
    return `${r.x},${r.y},${r.width},${r.height}`
  }
  const inactive = (note: HTMLElement) => {
    confirm.setAttribute('aria-disabled', 'true')
    confirm.setAttribute('aria-describedby', note.id)
  }
  const arm = () => {
    armed = true
    confirm.removeAttribute('aria-disabled')
    confirm.removeAttribute('aria-describedby')
    wait.hidden = true
  }
  const disarm = () => {
    // A pause outlasts anything that only counts the delay again.
    if (delay === 0 || isDone() || pausedNow) return
    armed = false
    waitingForSight = false
    clearTimeout(armTimer)
    inactive(wait)
    wait.hidden = false
    if (doc.visibilityState === 'hidden') return
    const at = where()
    armTimer = setTimeout(() => {
      if (where() !== at) return disarm()
      if (!visible) {
        waitingForSight = true
        return
      }
      arm()
    }, delay)
  }
  wait.hidden = armed
  const onSight = (seen: boolean) => {
    visible = seen
    // Unseen: inactive, and the delay counts again from when it is seen.
    if (!seen || waitingForSight) disarm()
  }
  const pressed = () => {
    pressArmed = armed
  }
  confirm.addEventListener('pointerdown', pressed)
  confirm.addEventListener('mousedown', pressed)
  confirm.addEventListener('keydown', pressed)
  paused.note.hidden = true
  // Only the user's own click or key in the dialog ends a pause: a script's synthetic events do not.
  // Listened to before the confirm's own `pressed`, so the press that ends a pause never confirms.
  const resume = (event: Event) => {
    if (!pausedNow || !event.isTrusted || isDone()) return
    pausedNow = false
    paused.note.hidden = true
    paused.note.textContent = ''
    if (delay === 0) arm()
    else disarm()
  }
  dialog.addEventListener('pointerdown', resume, true)
  dialog.addEventListener('keydown', resume, true)

  return {
    disarm,
    start() {
      if (delay > 0 && win) {
        stopWatching = watchVisibility(win as Window & typeof globalThis, dialog, onSight)
        // Unseen until the browser says otherwise.
        if (stopWatching) visible = false
      }
      disarm()
      // The delay counts from where the dialog comes to rest: taken while the opening animation
      // moved it, the position would differ at the end of the delay and restart it (armed after
      // about 1 s, not the documented 500 ms).
      const opening = dialog.getAnimations?.() ?? []
      if (opening.length) {
        const rest = () => {
          if (!isDone() && !armed) disarm()
        }
        Promise.all(opening.map((a) => a.finished)).then(rest, rest)
      }
    },
    stop() {
      clearTimeout(armTimer)
      stopWatching?.()
    },
    accepts() {
      const wasArmed = pressArmed
      pressArmed = undefined
      return armed && wasArmed !== false
    },
    pause() {
      if (isDone() || pausedNow) return
      pausedNow = true
      armed = false
      waitingForSight = false
      clearTimeout(armTimer)
      inactive(paused.note)
      wait.hidden = true
      // Shown first, then filled: a live region announces text added while it is shown.
      paused.note.hidden = false
      paused.note.textContent = paused.text
    },
  }
}
