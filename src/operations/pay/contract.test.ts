import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { pay } from './contract.js'

describe('the pay contract', () => {
  refuses(pay, [
    ['neither key', 'product_key', {}],
    ['both keys', 'receipt_id', { product_key: 'pro', receipt_id: 'r1' }],
  ])
})
