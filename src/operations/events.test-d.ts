import { expectTypeOf, test } from 'vitest'

type Contract = typeof import('./events.js')

// ./events is the contract; the wire's types stay in wire.ts, which is not published.
test('the wire types are not published', () => {
  // @ts-expect-error: not published
  expectTypeOf<import('./events.js').Greeting>()
  // @ts-expect-error: not published
  expectTypeOf<import('./events.js').HostMethods>()
  // @ts-expect-error: not published
  expectTypeOf<import('./events.js').HostMethodName>()
  // @ts-expect-error: not published
  expectTypeOf<import('./events.js').Outcome<null>>()
  // @ts-expect-error: not published
  expectTypeOf<import('./events.js').SerializedError>()
  // ...while the operations' table has them.
  expectTypeOf<import('./index.js').HostMethodName>().toEqualTypeOf<
    keyof import('./index.js').HostMethods
  >()
})

test('one name per concept: ErrorCode, PayRequest', () => {
  expectTypeOf<Contract>().toHaveProperty('ErrorCode')
  expectTypeOf<import('./events.js').ErrorCode>().toEqualTypeOf<
    Contract['ErrorCode'][keyof Contract['ErrorCode']]
  >()
  // @ts-expect-error: ErrorCodeName was a second name of ErrorCode
  expectTypeOf<import('./events.js').ErrorCodeName>()
  expectTypeOf<import('./events.js').PayRequest>().toMatchTypeOf<{
    payload?: unknown
  }>()
})
