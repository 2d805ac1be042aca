import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ErrorCode, PlatformEvent, TIMEOUTS } from '../src/events/index.js'

// Table cells are padded by the formatter: compare with runs of spaces folded to one.
const readme = readFileSync('README.md', 'utf8').replace(/ {2,}/g, ' ')
const section = (title: string) => {
  const start = readme.indexOf(`## ${title}`)
  expect(start, `README has a "${title}" section`).toBeGreaterThan(-1)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end === -1 ? undefined : end)
}

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

  it('lists every PLATFORM_* event in the Results table', () => {
    const listed = [...section('Take a payment').matchAll(/`(PLATFORM_[A-Z_]+)`/g)].map((m) => m[1])
    expect(new Set(listed)).toEqual(new Set(Object.values(PlatformEvent)))
  })

  it('gives the timeouts the code uses', () => {
    const table = section('Timeouts')
    expect(table).toContain(`| handshake | ${TIMEOUTS.handshake / 1000} s |`)
    expect(table).toContain(`| ${TIMEOUTS.call / 1000} s |`)
    expect(table).toContain(`| ${TIMEOUTS.dialog / 60_000} min |`)
    expect(table).toContain(`| ${TIMEOUTS.dialogCall / 60_000} min `)
  })
})
