import type { validateSessionToken } from '../../events/validate.js'
import { HOST_TIMEOUTS } from '../../events/wire.js'
import { type Reads, sessionToken } from '../../host-kit/consent.js'
import type { CallContext } from '../../host-kit/types.js'

/**
 * `getSessionToken`: refuses scopes the widget does not have enabled (and `provider.*` scopes
 * where the user is not the provider they are for: see `providerRefusal` in `src/host-kit/consent.ts`), skips the popup when the
 * user already approved every requested scope, and otherwise asks in the host's own dialog.
 * Consent requests queue behind an open dialog; the queued one often resolves from the consent
 * just given.
 */
export async function handle(
  { scope, timeout }: ReturnType<typeof validateSessionToken>,
  given: CallContext<Reads>,
): Promise<string> {
  // `return await`: one microtask fewer than returning the inner promise from an async function.
  if (!timeout) return await sessionToken(scope, given)
  // The widget's `timeout` (the original SDK's option) brings the host's deadline forward, and
  // with it the dialog's end: the call ends with TIMEOUT by then, whatever the backend does.
  const deadline = given.deadline - (HOST_TIMEOUTS.dialogCall - timeout)
  return given.deadlines.race(
    sessionToken(scope, { ...given, deadline }),
    deadline,
    () => `No answer within the widget's timeout (${timeout} ms)`,
  )
}
