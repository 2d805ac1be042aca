/** Waits until `check` returns a truthy value (polls the event loop, 2 s at most). */
export async function until<T>(check: () => T, ms = 2000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** Lets queued messages and microtasks run. */
export const flush = (ms = 5) => new Promise((r) => setTimeout(r, ms))

/** A promise with its resolvers. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
