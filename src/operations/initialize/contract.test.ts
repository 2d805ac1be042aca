import { describe, expect, it } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { PROTOCOL_VERSION } from '../../events/wire.js'
import { initialize } from './contract.js'

describe('the initialize contract', () => {
  it('its example speaks the protocol the SDK sends', () => {
    expect(initialize.example.protocol).toBe(PROTOCOL_VERSION)
  })

  refuses(initialize, [
    ['null', 'initialize', null],
    ['an empty key', 'app_key', { app_key: '', protocol: 1 }],
    ['an extra origin field', 'origin', { app_key: 'demo', protocol: 1, origin: '*' }],
  ])
})
