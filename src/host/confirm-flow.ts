import type { DialogOutcome, DialogSpec } from './dialog.js'
import type { DialogMarkup } from './dialog-markup.js'

/** Thrown by a dialog's `run` to show `message` inline and keep the dialog open. */
export class StayOpen extends Error {}

export interface ConfirmFlowOptions<T> {
  markup: Pick<DialogMarkup, 'dialog' | 'heading' | 'close' | 'cancel' | 'confirm' | 'error'>
  /** Its `run` is called as a method, once per accepted confirm. */
  spec: Pick<DialogSpec<T>, 'run' | 'confirmLabel'>
  /** The confirm button's label while `run` is under way. */
  processing: string
  /** Whether a click on confirm counts now (the intent delay, `createIntent`). */
  accepts: () => boolean
  isDone: () => boolean
  /** Ends the dialog with `outcome`; called once at most. */
  finish: (outcome: DialogOutcome<T>) => void
}

/** The ends that wait while `run` is under way. */
export interface ConfirmFlow {
  /** The caller's signal aborted: ends now, or when `run` throws `StayOpen`. */
  abort(): void
  /** The dialog went unanswered too long: ends now, or when `run` throws `StayOpen`. */
  timeout(): void
}

/**
 * Listens to the dialog's buttons and Escape. Close, cancel and Escape end the dialog unless it
 * is busy; an accepted confirm runs `run` once, the dialog busy until it settles, and ends with
 * its value or error, or stays open on `StayOpen` with the message shown.
 *
 * @example
 * const flow = confirmFlow({ markup, spec, processing, accepts, isDone, finish })
 * signal.addEventListener('abort', flow.abort)
 */
export function confirmFlow<T>(options: ConfirmFlowOptions<T>): ConfirmFlow {
  const { markup, spec, processing, accepts, isDone, finish } = options
  const { dialog, heading, close, cancel, confirm, error } = markup
  let busy = false
  let abortedWhileBusy = false
  let timedOutWhileBusy = false
  const setBusy = (value: boolean) => {
    // A focused button about to be disabled would drop focus to the body: keep it in the dialog.
    const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement
    if (value && (active === close || active === cancel || active === confirm)) {
      heading.focus({ preventScroll: true })
    }
    busy = value
    for (const b of [close, cancel, confirm]) b.disabled = value
    dialog.setAttribute('aria-busy', String(value))
    confirm.textContent = value ? processing : spec.confirmLabel
  }
  const dismiss = (via: 'button' | 'cancel' | 'escape') => !busy && finish({ kind: 'close', via })

  close.addEventListener('click', () => dismiss('button'))
  cancel.addEventListener('click', () => dismiss('cancel'))
  // Esc: the native `cancel` event in browsers, a keydown where `cancel` is not fired.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    dismiss('escape')
  })
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      dismiss('escape')
    }
  })
  // Closed some other way (for example by the browser): treat as a close by the user.
  dialog.addEventListener(
    'close',
    () => !isDone() && !busy && finish({ kind: 'close', via: 'escape' }),
  )
  confirm.addEventListener('click', async () => {
    if (!accepts()) return // not yet active: the click is ignored
    if (busy || isDone()) return // a double click charges once
    setBusy(true)
    error.textContent = ''
    try {
      const value = await spec.run()
      finish({ kind: 'confirm', value })
    } catch (e) {
      if (e instanceof StayOpen && abortedWhileBusy) {
        finish({ kind: 'aborted' })
      } else if (e instanceof StayOpen && timedOutWhileBusy) {
        finish({ kind: 'timeout' })
      } else if (e instanceof StayOpen) {
        error.textContent = e.message
        setBusy(false)
      } else {
        finish({ kind: 'error', error: e })
      }
    }
  })

  return {
    abort: () => {
      if (busy) abortedWhileBusy = true
      else finish({ kind: 'aborted' })
    },
    timeout: () => {
      if (busy) timedOutWhileBusy = true
      else finish({ kind: 'timeout' })
    },
  }
}
