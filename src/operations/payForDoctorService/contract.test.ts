import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { payForDoctorService } from './contract.js'

describe('the payForDoctorService contract', () => {
  refuses(payForDoctorService, [
    ['a fraction of a Rial', 'amount', { amount: 1.5 }],
    ['no amount', 'amount', { amount: 0 }],
  ])
})
