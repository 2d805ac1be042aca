import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { redirect } from './contract.js'

describe('the redirect contract', () => {
  refuses(redirect, [
    ['a protocol-relative URL', 'path', { path: '//evil.example' }],
    ['newContext a string', 'newContext', { path: '/settings', newContext: 'yes' }],
  ])
})
