import { describe, expect, it } from 'vitest'
import * as contract from '../operations/events.js'
import * as wire from './wire.js'

// ./events (src/operations/events.ts) is the contract a widget reads; how the SDK and the host
// talk is wire.ts, unpublished.
// (The API report in api/events.api.md lists the whole surface; this states the split itself.)
describe('the ./events entry', () => {
  it.each(Object.keys(wire))('does not publish the wire: %s', (name) => {
    expect(Object.keys(contract)).not.toContain(name)
  })

  it('publishes the contract: codes, events, scopes, amounts, validators', () => {
    expect(Object.keys(contract)).toEqual(
      expect.arrayContaining([
        'ErrorCode',
        'PlatformError',
        'PlatformEvent',
        'SCOPES',
        'doctorServiceAmounts',
        'validatePay',
      ]),
    )
  })
})
