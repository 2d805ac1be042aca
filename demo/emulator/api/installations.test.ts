import { describe, expect, it } from 'vitest'
import { DOCTOR, fixtureSuite } from '../test-harness.js'

const { call } = fixtureSuite()

describe('installations', () => {
  const install = (method: string, json?: unknown, key = DOCTOR.developer_key) =>
    call(`/api/v1/apps/${DOCTOR.app_key}/installations`, {
      method,
      headers: { 'X-API-KEY': key },
      ...(json === undefined ? {} : { json }),
    })

  it('lists, adds and removes users', async () => {
    expect(await (await install('GET')).json()).toEqual({ user_ids: ['dr-1'] })
    expect(await (await install('POST', { user_ids: ['dr-2'] })).json()).toEqual({
      user_ids: ['dr-1', 'dr-2'],
    })
    expect(await (await install('DELETE', { user_ids: ['dr-1'] })).json()).toEqual({
      user_ids: ['dr-2'],
    })
    expect(await (await install('GET')).json()).toEqual({ user_ids: ['dr-2'] })
  })

  it('needs the developer key and a user_ids array', async () => {
    expect((await install('GET', undefined, 'dk_wrong')).status).toBe(401)
    expect((await install('POST', { user_ids: [] })).status).toBe(400)
    expect((await install('POST', { user_ids: 'dr-2' })).status).toBe(400)
  })
})
