import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { renderMarkdown } from '../bench/lib/report.ts'
import type { Results } from '../bench/lib/results.ts'

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')

// The bench writes both files from one run, so the committed BENCHMARKS.md is the snapshot of
// the renderer (bench/sections/) for the committed figures. After changing the prose or a table
// on purpose, `npx tsx bench/render.ts` writes it again without running the bench.
it('BENCHMARKS.md is what bench/results.json renders to', () => {
  const results = JSON.parse(read('bench/results.json')) as Results
  expect(renderMarkdown(results)).toBe(read('BENCHMARKS.md'))
})
