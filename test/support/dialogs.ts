import { expect, onTestFinished, vi } from 'vitest'
import { until } from './wait.js'

/** Queries on the open host dialog (in the host's open shadow root), found by the text people see. */
export function dialogUi() {
  const dialog = openDialog
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === name || b.getAttribute('aria-label') === name,
    ) as HTMLButtonElement | undefined
  /** The dialog's visible text, whitespace collapsed. */
  const text = () => (dialog()?.textContent ?? '').replace(/\s+/g, ' ')
  /** The `[label, value]` rows of the dialog's summary table. */
  const rows = () =>
    [...(dialog()?.querySelectorAll('tr') ?? [])].map((tr) => [
      tr.querySelector('th')?.textContent ?? '',
      tr.querySelector('td')?.textContent ?? '',
    ])
  /** The radio input of the option whose label contains `label`. */
  const radio = (label: string) =>
    [...(dialog()?.querySelectorAll('label') ?? [])]
      .find((l) => l.textContent?.includes(label))
      ?.querySelector('input[type=radio]') as HTMLInputElement | undefined
  const input = (selector: string) =>
    (dialog()?.querySelector(selector) as HTMLInputElement | null) ?? undefined
  /** Presses Escape inside the dialog. */
  const pressEscape = () =>
    dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  /**
   * Waits until the open dialog says the backend failed (the host's own sentence, Close as its
   * only button), then closes it as the user would: the call then settles with the failure.
   */
  const closeFailed = async (close = 'Close') => {
    await until(() => dialog()?.hasAttribute('data-failed'))
    const failed = dialog()!
    expect(failed.querySelector('[role=alert]')?.textContent).toMatch(
      /did not go through|انجام نشد/,
    )
    expect((failed.querySelector('[data-action=confirm]') as HTMLButtonElement).hidden).toBe(true)
    const cancel = failed.querySelector('[data-action=cancel]') as HTMLButtonElement
    expect(cancel.textContent).toBe(close)
    cancel.click()
  }
  return { dialog, button, text, rows, radio, input, pressEscape, closeFailed }
}

/** Counts the dialogs the host opens from now until the end of the test. */
export function countDialogs(): () => number {
  const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal')
  const start = showModal.mock.calls.length
  onTestFinished(() => showModal.mockRestore())
  return () => showModal.mock.calls.length - start
}

let dialogsCreated = 0
let watching = false

/**
 * Counts `<dialog>` elements created in this document from now on (the host builds every dialog
 * with `document.createElement`). Counting creation, not presence, also catches a dialog that
 * opened and closed again before the test looked.
 */
export function dialogCounter(): () => number {
  if (!watching) {
    watching = true
    const create = document.createElement
    document.createElement = function (this: Document, tag: string, options?: unknown) {
      if (String(tag).toLowerCase() === 'dialog') dialogsCreated++
      return create.call(this, tag, options as ElementCreationOptions)
    } as typeof document.createElement
  }
  const start = dialogsCreated
  return () => dialogsCreated - start
}

/** The open dialog in the host's shadow root, if any. */
export function openDialog(): HTMLDialogElement | null {
  return (
    document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog') ?? null
  )
}

/** Waits for the dialog to open and presses its confirm button. */
export async function confirmDialog(): Promise<void> {
  const dialog = await until(openDialog)
  const confirm = dialog.querySelector<HTMLButtonElement>('button[data-action="confirm"]')
  if (!confirm) throw new Error('the dialog has no confirm button')
  confirm.click()
}
