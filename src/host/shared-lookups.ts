import type { BackendAdapter, BackendCall } from '../host-kit/backend.js'

/**
 * How long, in ms, a receipt the backend found is kept for the same widget and `receipt_id`.
 * Sharing only what is in flight is not enough: a backend that answers in a few ms settles
 * between two messages of a flood, so every admitted `pay({ receipt_id })` (up to the guard's
 * 100 a second) looked the receipt up again. Kept a second, a flood costs one look-up a second.
 */
export const RECEIPT_KEEP_MS = 1_000

interface Entry {
  answer: Promise<unknown>
  /** Another call waits for it too: its signal counts. */
  join(call?: BackendCall): void
  /** When the answer was kept (it named a receipt); unset while in flight. */
  keptAt?: number
}

/** The backend's answer as a promise: a backend that throws at once rejects it instead. */
function asked<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(ask())
  } catch (error) {
    return Promise.reject(error)
  }
}

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
  // In insertion order, and a kept entry is inserted again when kept: the kept ones are in the
  // order they expire, so a sweep stops at the first one still fresh.
  const entries = new Map<string, Entry>()
  /** How many entries are kept: with none (consent look-ups alone), nothing to sweep. */
  let kept = 0
  const sweep = (t: number) => {
    for (const [key, entry] of entries) {
      if (entry.keptAt === undefined) continue
      if (t - entry.keptAt < keep) return
      entries.delete(key)
      kept--
    }
  }
  const share = <T>(
    key: string,
    ask: (call: BackendCall) => Promise<T>,
    keeps: (value: T) => boolean,
    call?: BackendCall,
  ) => {
    if (kept > 0) sweep(now())
    const entry = entries.get(key)
    if (entry) {
      entry.join(call)
      return entry.answer as Promise<T>
    }
    const controller = new AbortController()
    // The waiters' signals: the look-up's aborts once all have (a caller without one never does).
    let waiting = 0
    const listening: [AbortSignal, () => void][] = []
    const join = (by?: BackendCall) => {
      if (!by) waiting = Number.POSITIVE_INFINITY
      else if (!by.signal.aborted) {
        waiting++
        const gone = () => {
          if (--waiting) return
          controller.abort(by.signal.reason)
          // A call that comes now asks again rather than share an aborted look-up.
          forget()
        }
        by.signal.addEventListener('abort', gone)
        listening.push([by.signal, gone])
      }
    }
    const settled = () => {
      mine.join = () => {}
      for (const [signal, gone] of listening) signal.removeEventListener('abort', gone)
    }
    join(call)
    // Asked by a call already aborted: its look-up alone, aborted, shared with no one.
    if (!waiting) controller.abort(call?.signal.reason)
    const answer = asked(() => ask({ signal: controller.signal }))
    if (!waiting) return answer
    const mine: Entry = { answer, join }
    entries.set(key, mine)
    function forget() {
      if (entries.get(key) === mine) entries.delete(key)
    }
    answer.then(settled, settled)
    answer.then((value) => {
      if (entries.get(key) !== mine) return
      entries.delete(key)
      if (!keeps(value)) return
      mine.keptAt = now()
      entries.set(key, mine)
      kept++
    }, forget)
    return answer
  }
  const shared: BackendAdapter = Object.create(backend)
  // Keys: `consent:` and an app_key, or a JSON array (which starts with `[`): never equal.
  shared.getConsent = (app_key, call) =>
    share(`consent:${app_key}`, (o) => backend.getConsent(app_key, o), never, call)
  shared.lookupReceipt = (app_key, receipt_id, call) =>
    share(
      JSON.stringify(['receipt', app_key, receipt_id]),
      (o) => backend.lookupReceipt(app_key, receipt_id, o),
      (receipt) => receipt !== undefined,
      call,
    )
  return shared
}
