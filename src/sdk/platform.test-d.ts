import { describe, expectTypeOf, it } from 'vitest'
import type { ResultOf } from '../events/index.js'
import {
  createPlatform,
  type DoctorServiceResult,
  type InitializeInfo,
  type OpenLinkResult,
  type PayRequest,
  type PayResult,
  type Platform,
  type ProfileResult,
  type Scope,
  type ScopeName,
  type SessionTokenRequest,
  type SmsChargeResult,
  type SubscribeResult,
  type TopLevelInfo,
} from './index.js'

declare const platform: Platform

describe('window.platform types', () => {
  it('createPlatform returns a Platform and needs trusted origins', () => {
    expectTypeOf(
      createPlatform({ trustedOrigins: ['https://panel.example'] }),
    ).toEqualTypeOf<Platform>()
    // @ts-expect-error trustedOrigins is required
    createPlatform({})
  })

  it('initialize takes an app key: { app_key }, { clientKey } or the key', () => {
    type Info = Promise<InitializeInfo | TopLevelInfo>
    expectTypeOf(platform.initialize({ app_key: 'demo' })).toEqualTypeOf<Info>()
    expectTypeOf(platform.initialize({ clientKey: 'demo' })).toEqualTypeOf<Info>()
    expectTypeOf(platform.initialize('demo')).toEqualTypeOf<Info>()
    // @ts-expect-error a key is required
    platform.initialize({})
    // @ts-expect-error app_key is a string
    platform.initialize({ app_key: 7 })
    // @ts-expect-error clientKey is a string
    platform.initialize({ clientKey: 7 })
    // @ts-expect-error not a number
    platform.initialize(7)
  })

  it('getSessionToken takes any scope name, and autocompletes the known ones', () => {
    expectTypeOf(platform.getSessionToken({ scope: ['provider.profile.read'] })).toEqualTypeOf<
      Promise<string>
    >()
    expectTypeOf<'provider.sms.write'>().toExtend<Scope>()
    // Scope stays the known names (SCOPES); ScopeName is any name, the known ones first.
    expectTypeOf<'provider.future_thing.v2'>().not.toExtend<Scope>()
    expectTypeOf<'provider.future_thing.v2'>().toExtend<ScopeName>()
    expectTypeOf<Scope>().toExtend<ScopeName>()
    // Not widened to plain `string`, which would lose the editor's completion of known names.
    expectTypeOf<ScopeName>().not.toEqualTypeOf<string>()
    expectTypeOf<number>().not.toExtend<ScopeName>()
    platform.getSessionToken({ scope: ['provider.appointment.webhook'] })
    // The original SDK's forms: one space-separated string, `timeout` and `appId`.
    platform.getSessionToken({ scope: 'provider.profile.read provider.appointment.webhook' })
    platform.getSessionToken({ scope: ['provider.profile.read'], timeout: 30_000, appId: 12 })
    platform.getSessionToken({ scope: 'provider.profile.read', appId: 'app-1' })
    // @ts-expect-error scope entries are strings
    platform.getSessionToken({ scope: [7] })
    // @ts-expect-error timeout is in ms, a number
    platform.getSessionToken({ scope: ['provider.profile.read'], timeout: '30s' })
    // @ts-expect-error scope is required
    platform.getSessionToken({})
    // @ts-expect-error not a bare scope string: the request is an object
    platform.getSessionToken('provider.profile.read')
  })

  it('pay takes exactly one of product_key and receipt_id', () => {
    expectTypeOf(platform.payment.pay({ product_key: 'pro' })).toEqualTypeOf<Promise<PayResult>>()
    expectTypeOf(platform.payment.pay({ receipt_id: 'r1' }, { order: 7 })).toEqualTypeOf<
      Promise<PayResult>
    >()
    platform.payment.pay({ product_key: 'pro', payload: new Map() })
    // @ts-expect-error neither key
    platform.payment.pay({})
    // @ts-expect-error both keys
    platform.payment.pay({ product_key: 'pro', receipt_id: 'r1' })
    // @ts-expect-error no argument
    platform.payment.pay()
    // @ts-expect-error keys are strings
    platform.payment.pay({ product_key: 7 })
    // @ts-expect-error unknown field
    platform.payment.pay({ product_key: 'pro', amount: 100 })
  })

  it('narrows a pay result by its event', async () => {
    const result = await platform.payment.pay({ product_key: 'pro' })
    expectTypeOf(result.event).toEqualTypeOf<
      'PLATFORM_PAYMENT_SUCCESS' | 'PLATFORM_PAYMENT_CANCEL' | 'PLATFORM_PAYMENT_ERROR'
    >()
    // @ts-expect-error receipt_id is optional until the event is known
    result.receipt_id.length
    if (result.event === 'PLATFORM_PAYMENT_SUCCESS') {
      expectTypeOf(result.receipt_id).toEqualTypeOf<string>()
    } else if (result.event === 'PLATFORM_PAYMENT_ERROR') {
      expectTypeOf(result.message).toEqualTypeOf<string>()
    } else {
      expectTypeOf(result.event).toEqualTypeOf<'PLATFORM_PAYMENT_CANCEL'>()
      // @ts-expect-error a cancel has no message
      result.message
    }
  })

  it('narrows subscribe and doctor-service results', async () => {
    const sub = await platform.payment.subscribe()
    expectTypeOf(sub).toEqualTypeOf<SubscribeResult>()
    if (sub.event === 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS') {
      expectTypeOf(sub.plan_key).toEqualTypeOf<string>()
      expectTypeOf(sub.receipt_id).toEqualTypeOf<string>()
    }
    const doctor = await platform.payment.payForDoctorService({ amount: 12_345 })
    expectTypeOf(doctor).toEqualTypeOf<DoctorServiceResult>()
    expectTypeOf(doctor.payable).toEqualTypeOf<number>()
    if (doctor.event === 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR') {
      expectTypeOf(doctor.message).toEqualTypeOf<string>()
    }
    // @ts-expect-error amount is required
    platform.payment.payForDoctorService({})
    // @ts-expect-error amount is a number
    platform.payment.payForDoctorService({ amount: '100' })
  })

  it('sms results', () => {
    expectTypeOf(platform.sms.charge()).toEqualTypeOf<Promise<SmsChargeResult>>()
    expectTypeOf<SmsChargeResult['count']>().toEqualTypeOf<number>()
    // @ts-expect-error charge takes no argument
    platform.sms.charge({ count: 5 })
  })

  it('flow.dispatch takes the two booking flow keys only', () => {
    platform.flow.dispatch('BOOKING.RECEIPT')
    platform.flow.dispatch('BOOKING.ONLINE_VISIT_CHANNEL', { channel: 'video' })
    expectTypeOf(platform.flow.dispatch('BOOKING.RECEIPT')).toEqualTypeOf<Promise<void>>()
    // @ts-expect-error unknown flow key
    platform.flow.dispatch('BOOKING.CANCEL')
    // @ts-expect-error flow keys are case-sensitive
    platform.flow.dispatch('booking.receipt')
  })

  it('redirect.dispatch takes a path and an optional boolean newContext', () => {
    expectTypeOf(platform.redirect.dispatch({ path: '/x' })).toEqualTypeOf<Promise<void>>()
    platform.redirect.dispatch({ path: '/x', newContext: true })
    // @ts-expect-error newContext is a boolean
    platform.redirect.dispatch({ path: '/x', newContext: 'yes' })
    // @ts-expect-error path is required
    platform.redirect.dispatch({ newContext: true })
  })

  it('on() types the callback by event name and returns an unbind function', () => {
    const off = platform.on('PLATFORM_PAYMENT_SUCCESS', (result) => {
      expectTypeOf(result).toEqualTypeOf<ResultOf<'PLATFORM_PAYMENT_SUCCESS'>>()
      expectTypeOf(result.receipt_id).toEqualTypeOf<string>()
    })
    expectTypeOf(off).toEqualTypeOf<() => void>()
    platform.on('PLATFORM_SMS_CHARGE_SUCCESS', (result) => {
      expectTypeOf(result.count).toEqualTypeOf<number>()
    })
    // @ts-expect-error unknown event name
    platform.on('PLATFORM_PAYMENT_REFUND', () => {})
    platform.on('PLATFORM_PAYMENT_CANCEL', (result) => {
      // @ts-expect-error a cancel result has no message
      result.message
    })
  })

  it('does not hand out the emitter', () => {
    expectTypeOf<Platform>().not.toHaveProperty('emit')
    expectTypeOf<Platform>().not.toHaveProperty('events')
  })

  it('openLink takes { url } and widget.* take nothing', () => {
    expectTypeOf(platform.openLink({ url: 'https://example.com/' })).toEqualTypeOf<
      Promise<OpenLinkResult>
    >()
    // @ts-expect-error url is required
    platform.openLink({})
    // @ts-expect-error a bare string is not the original's call form
    platform.openLink('https://example.com/')
    expectTypeOf(platform.widget.addToProfile()).toEqualTypeOf<Promise<ProfileResult>>()
    expectTypeOf(platform.widget.removeFromProfile()).toEqualTypeOf<Promise<ProfileResult>>()
    expectTypeOf(platform.widget.refreshProfile()).toEqualTypeOf<Promise<ProfileResult>>()
    expectTypeOf(platform.widget.refreshPorifle()).toEqualTypeOf<Promise<ProfileResult>>()
  })

  it('names each request shape once, as the contract does', () => {
    expectTypeOf<Parameters<Platform['payment']['pay']>[0]>().toEqualTypeOf<PayRequest>()
    expectTypeOf<Parameters<Platform['getSessionToken']>[0]>().toEqualTypeOf<SessionTokenRequest>()
    // @ts-expect-error: PayArgs was a second name of PayRequest
    expectTypeOf<import('./index.js').PayArgs>()
    // @ts-expect-error: SessionTokenOptions was a second name of SessionTokenRequest
    expectTypeOf<import('./index.js').SessionTokenOptions>()
    // @ts-expect-error: ErrorCodeName was a second name of ErrorCode
    expectTypeOf<import('./index.js').ErrorCodeName>()
  })
})

/** `Platform`'s calls by path (`sms.activate`), its other members left out. */
type CallPaths<T> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
    ? K
    : T[K] extends object
      ? `${K}.${keyof T[K] & string}`
      : never
}[keyof T & string]

it('Platform has exactly the calls of the operation table', () => {
  expectTypeOf<Exclude<CallPaths<Platform>, 'on' | 'destroy' | 'isPlatformError'>>().toEqualTypeOf<
    import('../operations/index.js').SdkPath
  >()
})
