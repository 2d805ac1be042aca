import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { smsActivate } from './contract.js'

describe('the smsActivate contract', () => {
  refuses(smsActivate, [
    ['a count field', 'count', { count: 1 }],
    ['a string', 'activate', 'x'],
  ])
})
