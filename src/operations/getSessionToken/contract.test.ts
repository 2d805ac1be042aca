import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { getSessionToken } from './contract.js'

describe('the getSessionToken contract', () => {
  it('its example passes its validator as it is', () => {
    expect(getSessionToken.validate(getSessionToken.example)).toEqual(getSessionToken.example)
  })

  it.each<[string, string, unknown]>([
    ['no scope', 'scope', { scope: [] }],
    ['a malformed scope name', 'scope[0]', { scope: ['Provider Profile'] }],
    ['a negative timeout', 'timeout', { scope: ['provider.profile.read'], timeout: -1 }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      getSessionToken.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
