import { describe, expectTypeOf, it } from 'vitest'
import type { PayRequest, PayResult } from '../events/index.js'
import type { HostRequest, HostValue, OperationTable } from '../operations/index.js'
import { handle as pay } from '../operations/pay/handler.js'
import type { HANDLERS } from './handlers.js'
import type { Answer, Handler, Validated } from './types.js'

/** The table as it would be if `pay`'s row said it answered a number. */
type PayAnswersNumber = Omit<OperationTable, 'pay'> & {
  pay: Omit<OperationTable['pay'], 'types'> & { types?: { request: PayRequest; result: number } }
}

describe("a handler's type is its row's", () => {
  it('takes the checked request and answers the result the row names', () => {
    expectTypeOf<Answer<'pay'>>().toEqualTypeOf<PayResult>()
    expectTypeOf<Answer<'pay'>>().toEqualTypeOf<HostValue<'pay'>>()
    expectTypeOf<Validated<'pay'>>().toEqualTypeOf<PayRequest>()
    // The check may narrow the wire's request (scope names, not one string), never widen it.
    expectTypeOf<Validated<'getSessionToken'>>().toExtend<HostRequest<'getSessionToken'>>()
    expectTypeOf<(typeof HANDLERS)['pay']>().toEqualTypeOf<Handler<'pay'>>()
    expectTypeOf(pay).toExtend<Handler<'pay'>>()
  })

  it('refuses a handler answering another result than its row', () => {
    // @ts-expect-error pay's row answers a PayResult, not a number
    const wrong: Handler<'pay'> = async () => 42
    // @ts-expect-error nor a subscription's result
    const other: Handler<'pay'> = async () => ({
      event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS' as const,
    })
    expectTypeOf(wrong).toBeFunction()
    expectTypeOf(other).toBeFunction()
  })

  it('refuses the real pay handler once its row answers another type', () => {
    expectTypeOf<Answer<'pay', PayAnswersNumber>>().toEqualTypeOf<number>()
    // @ts-expect-error the row now says number; pay still answers a PayResult
    const changed: Handler<'pay', PayAnswersNumber> = pay
    // The same handler against today's table compiles.
    const today: Handler<'pay'> = pay
    expectTypeOf(changed).toBeFunction()
    expectTypeOf(today).toBeFunction()
  })
})
