import { describe } from 'vitest'
import { refuses } from '../../../test/support/contract.js'
import { openLink } from './contract.js'

describe('the openLink contract', () => {
  refuses(openLink, [
    ['a javascript: URL', 'url', { url: 'javascript:alert(1)' }],
    ['a bare string', 'openLink', 'https://example.com/'],
  ])
})
