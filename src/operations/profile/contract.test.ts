import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { profile } from './contract.js'

describe('the profile contract', () => {
  it('its example passes its validator as it is', () => {
    expect(profile.validate(profile.example)).toEqual(profile.example)
  })

  it.each<[string, string, unknown]>([
    ['an unknown action', 'action', { action: 'delete' }],
    ['no action', 'action', {}],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      profile.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
