// scripts/issue-refs.mjs: what counts as a reference to the tracker, and what does not.
import { describe, expect, it } from 'vitest'
import { hitsIn, REFERENCE } from '../scripts/issue-refs.mjs'

// Built from a word so that this file cites no issue itself.
const I = 'issue'
const CAPITAL = 'Issue'

describe('a reference to the tracker', () => {
  it.each([
    `${I} 12`,
    `(${CAPITAL} 24, item 8)`,
    `before ${I} 23’s fix`,
    `${I}s 23 and 24`,
    `${I} #3`,
    `${CAPITAL}s #4`,
    `${I}#5`,
  ])('is found in %j', (text) => {
    expect(REFERENCE.test(text)).toBe(true)
  })

  it.each([
    'https://github.com/x/y/issues/12',
    'an issue with 3 widgets',
    'tissue 3',
    'issue-free',
  ])('is not %j', (text) => {
    expect(REFERENCE.test(text)).toBe(false)
  })

  it('is listed by line, in code and prose alike', () => {
    expect(hitsIn(`// fine\n// the delay (${I} 12)\nit('works (${I} 24, item 6)')\n`)).toEqual([
      { line: 2, text: `// the delay (${I} 12)` },
      { line: 3, text: `it('works (${I} 24, item 6)')` },
    ])
  })
})
