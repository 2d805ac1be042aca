import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { bye } from './contract.js'

describe('the bye contract', () => {
  it('its example passes its validator as it is', () => {
    expect(bye.validate(bye.example)).toEqual(bye.example)
  })

  it.each<[string, string, unknown]>([
    ['a reason field', 'reason', { reason: 'x' }],
    ['a string', 'bye', 'x'],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      bye.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
