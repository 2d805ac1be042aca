/**
 * Calls each listener in its own `try`: a listener is someone else's code, and one that throws
 * must neither change the result of the call that emitted nor stop the listeners after it. Its
 * error is reported (`reportError`, else `console.error`), never swallowed.
 *
 * The host keeps `host.on` listeners in a nanoevents emitter and emits through this, not through
 * `emitter.emit`, which stops at the first throw. The SDK keeps `platform.on` listeners in a
 * plain map by event (nanoevents is not in `platform.js`) and emits through this too.
 *
 * @example
 * emitEach(emitter.events[result.event], result)
 */
export function emitEach<A extends unknown[]>(
  listeners: readonly ((...args: A) => unknown)[] | undefined,
  ...args: A
): void {
  // A copy: a listener that unbinds itself or another must not make the loop skip one.
  for (const listener of [...(listeners ?? [])]) {
    try {
      listener(...args)
    } catch (error) {
      report(error)
    }
  }
}

function report(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error)
  else console.error(error)
}
