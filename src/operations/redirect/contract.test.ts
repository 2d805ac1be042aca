import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../events/errors.js'
import { redirect } from './contract.js'

describe('the redirect contract', () => {
  it('its example passes its validator as it is', () => {
    expect(redirect.validate(redirect.example)).toEqual(redirect.example)
  })

  it.each<[string, string, unknown]>([
    ['a protocol-relative URL', 'path', { path: '//evil.example' }],
    ['newContext a string', 'newContext', { path: '/settings', newContext: 'yes' }],
  ])('refuses %s: INVALID_ARGUMENT naming %s', (_, field, raw) => {
    let error: unknown
    try {
      redirect.validate(raw)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
  })
})
