import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { openLink } from './contract.js'

describe('the openLink contract', () => {
  it('its example passes its validator as it is', () => {
    expect(openLink.validate(openLink.example)).toEqual(openLink.example)
  })

  it.each<[string, string, unknown]>([
    ['a javascript: URL', 'url', { url: 'javascript:alert(1)' }],
    ['a bare string', 'openLink', 'https://example.com/'],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      openLink.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
