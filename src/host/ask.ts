import { TIMEOUTS } from '../events/index.js'
import type { DialogOutcome, DialogSpec } from './dialog.js'
import type { CallContext } from './types.js'

/** A dialog as a feature describes it; the call supplies the locale, abort signal and timeout. */
export type AskSpec<T> = Omit<DialogSpec<T>, 'locale' | 'signal' | 'timeout'>

/**
 * Runs `fn` while holding the host's one dialog slot. With `queue` the call waits its turn
 * (consent); without, it is refused with `DIALOG_BUSY` while another dialog is open or waiting.
 */
export async function holdingSlot<T>(
  call: CallContext,
  queue: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const release = await call.slot.acquire(queue, call.signal, TIMEOUTS.dialog)
  try {
    return await fn()
  } finally {
    release()
  }
}

/** Shows a dialog for this call; the caller holds the slot. */
export function show<T>(call: CallContext, spec: AskSpec<T>): Promise<DialogOutcome<T>> {
  return call.layer.show({
    ...spec,
    locale: call.locale,
    signal: call.signal,
    timeout: TIMEOUTS.dialog,
  })
}

/** Shows a dialog in the slot, refused rather than queued while another is open (payments, SMS). */
export function ask<T>(call: CallContext, spec: AskSpec<T>): Promise<DialogOutcome<T>> {
  return holdingSlot(call, false, () => show(call, spec))
}
