// `withCalls` reads the table's paths and methods from the compact `CALLS` string and narrows them
// to the table's types in one place. This holds that narrowing: `CALLS`'s literal type, read word
// by word, is exactly the table's paths, each with its method and deadline.
import { expectTypeOf, it } from 'vitest'
import type { CALLS } from '../events/sdk-calls.js'
import type { OperationTable, SdkPath } from '../operations/index.js'
import type { MethodOf } from './call-types.js'

/** One word of `CALLS`: `path`, `path=method`, each maybe with `!` (the dialog deadline). */
type Word<W extends string> = W extends `${infer P}=${infer M}!`
  ? [P, M, true]
  : W extends `${infer P}=${infer M}`
    ? [P, M, false]
    : W extends `${infer P}!`
      ? [P, P, true]
      : [W, W, false]
type Words<S extends string> = S extends `${infer W} ${infer Rest}`
  ? Word<W> | Words<Rest>
  : Word<S>

/** What the table says each word must be. */
type Rows = {
  [P in SdkPath]: [
    P,
    MethodOf<P>,
    OperationTable[MethodOf<P>]['deadline'] extends 'dialogCall' ? true : false,
  ]
}[SdkPath]

it('CALLS names exactly the table paths, each with its method and deadline', () => {
  expectTypeOf<Words<typeof CALLS>>().toEqualTypeOf<Rows>()
  // A word the table does not have would not match.
  expectTypeOf<Words<'payment.pay=pay! sms.activte=smsActivate!'>>().not.toEqualTypeOf<Rows>()
})
