// What the control client's types accept and refuse: its methods' bodies and answers come from
// the control API's OpenAPI document (control-api.ts), as the platform client's do.
import { describe, expectTypeOf, it } from 'vitest'
import {
  type CompletedPayment,
  createEmulatorControl,
  type EmulatorSandbox,
  type MintedSessionToken,
  type Scenario,
} from './index.js'

const control = createEmulatorControl({ baseUrl: 'http://127.0.0.1:4402' })

describe('createEmulatorControl types', () => {
  it('answers typed bodies, never undefined', async () => {
    expectTypeOf(control.createSandbox()).resolves.toEqualTypeOf<EmulatorSandbox>()
    const sandbox = await control.createSandbox({ apps: [{ app_key: 'my-widget' }] })
    expectTypeOf(sandbox.url).toEqualTypeOf<string>()
    expectTypeOf(sandbox.apps[0]!.developer_key).toEqualTypeOf<string>()
    expectTypeOf(sandbox.delete).returns.resolves.toEqualTypeOf<void>()
    expectTypeOf(
      control.mintSessionToken({ app_key: 'a' }),
    ).resolves.toEqualTypeOf<MintedSessionToken>()
    const token = await control.mintSessionToken({ app_key: 'a' })
    expectTypeOf(token.session_token).toEqualTypeOf<string>()
    const paid = await control.completePayment({ app_key: 'a', kind: 'pay', product_key: 'pro' })
    expectTypeOf(paid).toEqualTypeOf<CompletedPayment>()
    expectTypeOf(paid.kind).toEqualTypeOf<'product' | 'subscription' | 'receipt'>()
    expectTypeOf(control.clearScenario()).resolves.toEqualTypeOf<Scenario>()
    expectTypeOf(control.reset()).resolves.toEqualTypeOf<void>()
  })

  it('refuses a body of the wrong shape', () => {
    // @ts-expect-error: app_key is required
    void control.mintSessionToken({ user_id: 'dr-1' })
    // @ts-expect-error: kind is pay or subscribe
    void control.completePayment({ app_key: 'a', kind: 'refund' })
    // @ts-expect-error: credit is a number
    void control.setSms({ app_key: 'a', credit: '5' })
    // @ts-expect-error: fail needs a status
    void control.setScenario({ fail: { times: 2 } })
    // @ts-expect-error: delay_ms is a number
    void control.setScenario({ delay_ms: '100' })
  })

  it('types the raw client by the control document', () => {
    // @ts-expect-error: no such operation
    void control.client.POST('/control/v1/resets')
    // @ts-expect-error: the platform's paths are not the control API's
    void control.client.GET('/v1/sms/balance')
    void control.client.DELETE('/control/v1/sandboxes/{id}', { params: { path: { id: 'sbx_1' } } })
  })
})
