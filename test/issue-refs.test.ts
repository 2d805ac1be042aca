// scripts/issue-refs.mjs: what counts as a reference to the tracker, and what does not.
import { describe, expect, it } from 'vitest'
import { hitsIn, REFERENCE } from '../scripts/issue-refs.mjs'

describe('a reference to the tracker', () => {
  it.each([
    'issue 12',
    '(Issue 24, item 8)',
    'before issue 23’s fix',
    'issues 23 and 24',
    'issue #3',
    'Issues #4',
    'issue#5',
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
    expect(hitsIn("// fine\n// the delay (issue 12)\nit('works (issue 24, item 6)')\n")).toEqual([
      { line: 2, text: '// the delay (issue 12)' },
      { line: 3, text: "it('works (issue 24, item 6)')" },
    ])
  })
})
