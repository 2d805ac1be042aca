// The published `Platform` (api.ts, its calls in each operation's `sdk.ts`) is written out, with
// its JSDoc, so that a widget's author reads plain signatures in the types and the API report.
// These tests hold every one of its calls to the signature its row of the operation table and its
// call form give (`SdkCall`), so that neither can change alone; and they show a changed row
// failing the check.
import { describe, expectTypeOf, it } from 'vitest'
import type { Payload } from '../events/index.js'
import type { HostRequest, HostValue, OperationTable, SdkPath } from '../operations/index.js'
import type { Platform } from './api.js'
import type { CallTable, SdkCall, SdkCalls, Send } from './call-types.js'

/** The member of `T` at path `P` (`payment.pay` is `T['payment']['pay']`). */
type At<T, P extends string> = P extends `${infer A}.${infer B}`
  ? A extends keyof T
    ? At<T[A], B>
    : never
  : P extends keyof T
    ? T[P]
    : never

/** `Platform`'s calls, by path. */
type PlatformCalls = { [P in SdkPath]: At<Platform, P> }

/** The operation table with row `K` answering `Res` instead: what a changed row looks like. */
type Answering<K extends keyof OperationTable, Res> = {
  [M in keyof OperationTable]: M extends K
    ? Omit<OperationTable[M], 'types'> & { types?: { request: HostRequest<M>; result: Res } }
    : OperationTable[M]
}

declare const platform: Platform

describe('Platform, held to the operation table', () => {
  it('has, at every path of the table, the signature its row and call form give', () => {
    expectTypeOf<PlatformCalls>().toEqualTypeOf<SdkCalls>()
  })

  it('spells out one: pay takes the row request and a payload, and resolves the row result', () => {
    type Pay = (request: HostRequest<'pay'>, payload?: Payload) => Promise<HostValue<'pay'>>
    expectTypeOf<Platform['payment']['pay']>().toEqualTypeOf<Pay>()
    expectTypeOf<SdkCall<'payment.pay'>>().toEqualTypeOf<Pay>()
    // The calls without a form take the row's request and resolve its result.
    expectTypeOf<Platform['getSessionToken']>().toEqualTypeOf<Send<'getSessionToken'>>()
    // And those whose row's request is empty take no argument.
    type Activate = () => Promise<HostValue<'smsActivate'>>
    expectTypeOf<SdkCall<'sms.activate'>>().toEqualTypeOf<Activate>()
    expectTypeOf<Platform['sms']['activate']>().toEqualTypeOf<Activate>()
  })

  it('refuses a table whose pay row answers a number', () => {
    type PayNumber = Answering<'pay', number>
    expectTypeOf<PayNumber>().toExtend<CallTable>()
    // The same table unchanged is accepted: the failures below are the changed row's.
    expectTypeOf<PlatformCalls>().toEqualTypeOf<SdkCalls<Answering<'pay', HostValue<'pay'>>>>()
    expectTypeOf<SdkCall<'payment.pay', PayNumber>>().returns.resolves.toEqualTypeOf<number>()
    // @ts-expect-error: the SDK's pay resolves a PayResult, the changed row a number
    expectTypeOf<PlatformCalls>().toEqualTypeOf<SdkCalls<PayNumber>>()
    // @ts-expect-error: the SDK's pay is not the changed row's call
    const pay: SdkCall<'payment.pay', PayNumber> = platform.payment.pay
    // Other rows are untouched by the change.
    const charge: SdkCall<'sms.charge', PayNumber> = platform.sms.charge
    expectTypeOf(charge).toEqualTypeOf(platform.sms.charge)
    expectTypeOf(pay).toBeFunction()
  })

  it('refuses a changed request too', () => {
    type Request = Omit<OperationTable['subscribe'], 'types'> & {
      types?: { request: { plan_key: number }; result: HostValue<'subscribe'> }
    }
    type Changed = Omit<OperationTable, 'subscribe'> & { subscribe: Request }
    // @ts-expect-error: the SDK's subscribe takes a string plan_key, the changed row a number
    const subscribe: SdkCall<'payment.subscribe', Changed> = platform.payment.subscribe
    expectTypeOf(subscribe).toBeFunction()
  })
})
