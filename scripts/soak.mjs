#!/usr/bin/env node
// Repeats the end-to-end suite and prints a flake count per test: `npm run test:soak`.
//
//   npm run test:soak                       5 runs of every project
//   npm run test:soak -- --runs 10 --hog    10 runs, with a CPU hog on one core beside them
//   npm run test:soak -- --runs 3 -- --project=engines:firefox e2e/engines
//
// Everything after a lone `--` goes to `playwright test`. The suite is built first by the caller
// (`npm run build`), as in `npm test`. Exits 1 when any test failed in any run.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const args = process.argv.slice(2)
const split = args.indexOf('--')
const own = split === -1 ? args : args.slice(0, split)
const passThrough = split === -1 ? [] : args.slice(split + 1)
const flag = (name) => own.includes(name)
const option = (name, fallback) => {
  const i = own.indexOf(name)
  return i === -1 ? fallback : own[i + 1]
}
if (flag('--help')) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 9)
      .join('\n'),
  )
  process.exit(0)
}
const runs = Number(option('--runs', '5'))
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number of runs, 1 or more (got ${option('--runs')})`)
  process.exit(2)
}

// A busy core, as a loaded CI machine has: the load the harness's flakes appeared under.
const hog = flag('--hog') ? spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }) : null
const stopHog = () => hog?.kill('SIGKILL')
process.on('exit', stopHog)

const dir = mkdtempSync(path.join(tmpdir(), 'soak-'))
const report = path.join(dir, 'report.json')
const started = Date.now()
const run = spawnSync(
  'npx',
  ['playwright', 'test', `--repeat-each=${runs}`, '--reporter=json', ...passThrough],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  },
)
stopHog()

let data
try {
  data = JSON.parse(readFileSync(report, 'utf8'))
} catch {
  console.error(`playwright wrote no report (exit ${run.status}); run it alone to see why`)
  process.exit(1)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/** Every spec in the report, with the file and titles of the suites around it. */
function* specs(suite, titles = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles
  for (const spec of suite.specs ?? []) yield { spec, titles: here }
  for (const child of suite.suites ?? []) yield* specs(child, here)
}

const counts = new Map()
for (const top of data.suites) {
  for (const { spec, titles } of specs(top)) {
    for (const test of spec.tests) {
      const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`
      const entry = counts.get(name) ?? { passed: 0, failed: 0, skipped: 0, errors: [] }
      for (const result of test.results) {
        if (result.status === 'passed') entry.passed++
        else if (result.status === 'skipped') entry.skipped++
        else {
          entry.failed++
          // The first line, and what an expectation received: a flake's cause is often there.
          const lines = stripVTControlCharacters(result.error?.message ?? result.status).split('\n')
          const received = lines.find((line) => /^Received\b/.test(line.trim()))?.trim()
          entry.errors.push([lines[0], received].filter(Boolean).join(' · ').slice(0, 320))
        }
      }
      counts.set(name, entry)
    }
  }
}

const flaky = [...counts].filter(([, c]) => c.failed > 0)
const total = [...counts.values()].reduce(
  (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }),
  { passed: 0, failed: 0 },
)
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
console.log(
  `\n${counts.size} tests × ${runs} runs${hog ? ', a CPU hog beside them' : ''}, ${minutes} min: ` +
    `${total.passed} passed, ${total.failed} failed`,
)
if (flaky.length === 0) {
  console.log('No test failed in any run.')
} else {
  console.log(`\n${flaky.length} test(s) failed at least once (failed/runs):`)
  for (const [name, c] of flaky.sort((a, b) => b[1].failed - a[1].failed)) {
    console.log(`  ${c.failed}/${c.passed + c.failed}  ${name}`)
    for (const error of new Set(c.errors)) console.log(`          ${error}`)
  }
}
process.exit(total.failed > 0 || run.status !== 0 ? 1 : 0)
