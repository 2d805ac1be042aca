import type { BackendAdapter } from './backend.js'

/**
 * The backend with identical look-ups shared: a `getConsent` or `lookupReceipt` asked again
 * while the same one is in flight gets the same answer, so a flood of calls costs one request.
 */
export function sharedLookups(backend: BackendAdapter): BackendAdapter {
  const inFlight = new Map<string, Promise<unknown>>()
  const share = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    let pending = inFlight.get(key) as Promise<T> | undefined
    if (!pending) {
      pending = Promise.resolve()
        .then(ask)
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }
  const shared: BackendAdapter = Object.create(backend)
  // Keys: `consent:` and an app_key, or a JSON array (which starts with `[`): never equal.
  shared.getConsent = (app_key) => share(`consent:${app_key}`, () => backend.getConsent(app_key))
  shared.lookupReceipt = (app_key, receipt_id) =>
    share(JSON.stringify(['receipt', app_key, receipt_id]), () =>
      backend.lookupReceipt(app_key, receipt_id),
    )
  return shared
}
