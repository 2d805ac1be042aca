import { ErrorCode, PlatformError } from '../events/index.js'
import { HOST_TIMEOUTS, serializeError } from '../events/wire.js'
import { msUntil } from '../transport/deadlines.js'
import type { ChargeCall } from './backend.js'
import { withCharge } from './backend-call.js'
import type { DialogKind, DialogOutcome, DialogSpec } from './dialog/dialog.js'
import { nameIn } from './names.js'
import { dialogAnswer } from './trace.js'
import type { CallContext } from './types.js'

/**
 * A dialog as a feature describes it; the call supplies the locale, abort signal and timeout,
 * and `run` gets the options to pass its backend call (the call's signal, an idempotency key).
 */
export type AskSpec<T> = Omit<DialogSpec<T>, 'locale' | 'signal' | 'timeout' | 'from' | 'run'> & {
  run: (backend: ChargeCall) => Promise<T> | T
}

/**
 * When the call's turn in the queue and its open dialog end: the call's deadline less the time
 * kept for the backend after a confirm. One budget for both, so a consent that waited its turn
 * is not then shown for a full dialog time the SDK no longer waits for.
 */
const closeBy = (call: CallContext<never>) => call.deadline - HOST_TIMEOUTS.backend

/** Throws `PANEL_FRAMED` while an untrusted origin frames the panel page. */
function checkFraming(call: CallContext<never>): void {
  const by = call.framedBy()
  if (by !== undefined) {
    throw new PlatformError(
      ErrorCode.PANEL_FRAMED,
      `The panel page is framed by ${by}, which it does not list in frameAncestors: no dialog is shown`,
    )
  }
}

/** Tells the call's trace that a dialog of `kind` was not shown, with the error's code. */
export function traceRefusal(call: CallContext<never>, kind: DialogKind, error: unknown): void {
  if (!call.trace) return
  call.trace({ kind, answer: 'refused', code: serializeError(error).code })
}

/**
 * Runs `fn` while holding the host's one dialog slot. With `queue` the call waits its turn
 * (consent); without, it is refused with `DIALOG_BUSY` while another dialog is open or waiting.
 * `kind` is the dialog `fn` would show, for the trace of a refusal.
 */
export async function holdingSlot<T>(
  call: CallContext<never>,
  { kind, queue = false }: { kind: DialogKind; queue?: boolean },
  fn: () => Promise<T>,
): Promise<T> {
  let release: () => void
  try {
    checkFraming(call)
    call.guard.checkCooldown()
    release = await call.slot.acquire({
      queue,
      signal: call.signal,
      timeout: msUntil(closeBy(call)),
      owner: call.widget.app_key,
    })
  } catch (error) {
    traceRefusal(call, kind, error)
    throw error
  }
  try {
    return await fn()
  } finally {
    release()
  }
}

/** Shows a dialog for this call; the caller holds the slot. */
export async function show<T>(
  call: CallContext<never>,
  spec: AskSpec<T> & { kind: DialogKind },
): Promise<DialogOutcome<T>> {
  const timeout = msUntil(closeBy(call))
  try {
    if (timeout === 0) {
      throw new PlatformError(ErrorCode.TIMEOUT, 'No time was left to ask the user')
    }
    // Checked again in the slot: the widget may have been dismissed while this call waited.
    checkFraming(call)
    call.guard.checkCooldown()
  } catch (error) {
    traceRefusal(call, spec.kind, error)
    throw error
  }
  const outcome = await call.layer.show({
    ...spec,
    // The backend's work after a confirm ends by the call's deadline too: the dialog closes
    // with TIMEOUT rather than stay busy for a call the SDK has given up on, and the backend's
    // signal aborts. On the call's own timer: at the deadline the call's TIMEOUT (added first)
    // fails first.
    run: () => withCharge(call, spec.run),
    from: { name: (locale) => nameIn(call.widget.name, locale), origin: call.origin },
    locale: call.locale,
    signal: call.signal,
    timeout,
  })
  call.trace?.({ kind: spec.kind, answer: dialogAnswer(outcome) })
  if (outcome.kind === 'close') call.guard.dismissed()
  else if (outcome.kind === 'confirm') call.guard.confirmed()
  return outcome
}

/** Shows a dialog in the slot, refused rather than queued while another is open (payments, SMS). */
export function ask<T>(
  call: CallContext<never>,
  spec: AskSpec<T> & { kind: DialogKind },
): Promise<DialogOutcome<T>> {
  return holdingSlot(call, { kind: spec.kind }, () => show(call, spec))
}
