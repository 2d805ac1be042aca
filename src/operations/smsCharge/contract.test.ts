import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { smsCharge } from './contract.js'

describe('the smsCharge contract', () => {
  refuses(smsCharge, [
    ['a price field', 'price', { price: 0 }],
    ['an array', 'charge', []],
  ])
})
