import type { BackendCall, ChargeCall } from './backend.js'
import type { CallContext } from './types.js'

/** What {@link withBackend} reads of a call. */
export type BackendCallContext = Pick<CallContext<never>, 'signal' | 'deadline' | 'deadlines'>

const late = () => "The panel's backend did not answer in time"

/**
 * A key no other charge has: 128 random bits, base64url. From `getRandomValues`, not
 * `randomUUID`, which a panel served over plain HTTP (not a secure context) lacks.
 */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * Runs one backend call of `call` with its own `signal`, aborted when the widget's page goes
 * (the session's signal: unmount, reload, the host destroyed) or at the call's deadline, when it
 * rejects with `TIMEOUT`. `run` passes the options on as the adapter's last argument; the
 * adapter may ignore them.
 *
 * @example
 * const granted = await withBackend(call, (o) => backend.getConsent(app_key, o))
 */
export function withBackend<T>(
  call: BackendCallContext,
  run: (options: BackendCall) => Promise<T> | T,
): Promise<T> {
  const controller = new AbortController()
  const page = call.signal
  const gone = () => controller.abort(page.reason)
  if (page.aborted) gone()
  else page.addEventListener('abort', gone)
  // Run from a microtask: what `run` does before its first await (a dialog's own checks) comes
  // after the caller's step that started it, and a throw rejects.
  const work = Promise.resolve().then(() => run({ signal: controller.signal }))
  // The session's signal lives as long as the widget's page: a listener per call must not stay.
  const off = () => page.removeEventListener('abort', gone)
  return call.deadlines.race(work, call.deadline, late).then(
    (value) => {
      off()
      return value
    },
    (error: unknown) => {
      off()
      // The deadline: the host has answered the widget, so the backend may stop too.
      controller.abort(error)
      throw error
    },
  )
}

/**
 * {@link withBackend} for what the doctor confirmed in a dialog: a charge, a consent, a change of
 * the profile. The options carry one idempotency key for all `run` sends (see `ChargeCall`).
 *
 * @example
 * run: () => withCharge(call, (o) => backend.pay(request, o))
 */
export function withCharge<T>(
  call: BackendCallContext,
  run: (options: ChargeCall) => Promise<T> | T,
): Promise<T> {
  const key = idempotencyKey()
  return withBackend(call, (options) => run({ signal: options.signal, idempotencyKey: key }))
}
