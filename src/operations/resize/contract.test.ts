import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { resize } from './contract.js'

describe('the resize contract', () => {
  it('its example passes its validator as it is', () => {
    expect(resize.validate(resize.example)).toEqual(resize.example)
  })

  it.each<[string, string, unknown]>([
    ['a negative height', 'height', { height: -1 }],
    ['an infinite height', 'height', { height: Number.POSITIVE_INFINITY }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      resize.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
