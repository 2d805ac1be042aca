import { CALLS } from '../events/sdk-calls.js'
import type { SdkPath } from '../operations/index.js'
import type { MethodOf } from './call-types.js'

/**
 * Puts one function per SDK call of the operation table into `target`, by its path
 * (`sms.activate` as `target.sms.activate`): `make` gets the path, the host method it sends and
 * whether that method gets the dialog deadline. The SDK, its lazy stub and its top-level page all
 * take their shape from here, so a row added to the table reaches each of them.
 */
export function withCalls<T>(
  target: Record<string, unknown>,
  make: <P extends SdkPath>(path: P, method: MethodOf<P>, dialog: boolean) => unknown,
): T {
  for (const word of CALLS.split(' ')) {
    // The one place the table's names are read from a string: `CALLS` is generated from the
    // table (test/operation-layers.test.ts), and with-calls.test-d.ts holds its literal type to
    // the table's paths, methods and deadlines, so the narrowing is checked by `tsc`.
    // A word without `=method` sends the method its path names.
    const [path, method] = word.split(/[=!]/) as [SdkPath, MethodOf<SdkPath>?]
    const [a, b] = path.split('.') as [string, string?]
    const fn = make(path, method || (path as MethodOf<SdkPath>), word.endsWith('!'))
    if (b) {
      target[a] ??= {}
      ;(target[a] as Record<string, unknown>)[b] = fn
    } else target[a] = fn
  }
  return target as T
}
