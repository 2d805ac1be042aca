import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { flow } from './contract.js'

describe('the flow contract', () => {
  refuses(flow, [
    ['an unknown flow key', 'flowKey', { flowKey: 'OTHER' }],
    ['options a number', 'options', { flowKey: 'BOOKING.RECEIPT', options: 1 }],
  ])
})
