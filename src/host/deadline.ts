import { ErrorCode, PlatformError } from '../events/index.js'

/** The ms left until `deadline` (a `Date.now()` time), never below 0. */
export const msUntil = (deadline: number): number => Math.max(0, deadline - Date.now())

/**
 * Settles as `work` does, or rejects with `TIMEOUT` at `deadline`, whichever comes first. The
 * host's own limit on work it does not control (the panel's backend): the widget hears the
 * host's answer before its SDK gives up. `work` may still settle later; nobody hears it.
 */
export function beforeDeadline<T>(work: Promise<T>, deadline: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PlatformError(ErrorCode.TIMEOUT, message)),
      msUntil(deadline),
    )
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
