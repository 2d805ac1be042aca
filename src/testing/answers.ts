// The test kit's scripted user: answers each host dialog as `kit.next` queued for its kind, else
// with the kit's default, once the dialog is open, as a user would.
import type { DialogKind } from '../host/index.js'
import type { PaymentOutcome } from '../host-kit/test-outcomes.js'

/**
 * What the scripted user does with a dialog. `{ count }` buys a custom SMS count; `{ outcome }`
 * picks a payment test outcome and pays (the host must offer it: `host.testOutcomes`).
 */
export type Answer =
  | 'confirm'
  | 'cancel'
  | 'close'
  | { count: number }
  | { outcome: PaymentOutcome }

// A confirm the platform then fails leaves the dialog open saying so: the user reads it and
// closes it, and the widget gets the failure.
function closeOnFailure(dialog: HTMLDialogElement) {
  const watch = new MutationObserver(() => {
    if (!dialog.hasAttribute('data-failed')) return
    watch.disconnect()
    dialog.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.click()
  })
  watch.observe(dialog, { attributes: true, attributeFilter: ['data-failed'] })
}

/** Sets the dialog's inputs for `given` (an outcome's radio, an SMS count) and presses its button. */
function act(dialog: HTMLDialogElement, given: Answer) {
  if (typeof given === 'object' && 'outcome' in given) {
    const radio = dialog.querySelector<HTMLInputElement>(
      `[data-test-outcomes] input[value="${given.outcome}"]`,
    )
    if (radio) radio.checked = true
  } else if (typeof given === 'object') {
    const input = dialog.querySelector<HTMLInputElement>('input[type=number]')
    if (input) {
      input.value = String(given.count)
      input.dispatchEvent(new Event('input'))
    }
  }
  const action = typeof given === 'object' ? 'confirm' : given
  if (action === 'confirm') closeOnFailure(dialog)
  dialog.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)?.click()
}

/**
 * The answers queued per dialog kind, the dialogs answered, and the host's `onDialog` that
 * answers them; `fallback` gives the answer when nothing is queued (read at each dialog).
 */
export function scriptedUser(fallback: () => Answer) {
  const queues = new Map<DialogKind | undefined, Answer[]>()
  const dialogs: { kind: DialogKind | undefined; answer: Answer }[] = []
  return {
    dialogs,
    queue(kind: DialogKind, given: Answer) {
      const queue = queues.get(kind) ?? []
      queue.push(given)
      queues.set(kind, queue)
    },
    onDialog(dialog: HTMLDialogElement, kind: DialogKind | undefined) {
      const given = queues.get(kind)?.shift() ?? fallback()
      dialogs.push({ kind, answer: given })
      // Answer once the dialog is fully open, as a user would.
      setTimeout(() => act(dialog, given))
    },
  }
}
