import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { subscribe } from './contract.js'

describe('the subscribe contract', () => {
  it('its example passes its validator as it is', () => {
    expect(subscribe.validate(subscribe.example)).toEqual(subscribe.example)
  })

  it.each<[string, string, unknown]>([
    ['an empty plan key', 'plan_key', { plan_key: '' }],
    ['a price field', 'price', { price: 0 }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      subscribe.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
