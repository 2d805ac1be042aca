import { describe, expectTypeOf, it } from 'vitest'
import type { handlers } from './handlers.js'
import type { Handled, HostOptions } from './types.js'

/** The fields of `HostOptions` a handler's type lets it read. */
type Reads<F> = F extends (request: never, call: infer C) => unknown
  ? C extends { options: infer O }
    ? keyof O
    : never
  : never

/** Each generated handler, with its own type. */
type Handlers = typeof handlers

/** The handlers whose type lets them read every option: none should. */
type ReadsAll = {
  [K in keyof Handlers]: keyof HostOptions extends Reads<Handlers[K]> ? K : never
}[keyof Handlers]

describe("a handler's type says which options it reads", () => {
  it('covers every operation the session does not answer itself', () => {
    expectTypeOf<keyof Handlers>().toEqualTypeOf<Handled>()
  })

  it('each one names the fields it reads, never all of them', () => {
    expectTypeOf<ReadsAll>().toEqualTypeOf<never>()
  })

  it("names exactly the fields today's handlers read", () => {
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
