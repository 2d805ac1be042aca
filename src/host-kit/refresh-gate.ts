/**
 * `widget.refreshProfile()`'s own limit: it asks no question, so without one a widget could
 * purge the doctor's profile cache as fast as the general call limit lets it (a hundred a
 * second). A purge runs at most once per `interval` ms per widget. A call that comes sooner is
 * not refused: it waits for the next purge, which starts once the interval since the last one
 * has passed, and every call that comes meanwhile shares it. So each call still resolves only
 * after a purge that started after it (the change it made shows), and a flood costs the
 * platform one purge per interval.
 */
export interface RefreshGate {
  /**
   * Resolves once a purge that started after this call has ended, or rejects with its error.
   * A waiting call whose `signal` aborts (its widget reloaded, the host destroyed) stops waiting;
   * a purge no call waits for any more does not run, and its timer is cleared.
   */
  run(purge: () => Promise<void>, signal: AbortSignal): Promise<void>
}

/** The purge waiting to run and the calls that share it. */
interface Next {
  promise: Promise<void>
  waiters: Set<AbortSignal>
  /** Ends the wait without a purge: every waiter is gone. */
  drop(): void
}

/** Where the last purge's start is kept beyond the gate (the tab: see `TabLimits`). */
export interface PurgeRecord {
  /** When the last purge started, as far as the record knows. */
  last(): number
  /** A purge started at `t`. */
  started(t: number): void
}

export function createRefreshGate(
  interval: number,
  now: () => number = Date.now,
  record?: PurgeRecord,
): RefreshGate {
  let last = Number.NEGATIVE_INFINITY
  /** Settles when the purge under way ends, whatever its result. */
  let busy: Promise<void> | undefined
  let next: Next | undefined

  const start = (purge: () => Promise<void>) => {
    last = now()
    record?.started(last)
    const run = purge()
    const ended: Promise<void> = run.then(
      () => undefined,
      () => undefined,
    )
    busy = ended
    void ended.then(() => {
      if (busy === ended) busy = undefined
    })
    return run
  }

  const schedule = (purge: () => Promise<void>): Next => {
    const waiters = new Set<AbortSignal>()
    let timer: ReturnType<typeof setTimeout> | undefined
    let dropped = false
    let settle!: { resolve: () => void; reject: (error: unknown) => void }
    const promise = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject }
    })
    const entry: Next = {
      promise,
      waiters,
      drop() {
        dropped = true
        if (timer !== undefined) clearTimeout(timer)
        if (next === entry) next = undefined
        settle.resolve()
      },
    }
    // After the purge under way (a slow backend), then the rest of the interval.
    void (busy ?? Promise.resolve()).then(() => {
      if (dropped) return
      timer = setTimeout(
        () => {
          if (next === entry) next = undefined
          start(purge).then(settle.resolve, settle.reject)
        },
        Math.max(0, last + interval - now()),
      )
    })
    return entry
  }

  return {
    run(purge, signal) {
      // A purge from an earlier page of the tab counts as this gate's own.
      if (record) last = Math.max(last, record.last())
      if (!next && !busy && now() - last >= interval) return start(purge)
      next ??= schedule(purge)
      const joined = next
      joined.waiters.add(signal)
      const gone = () => {
        if ([...joined.waiters].every((s) => s.aborted)) joined.drop()
      }
      signal.addEventListener('abort', gone, { once: true })
      // The signal is the widget's, shared by its calls: a listener per call must not pile up.
      const off = () => signal.removeEventListener('abort', gone)
      joined.promise.then(off, off)
      return joined.promise
    },
  }
}
