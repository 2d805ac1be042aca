import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { resize } from './contract.js'

describe('the resize contract', () => {
  refuses(resize, [
    ['a negative height', 'height', { height: -1 }],
    ['an infinite height', 'height', { height: Number.POSITIVE_INFINITY }],
  ])
})
