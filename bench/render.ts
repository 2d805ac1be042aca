// `npx tsx bench/render.ts`: BENCHMARKS.md again from bench/results.json, without running the
// bench, after a change to the prose or the tables of bench/sections/. Writes what
// `npm run bench` would have written for the same figures.
import { readFileSync, writeFileSync } from 'node:fs'
import { renderMarkdown } from './lib/report.ts'
import type { Results } from './lib/results.ts'

const results = JSON.parse(readFileSync('bench/results.json', 'utf8')) as Results
writeFileSync('BENCHMARKS.md', renderMarkdown(results))
