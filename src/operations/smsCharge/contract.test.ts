import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { smsCharge } from './contract.js'

describe('the smsCharge contract', () => {
  it('its example passes its validator as it is', () => {
    expect(smsCharge.validate(smsCharge.example)).toEqual(smsCharge.example)
  })

  it.each<[string, string, unknown]>([
    ['a price field', 'price', { price: 0 }],
    ['an array', 'charge', []],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      smsCharge.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
