import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { flow } from './contract.js'

describe('the flow contract', () => {
  it('its example passes its validator as it is', () => {
    expect(flow.validate(flow.example)).toEqual(flow.example)
  })

  it.each<[string, string, unknown]>([
    ['an unknown flow key', 'flowKey', { flowKey: 'OTHER' }],
    ['options a number', 'options', { flowKey: 'BOOKING.RECEIPT', options: 1 }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      flow.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
