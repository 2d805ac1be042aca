import { ErrorCode, PlatformError } from '../../events/index.js'
import type { DialogOutcome } from './dialog.js'

/** Throws the typed error for a dialog that ended by abort, timeout or a backend failure. */
export function unexpectedEnd(outcome: DialogOutcome<unknown>): never {
  if (outcome.kind === 'aborted') {
    throw new PlatformError(
      ErrorCode.CONNECTION_CLOSED,
      'The widget went away; the dialog was closed',
    )
  }
  if (outcome.kind === 'timeout') {
    throw new PlatformError(ErrorCode.TIMEOUT, 'The dialog was left unanswered and closed')
  }
  // The host's own coded errors (its deadline) stand; anything else the backend threw is wrapped.
  if (outcome.kind === 'error' && outcome.error instanceof PlatformError) throw outcome.error
  throw new PlatformError(
    ErrorCode.BACKEND_ERROR,
    errorMessage(outcome.kind === 'error' ? outcome.error : outcome),
  )
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'The platform backend failed'
}
