import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { getSessionToken } from './contract.js'

describe('the getSessionToken contract', () => {
  refuses(getSessionToken, [
    ['no scope', 'scope', { scope: [] }],
    ['a malformed scope name', 'scope[0]', { scope: ['Provider Profile'] }],
    ['a negative timeout', 'timeout', { scope: ['provider.profile.read'], timeout: -1 }],
  ])
})
