import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { payForDoctorService } from './contract.js'

describe('the payForDoctorService contract', () => {
  it('its example passes its validator as it is', () => {
    expect(payForDoctorService.validate(payForDoctorService.example)).toEqual(
      payForDoctorService.example,
    )
  })

  it.each<[string, string, unknown]>([
    ['a fraction of a Rial', 'amount', { amount: 1.5 }],
    ['no amount', 'amount', { amount: 0 }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      payForDoctorService.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
