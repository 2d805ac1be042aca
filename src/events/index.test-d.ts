import { expectTypeOf, test } from 'vitest'

type Contract = typeof import('./index.js')

// ./events is the contract; the wire's types stay in wire.ts, which is not published.
test('the wire types are not published', () => {
  // @ts-expect-error: not published
  expectTypeOf<import('./index.js').Greeting>()
  // @ts-expect-error: not published
  expectTypeOf<import('./index.js').HostMethods>()
  // @ts-expect-error: not published
  expectTypeOf<import('./index.js').HostMethodName>()
  // @ts-expect-error: not published
  expectTypeOf<import('./index.js').Outcome<null>>()
  // @ts-expect-error: not published
  expectTypeOf<import('./index.js').SerializedError>()
  // ...while the wire has them.
  expectTypeOf<import('./wire.js').HostMethodName>().toEqualTypeOf<
    keyof import('./wire.js').HostMethods
  >()
})

test('one name per concept: ErrorCode, PayRequest', () => {
  expectTypeOf<Contract>().toHaveProperty('ErrorCode')
  expectTypeOf<import('./index.js').ErrorCode>().toEqualTypeOf<
    Contract['ErrorCode'][keyof Contract['ErrorCode']]
  >()
  // @ts-expect-error: ErrorCodeName was a second name of ErrorCode
  expectTypeOf<import('./index.js').ErrorCodeName>()
  expectTypeOf<import('./index.js').PayRequest>().toMatchTypeOf<{ payload?: unknown }>()
})
