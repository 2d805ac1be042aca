import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { bye } from './contract.js'

describe('the bye contract', () => {
  refuses(bye, [
    ['a reason field', 'reason', { reason: 'x' }],
    ['a string', 'bye', 'x'],
  ])
})
