/** The ms left until `deadline` (a `Date.now()` time), never below 0. */
export const msUntil = (deadline: number): number => Math.max(0, deadline - Date.now())

export type DeadlineTimer = ReturnType<typeof deadlineTimer>

/**
 * Deadlines for many calls on one timer, for the host: `race(work, deadline, message)` settles
 * as `work` does, or rejects with `timeout(message())` at `deadline` (a `Date.now()` time),
 * whichever comes first; `work` may still settle later, and nobody hears it. The host bounds the
 * work it does not control (the panel's backend, the sign-in), so the widget hears the host's
 * answer before its SDK gives up. The SDK keeps the same one-timer scheme inside its pending
 * calls (src/sdk/pending-calls.ts), where a call is one promise, not three.
 *
 * One `setTimeout` is armed at a time, for the earliest deadline pending; when it fires it fails
 * what is due, in the order it was added, and arms for the next. A call that settles in time
 * costs a `Set` add and delete instead of a timer of its own: calls of one kind share a timeout
 * and come in order, so a new deadline is rarely earlier than the one armed.
 *
 * The error comes from the owner (the host passes a `PlatformError` with `TIMEOUT`): the
 * transport imports nothing from `src`.
 *
 * @example
 * const deadlines = deadlineTimer((message) => new PlatformError('TIMEOUT', message))
 */
export function deadlineTimer(timeout: (message: string) => Error) {
  const pending = new Set<{ at: number; fail(): void }>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let armed = Number.POSITIVE_INFINITY

  const arm = (at: number) => {
    if (at < armed) {
      clearTimeout(timer)
      armed = at
      timer = setTimeout(sweep, msUntil(at))
    }
  }
  const sweep = () => {
    armed = Number.POSITIVE_INFINITY
    const now = Date.now()
    for (const due of pending) {
      if (due.at > now) arm(due.at)
      else {
        pending.delete(due)
        due.fail()
      }
    }
  }

  return {
    race: <T>(work: Promise<T>, deadline: number, message: () => string): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const due = {
          at: deadline,
          fail: () => reject(timeout(message())),
        }
        pending.add(due)
        arm(deadline)
        work.then(
          (value) => {
            pending.delete(due)
            resolve(value)
          },
          (error) => {
            pending.delete(due)
            reject(error)
          },
        )
      }),
    /** Stops the timer; what is pending is never failed. */
    destroy() {
      clearTimeout(timer)
      armed = Number.POSITIVE_INFINITY
      pending.clear()
    },
  }
}
