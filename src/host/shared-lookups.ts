import type { BackendAdapter } from '../host-kit/backend.js'
import { type Lookups, share } from './shared-flight.js'

/**
 * How long, in ms, a receipt the backend found is kept for the same widget and `receipt_id`.
 * Sharing only what is in flight is not enough: a backend that answers in a few ms settles
 * between two messages of a flood, so every admitted `pay({ receipt_id })` (up to the guard's
 * 100 a second) looked the receipt up again. Kept a second, a flood costs one look-up a second.
 */
export const RECEIPT_KEEP_MS = 1_000

/** A consent is never kept (the user may change it at any moment). */
const never = () => false

/**
 * The backend with identical look-ups shared: a `getConsent` or `lookupReceipt` asked again
 * while the same one is in flight gets the same answer, so a flood of calls costs one request.
 * A receipt found is also kept for {@link RECEIPT_KEEP_MS}. Not kept: a consent (the user may
 * change it at any moment), a receipt not found (the widget may be about to create it) and a
 * failed look-up (the next call asks again). A shared look-up's signal aborts once every call
 * waiting for it has aborted.
 *
 * @example
 * const backend = sharedLookups(options.backend)
 */
export function sharedLookups(
  backend: BackendAdapter,
  { now = Date.now, keep = RECEIPT_KEEP_MS }: { now?: () => number; keep?: number } = {},
): BackendAdapter {
  const lookups: Lookups = { entries: new Map(), kept: 0, now, keep }
  const shared: BackendAdapter = Object.create(backend)
  // Keys: `consent:` and an app_key, or a JSON array (which starts with `[`): never equal.
  shared.getConsent = (app_key, call) =>
    share(lookups, call, {
      key: `consent:${app_key}`,
      ask: (o) => backend.getConsent(app_key, o),
      keeps: never,
    })
  shared.lookupReceipt = (app_key, receipt_id, call) =>
    share(lookups, call, {
      key: JSON.stringify(['receipt', app_key, receipt_id]),
      ask: (o) => backend.lookupReceipt(app_key, receipt_id, o),
      keeps: (receipt) => receipt !== undefined,
    })
  return shared
}
