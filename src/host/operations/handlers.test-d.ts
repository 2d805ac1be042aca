import { describe, expectTypeOf, it } from 'vitest'
import type { getSessionToken } from './consent.js'
import type { HANDLERS } from './handlers.js'
import type { openLink } from './links.js'
import type { flow, redirect } from './navigation.js'
import type { pay, payForDoctorService, subscribe } from './payments.js'
import type { profile } from './profile.js'
import type { smsActivate, smsCharge } from './sms.js'

/** The fields of `HostOptions` a handler's type lets it read. */
type Reads<F> = F extends (request: never, call: infer C) => unknown
  ? C extends { options: infer O }
    ? keyof O
    : never
  : never

type Handlers = {
  getSessionToken: typeof getSessionToken
  openLink: typeof openLink
  redirect: typeof redirect
  flow: typeof flow
  pay: typeof pay
  subscribe: typeof subscribe
  payForDoctorService: typeof payForDoctorService
  smsActivate: typeof smsActivate
  smsCharge: typeof smsCharge
  profile: typeof profile
}

describe("a handler's type says which options it reads", () => {
  it('covers every handler of the table', () => {
    expectTypeOf<keyof Handlers>().toEqualTypeOf<keyof typeof HANDLERS>()
  })

  it('names exactly the fields each one reads', () => {
    expectTypeOf<Reads<Handlers['getSessionToken']>>().toEqualTypeOf<
      'backend' | 'context' | 'profile'
    >()
    expectTypeOf<Reads<Handlers['openLink']>>().toEqualTypeOf<'openTab'>()
    // The context is the call pipeline's to check, from the row: no handler reads it.
    expectTypeOf<Reads<Handlers['redirect']>>().toEqualTypeOf<
      'panelPages' | 'openWindow' | 'navigate'
    >()
    expectTypeOf<Reads<Handlers['flow']>>().toEqualTypeOf<'onFlow'>()
    expectTypeOf<Reads<Handlers['pay']>>().toEqualTypeOf<'backend'>()
    expectTypeOf<Reads<Handlers['subscribe']>>().toEqualTypeOf<'backend'>()
    expectTypeOf<Reads<Handlers['payForDoctorService']>>().toEqualTypeOf<'backend'>()
    expectTypeOf<Reads<Handlers['smsActivate']>>().toEqualTypeOf<'backend'>()
    expectTypeOf<Reads<Handlers['smsCharge']>>().toEqualTypeOf<
      'backend' | 'smsPackages' | 'smsPrice' | 'smsCustomRange'
    >()
    expectTypeOf<Reads<Handlers['profile']>>().toEqualTypeOf<'backend'>()
  })

  it('lets a handler read no field its type does not name', () => {
    const readsHook = (call: Parameters<Handlers['pay']>[1]) =>
      // @ts-expect-error pay reads the backend only: the panel's navigate hook is not its to call
      call.options.navigate
    expectTypeOf(readsHook).toBeFunction()
  })
})
