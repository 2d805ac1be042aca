import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { pay } from './contract.js'

describe('the pay contract', () => {
  it('its example passes its validator as it is', () => {
    expect(pay.validate(pay.example)).toEqual(pay.example)
  })

  it.each<[string, string, unknown]>([
    ['neither key', 'product_key', {}],
    ['both keys', 'receipt_id', { product_key: 'pro', receipt_id: 'r1' }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      pay.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
