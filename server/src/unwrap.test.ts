import { describe, expect, it } from 'vitest'
import { createPlatformClient, ErrorCode, PlatformApiError, unwrap } from './index.js'

const client = (answer: Response) =>
  createPlatformClient({ baseUrl: 'https://p.example', fetch: async () => answer })

describe('unwrap', () => {
  it("answers a successful call's data", async () => {
    const types = [{ id: 79, name: 'Tamin' }]
    const data = await unwrap(client(Response.json(types)).GET('/v1/rx/service-types'))
    expect(data).toEqual(types)
  })

  it.each([
    [
      'an error result',
      {
        error: { error: 'INSUFFICIENT_SCOPE', message: 'no' },
        response: new Response(null, { status: 403 }),
      },
      403,
      'INSUFFICIENT_SCOPE',
    ],
    [
      'an error without a platform body',
      { error: 'x', response: new Response(null, { status: 502 }) },
      502,
      'HTTP_ERROR',
    ],
    ['a 204 without data', { response: new Response(null, { status: 204 }) }, 204, 'EMPTY_ANSWER'],
    [
      'a JSON null',
      { data: null, response: new Response('null', { status: 200 }) },
      200,
      'EMPTY_ANSWER',
    ],
  ])('throws PlatformApiError on %s', async (_, result, status, error) => {
    const thrown = await unwrap(Promise.resolve(result)).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(PlatformApiError)
    expect(thrown).toMatchObject({ code: ErrorCode.API_ERROR, status, body: { error } })
  })

  it('lets the client’s own PlatformApiError through', async () => {
    const answer = Response.json(
      { error: 'INVALID_ACCESS_TOKEN', message: 'expired' },
      { status: 401 },
    )
    const thrown = await unwrap(client(answer).GET('/v1/rx/service-types')).catch((e) => e)
    expect(thrown).toMatchObject({ status: 401, body: { error: 'INVALID_ACCESS_TOKEN' } })
  })
})
