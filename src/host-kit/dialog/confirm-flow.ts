import { PlatformError } from '../../events/index.js'
import type { DialogMarkup } from './dialog-markup.js'
import type { DialogOutcome, DialogSpec } from './dialog-types.js'
import type { Strings } from './i18n.js'

/** Thrown by a dialog's `run` to show `message` inline and keep the dialog open. */
export class StayOpen extends Error {}

export interface ConfirmFlowOptions<T> {
  markup: Pick<DialogMarkup, 'dialog' | 'heading' | 'close' | 'cancel' | 'confirm' | 'error'>
  /** Its `run` is called as a method, once per accepted confirm. */
  spec: Pick<DialogSpec<T>, 'run' | 'confirmLabel'>
  /**
   * The confirm button's label while `run` is under way (`processing`), what the dialog says
   * when `run` failed (`failed`), and the cancel button's label then (`close`).
   */
  labels: Pick<Strings, 'processing' | 'failed' | 'close'>
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
  /**
   * Writes the words the flow set since the dialog opened (busy, failed) again, from `labels`
   * and `spec.confirmLabel` as they are now: after the dialog's locale changed.
   */
  relabel(): void
}

/**
 * Listens to the dialog's buttons and Escape. Close, cancel and Escape end the dialog unless it
 * is busy; an accepted confirm runs `run` once, the dialog busy until it settles, and ends with
 * its value, or stays open on `StayOpen` with the message shown. When the backend fails (`run`
 * throws anything but a `PlatformError`) the dialog says so and stays open without its confirm
 * (a retry could charge twice after an unclear failure); however it ends then, it ends with
 * that error.
 *
 * @example
 * const flow = confirmFlow({ markup, spec, labels: strings(locale), accepts, isDone, finish })
 * signal.addEventListener('abort', flow.abort)
 */
export function confirmFlow<T>(options: ConfirmFlowOptions<T>): ConfirmFlow {
  const { markup, spec, labels, accepts, isDone, finish } = options
  const { dialog, heading, close, cancel, confirm, error } = markup
  let busy = false
  let failure: { error: unknown } | undefined
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
    confirm.textContent = value ? labels.processing : spec.confirmLabel
  }
  const dismiss = (via: 'button' | 'cancel' | 'escape') => {
    if (busy) return
    finish(failure ? { kind: 'error', error: failure.error } : { kind: 'close', via })
  }
  const showFailure = (e: unknown) => {
    failure = { error: e }
    dialog.setAttribute('data-failed', '')
    confirm.hidden = true
    setBusy(false)
    cancel.textContent = labels.close
    // Only the host's own words: a backend's message may echo what the widget sent.
    error.textContent = labels.failed
    cancel.focus({ preventScroll: true })
  }

  listenForDismissal(markup, isDone, dismiss)
  confirm.addEventListener('click', async () => {
    if (!accepts()) return // not yet active: the click is ignored
    if (busy || isDone() || failure) return // a double click charges once
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
      } else if (abortedWhileBusy || timedOutWhileBusy || e instanceof PlatformError) {
        // The host's own coded errors (its deadline, a blocked tab) end the dialog as they are.
        finish({ kind: 'error', error: e })
      } else {
        showFailure(e)
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
      else finish(failure ? { kind: 'error', error: failure.error } : { kind: 'timeout' })
    },
    relabel: () => {
      confirm.textContent = busy ? labels.processing : spec.confirmLabel
      if (!failure) return
      cancel.textContent = labels.close
      error.textContent = labels.failed
    },
  }
}

/** Close, cancel, Escape, and a close by the browser, each as the user's dismissal. */
function listenForDismissal(
  { dialog, close, cancel }: Pick<DialogMarkup, 'dialog' | 'close' | 'cancel'>,
  isDone: () => boolean,
  dismiss: (via: 'button' | 'cancel' | 'escape') => void,
): void {
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
  dialog.addEventListener('close', () => !isDone() && dismiss('escape'))
}
