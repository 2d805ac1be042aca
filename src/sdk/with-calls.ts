import { CALLS } from '../events/sdk-calls.js'

/**
 * Puts one function per SDK call of the operation table into `target`, by its path
 * (`sms.activate` as `target.sms.activate`): `make` gets the path, the host method it sends and
 * whether that method gets the dialog deadline. The SDK, its lazy stub and its top-level page all
 * take their shape from here, so a row added to the table reaches each of them.
 */
export function withCalls<T>(
  target: Record<string, unknown>,
  make: (path: string, method: string, dialog: boolean) => unknown,
): T {
  for (const word of CALLS.split(' ')) {
    const [path, method] = word.split(/[=!]/) as [string, string?]
    const [a, b] = path.split('.') as [string, string?]
    const fn = make(path, method || path, word.endsWith('!'))
    if (b) {
      target[a] ??= {}
      ;(target[a] as Record<string, unknown>)[b] = fn
    } else target[a] = fn
  }
  return target as T
}
