// unwrap answers a call's data without `undefined`; the plain call style keeps its types.
import { describe, expectTypeOf, it } from 'vitest'
import { type components, createPlatformClient, unwrap } from './index.js'

const client = createPlatformClient({ baseUrl: 'http://127.0.0.1:4402', accessToken: 'token' })
type Profile = components['schemas']['ProfileInformation']

describe('unwrap types', () => {
  it('answers the success body, not possibly undefined', async () => {
    const profile = await unwrap(client.GET('/open-platform/v1/profile/information'))
    expectTypeOf(profile).toEqualTypeOf<Profile>()
    expectTypeOf(profile.centers).toEqualTypeOf<
      { id: string; name: string; city: string; address: string }[]
    >()
    const sent = await unwrap(
      client.POST('/v1/sms/messages', { body: { to: '09121234567', text: 'x' } }),
    )
    expectTypeOf(sent).not.toEqualTypeOf<undefined>()
    expectTypeOf(sent).not.toBeNullable()
  })

  it('leaves `const { data } = await client.GET(…)` as it was: possibly undefined', async () => {
    const { data } = await client.GET('/open-platform/v1/profile/information')
    expectTypeOf(data).toEqualTypeOf<Profile | undefined>()
    // @ts-expect-error: data may be undefined without unwrap
    void data.centers
  })

  it('takes only a client call', async () => {
    // @ts-expect-error: not a call's result
    await unwrap(Promise.resolve({ data: 1 }))
  })
})
