import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { profile } from './contract.js'

describe('the profile contract', () => {
  refuses(profile, [
    ['an unknown action', 'action', { action: 'delete' }],
    ['no action', 'action', {}],
  ])
})
