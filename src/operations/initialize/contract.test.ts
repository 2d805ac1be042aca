import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { PROTOCOL_VERSION } from '../../events/wire.js'
import { initialize } from './contract.js'

describe('the initialize contract', () => {
  it('its example passes its validator as it is', () => {
    expect(initialize.validate(initialize.example)).toEqual(initialize.example)
  })

  it('its example speaks the protocol the SDK sends', () => {
    expect(initialize.example.protocol).toBe(PROTOCOL_VERSION)
  })

  it.each<[string, string, unknown]>([
    ['null', 'initialize', null],
    ['an empty key', 'app_key', { app_key: '', protocol: 1 }],
    ['an extra origin field', 'origin', { app_key: 'demo', protocol: 1, origin: '*' }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      initialize.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
