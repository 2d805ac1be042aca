// What the platform client's types refuse to compile: a path the platform does not have, a body
// of the wrong shape, a required query parameter left out, a value of the wrong type.
import { describe, expectTypeOf, it } from 'vitest'
import { createPlatformClient, type PlatformApiError } from './index.js'

const client = createPlatformClient({ emulator: 'http://127.0.0.1:4402', accessToken: 'token' })

describe('createPlatformClient types', () => {
  it('types answers from the OpenAPI description', async () => {
    const { data } = await client.GET('/open-platform/v1/profile/information')
    expectTypeOf(data!.centers).toEqualTypeOf<
      { id: string; name: string; city: string; address: string }[]
    >()
    expectTypeOf<PlatformApiError['status']>().toEqualTypeOf<number>()
  })

  it('refuses a wrong path', () => {
    // @ts-expect-error: no such operation
    void client.GET('/open-platform/v1/profile/informations')
    // @ts-expect-error: GET is not an operation of this path
    void client.GET('/v1/sms/messages', { body: { to: '09121234567', text: 'x' } })
  })

  it('refuses a wrong body', () => {
    // @ts-expect-error: `message` is not a field of the SMS body, `text` is missing
    void client.POST('/v1/sms/messages', { body: { to: '09121234567', message: 'x' } })
    void client.POST('/api/v1/apps/{app_key}/installations', {
      params: { path: { app_key: 'a' } },
      // @ts-expect-error: user_ids is an array of strings
      body: { user_ids: 'dr-1' },
    })
  })

  it('refuses a missing required query parameter, and a value of the wrong type', () => {
    // @ts-expect-error: _q is required
    void client.GET('/v1/rx/services/search', { params: { query: { _limit: 10 } } })
    void client.GET('/open-platform/v1/booking/appointments', {
      // @ts-expect-error: date is required
      params: { query: { center_id: 'c-101' } },
    })
    void client.GET('/open-platform/v1/booking/slots', {
      // @ts-expect-error: from is required (spec 4.1), as is to
      params: { query: { center_id: 'c-101', user_center_id: 'uc-101-1', to: 1_700_086_400 } },
    })
    void client.GET('/open-platform/v1/booking/slots', {
      // @ts-expect-error: to is required
      params: { query: { center_id: 'c-101', user_center_id: 'uc-101-1', from: 1_700_000_000 } },
    })
    void client.GET('/open-platform/v1/booking/slots', {
      params: {
        query: { center_id: 'c-101', user_center_id: 'uc-101-1', from: 1_700_000_000, to: 1 },
      },
    })
    // @ts-expect-error: _limit is a number
    void client.GET('/v1/rx/services/search', { params: { query: { _q: 'a', _limit: '10' } } })
    // @ts-expect-error: provider is tamin or salamat
    void client.GET('/v1/rx/services/search', { params: { query: { _q: 'a', provider: 'other' } } })
  })
})
