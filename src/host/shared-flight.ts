import type { BackendCall } from '../host-kit/backend.js'

// The state behind `sharedLookups`: the look-ups in flight or kept, by key, and the waiters of
// each one in flight.

/** One look-up, in flight or kept. */
interface Entry {
  answer: Promise<unknown>
  /** Another call waits for it too: its signal counts. */
  join(call?: BackendCall): void
  /** When the answer was kept (it named a receipt); unset while in flight. */
  keptAt?: number
}

/** The shared look-ups of one backend. */
export interface Lookups {
  /**
   * In insertion order, and a kept entry is inserted again when kept: the kept ones are in the
   * order they expire, so a sweep stops at the first one still fresh.
   */
  entries: Map<string, Entry>
  /** How many entries are kept: with none (consent look-ups alone), nothing to sweep. */
  kept: number
  now: () => number
  /** How long, in ms, a kept answer stays. */
  keep: number
}

/** One look-up in flight and its waiters' signals: it aborts once all have. */
interface Flight {
  key: string
  controller: AbortController
  /** The waiters not aborted yet (a caller without a signal never does: Infinity). */
  waiting: number
  listening: [AbortSignal, () => void][]
  /** Its entry, once shared. */
  entry?: Entry
}

/** The backend's answer as a promise: a backend that throws at once rejects it instead. */
function asked<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(ask())
  } catch (error) {
    return Promise.reject(error)
  }
}

/** Drops the kept entries that expired. */
function sweep(lookups: Lookups, t: number) {
  for (const [key, entry] of lookups.entries) {
    if (entry.keptAt === undefined) continue
    if (t - entry.keptAt < lookups.keep) return
    lookups.entries.delete(key)
    lookups.kept--
  }
}

/** Drops `entry`, unless another look-up took its key since. */
function forget(lookups: Lookups, key: string, entry: Entry | undefined) {
  if (lookups.entries.get(key) === entry) lookups.entries.delete(key)
}

/** `by` waits for the look-up too: when every waiter has aborted, so does the look-up. */
function join(lookups: Lookups, flight: Flight, by?: BackendCall) {
  if (!by) flight.waiting = Number.POSITIVE_INFINITY
  else if (!by.signal.aborted) {
    flight.waiting++
    const gone = () => {
      if (--flight.waiting) return
      flight.controller.abort(by.signal.reason)
      // A call that comes now asks again rather than share an aborted look-up.
      forget(lookups, flight.key, flight.entry)
    }
    by.signal.addEventListener('abort', gone)
    flight.listening.push([by.signal, gone])
  }
}

/**
 * The answer of the look-up `key`: the one in flight or kept, else `ask`'s, shared until it
 * settles, and kept when `keeps` says so.
 */
export function share<T>(
  lookups: Lookups,
  call: BackendCall | undefined,
  {
    key,
    ask,
    keeps,
  }: { key: string; ask: (call: BackendCall) => Promise<T>; keeps: (value: T) => boolean },
): Promise<T> {
  if (lookups.kept > 0) sweep(lookups, lookups.now())
  const entry = lookups.entries.get(key)
  if (entry) {
    entry.join(call)
    return entry.answer as Promise<T>
  }
  const flight: Flight = { key, controller: new AbortController(), waiting: 0, listening: [] }
  join(lookups, flight, call)
  // Asked by a call already aborted: its look-up alone, aborted, shared with no one.
  if (!flight.waiting) flight.controller.abort(call?.signal.reason)
  const answer = asked(() => ask({ signal: flight.controller.signal }))
  if (!flight.waiting) return answer
  const mine: Entry = { answer, join: (by) => join(lookups, flight, by) }
  flight.entry = mine
  lookups.entries.set(key, mine)
  const settled = () => {
    mine.join = () => {}
    for (const [signal, gone] of flight.listening) signal.removeEventListener('abort', gone)
  }
  answer.then(settled, settled)
  answer.then(
    (value) => {
      if (lookups.entries.get(key) !== mine) return
      lookups.entries.delete(key)
      if (!keeps(value)) return
      mine.keptAt = lookups.now()
      lookups.entries.set(key, mine)
      lookups.kept++
    },
    () => forget(lookups, key, mine),
  )
  return answer
}
