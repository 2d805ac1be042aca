import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { smsActivate } from './contract.js'

describe('the smsActivate contract', () => {
  it('its example passes its validator as it is', () => {
    expect(smsActivate.validate(smsActivate.example)).toEqual(smsActivate.example)
  })

  it.each<[string, string, unknown]>([
    ['a count field', 'count', { count: 1 }],
    ['a string', 'activate', 'x'],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      smsActivate.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
