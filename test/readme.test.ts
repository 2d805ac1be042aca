import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ErrorCode, PlatformEvent, TIMEOUTS } from '../src/events/index.js'

// Table cells are padded by the formatter: compare with runs of spaces folded to one.
const read = (file: string) => readFileSync(file, 'utf8').replace(/ {2,}/g, ' ')
const readme = read('README.md')
// The widget developer's guide holds the results table and the timeouts.
const widgetGuide = read('docs/widget.md')
const section = (title: string, text = readme, file = 'README.md') => {
  const start = text.indexOf(`## ${title}`)
  expect(start, `${file} has a "${title}" section`).toBeGreaterThan(-1)
  const end = text.indexOf('\n## ', start + 1)
  return text.slice(start, end === -1 ? undefined : end)
}
const guideSection = (title: string) => section(title, widgetGuide, 'docs/widget.md')

describe('the README stays true', () => {
  it('states the same size budget as scripts/size.mjs', () => {
    const budget = readFileSync('scripts/size.mjs', 'utf8').match(/BUDGET_GZIP = (\d+)/)?.[1]
    expect(budget).toBeDefined()
    expect(readme).toContain(`budget of ${budget} bytes gzip`)
  })

  it('lists every error code, and no other, in the Errors table', () => {
    const listed = [...section('Errors').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1])
    expect(listed.sort()).toEqual(Object.values(ErrorCode).sort())
  })

  it('lists every PLATFORM_* event in the Results table of docs/widget.md', () => {
    const listed = [...guideSection('Take a payment').matchAll(/`(PLATFORM_[A-Z_]+)`/g)].map(
      (m) => m[1],
    )
    expect(new Set(listed)).toEqual(new Set(Object.values(PlatformEvent)))
  })

  it('gives the timeouts the code uses, in docs/widget.md', () => {
    const table = guideSection('Timeouts')
    expect(table).toContain(`| handshake | ${TIMEOUTS.handshake / 1000} s |`)
    expect(table).toContain(`| ${TIMEOUTS.call / 1000} s |`)
    expect(table).toContain(`| ${TIMEOUTS.dialog / 60_000} min |`)
    expect(table).toContain(`| ${TIMEOUTS.dialogCall / 60_000} min `)
  })
})
