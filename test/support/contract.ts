// What every operation's contract test asks of its contract: its example passes its validator as
// it is, and each bad request is refused with INVALID_ARGUMENT naming the field at fault.
import { expect, it } from 'vitest'
import { PlatformError } from '../../src/events/errors.js'

interface Contract {
  validate(raw: unknown): unknown
  example: unknown
}

/** The example's test and one test per case: `[what, field, request]`. */
export function refuses(contract: Contract, cases: [string, string, unknown][]) {
  it('its example passes its validator as it is', () => {
    expect(contract.validate(contract.example)).toEqual(contract.example)
  })
  it.each(cases)('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      contract.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
}
