import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { subscribe } from './contract.js'

describe('the subscribe contract', () => {
  refuses(subscribe, [
    ['an empty plan key', 'plan_key', { plan_key: '' }],
    ['a price field', 'price', { price: 0 }],
  ])
})
