// scripts/sizes.mjs: a function's length counts the functions nested in it, and the list of the
// long ones not yet split only shrinks.
import { describe, expect, it } from 'vitest'
import { functionsIn, longFailures, MAX_FUNCTION_LINES } from '../scripts/sizes.mjs'

/** `n` lines of statements. */
const statements = (n: number) =>
  Array.from({ length: n }, (_, i) => `  const v${i} = ${i}`).join('\n')

/** A factory of two inner functions, each half of it, with `n` lines of its own beside them. */
const factory = (own: number) => `export function make() {
${statements(own)}
  function first() {
${statements(40)}
  }
  const second = () => {
${statements(40)}
  }
  return { first, second }
}
`

describe('the length of a function', () => {
  it('counts the functions nested in it', () => {
    const { functions } = functionsIn('src/a.ts', factory(2))
    const byName = Object.fromEntries(functions.map((f) => [f.name, f.length]))
    // The body's braces, 2 own lines, 2 × (40 + 2), the return.
    expect(byName).toEqual({ make: 2 + 2 + 84 + 1, first: 42, second: 42 })
    expect(byName.make).toBeGreaterThan(MAX_FUNCTION_LINES)
  })

  it('is explained by a `// Long:` line above it', () => {
    const text = `// Long: a table\n${factory(2)}`
    const { functions, used } = functionsIn('src/a.ts', text)
    expect(functions.find((f) => f.name === 'make')?.explained).toBe(true)
    expect(used).toEqual([1])
  })
})

describe('the list of the long functions not yet split', () => {
  const long = functionsIn('src/a.ts', factory(2)).functions

  it('holds a long function', () => {
    expect(longFailures(long, ['src/a.ts:make'])).toEqual([])
  })

  it('names a long function not on it', () => {
    expect(longFailures(long, [])).toEqual(['too long (89 lines): src/a.ts:1 make'])
  })

  it('names an entry no longer long, or gone', () => {
    const short = functionsIn('src/a.ts', 'export function make() {\n  return 1\n}\n').functions
    expect(longFailures(short, ['src/a.ts:make', 'src/b.ts:gone'])).toEqual([
      'no longer long, delete from KNOWN_LONG: src/a.ts:make',
      'no longer long, delete from KNOWN_LONG: src/b.ts:gone',
    ])
  })
})
