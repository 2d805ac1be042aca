// `npm run bench` (after the build): size, handshake, call latency against the raw floors,
// scale, endurance and peers, in one headless Chromium run. Writes BENCHMARKS.md and
// bench/results.json, and prints the Markdown. See BENCHMARKS.md for the method.
// `-- --against <ref>`: first builds `ref` in a temporary worktree and measures it (A) and this
// tree (B) in the same page loads (bench/measure/ab.ts). `--slow-b <µs>`: B is HEAD with that
// busy loop in every SDK call instead (the check that the A/B run catches a slow-down).

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/browser.ts'
import { origins, serve } from '../scripts/serve.mjs'
import { CONFIG, log, root, TARGETS } from './config.ts'
import { type AbBuild, buildAt, copyThisTree } from './lib/against.ts'
import { machine } from './lib/machine.ts'
import { freeBase } from './lib/ports.ts'
import { renderAb, renderFloods, renderMarkdown } from './lib/report.ts'
import type { Results } from './lib/results.ts'
import { measureAb } from './measure/ab.ts'
import { benchPanel } from './measure/bench-panel.ts'
import { measureCalls, profileCalls } from './measure/calls.ts'
import { measureEndurance } from './measure/endurance.ts'
import { measureFirstDialog, panelBundle, renderFirstDialog } from './measure/first-dialog.ts'
import { firstLoads } from './measure/first-load.ts'
import { floods } from './measure/floods.ts'
import { attachedHandshakes, handshakes } from './measure/handshake.ts'
import { measurePeers } from './measure/peers.ts'
import { measureScale } from './measure/scale.ts'
import { measureSize } from './measure/size.ts'

// Each section is measured in a module of bench/measure/ and rendered by one of bench/sections/.
process.chdir(root)

/** The value after `--name` on the command line, if given. */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  if (i >= 0 && process.argv[i + 1] === undefined) throw new Error(`--${name}: give a value`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/**
 * `--only floods` (or `BENCH_ONLY=floods`), `--only ab` or `--only first-dialog` (with
 * `--against`): run that section alone and print it, writing nothing. `--save <file>`: the A/B
 * results as JSON there too.
 */
const ONLY = (() => {
  const only = arg('only') ?? process.env.BENCH_ONLY
  if (only !== undefined && !['floods', 'ab', 'first-dialog'].includes(only))
    throw new Error(`--only ${only}: only "floods", "ab" and "first-dialog" can run alone`)
  return only
})()
const AGAINST = arg('against')
const SLOW_B = arg('slow-b') === undefined ? undefined : Number(arg('slow-b'))
if (SLOW_B !== undefined && !(SLOW_B > 0)) throw new Error('--slow-b: give µs, above 0')
if ((ONLY === 'ab' || ONLY === 'first-dialog' || SLOW_B) && !AGAINST)
  throw new Error('--only ab, --only first-dialog and --slow-b need --against')

/** Builds A (at `--against`) and B (this tree, or HEAD slowed down) into bench/ab/. */
function prepareAb(): { a: AbBuild; b: AbBuild } | undefined {
  if (!AGAINST) return undefined
  return {
    a: buildAt(AGAINST, path.join(root, 'bench/ab/a')),
    b: SLOW_B
      ? buildAt('HEAD', path.join(root, 'bench/ab/b'), SLOW_B)
      : copyThisTree(path.join(root, 'bench/ab/b')),
  }
}

// The A/B part adds a few minutes (bench/measure/ab.ts).
const deadlineMs = CONFIG.deadlineMs + (AGAINST ? 5 * 60_000 : 0)
const deadline = setTimeout(() => {
  log(`still running after ${deadlineMs / 60_000} min: giving up`)
  process.exit(2)
}, deadlineMs)
deadline.unref()

/** `text` as the repository's formatter (`biome check .`) would write the file `file`. */
function formatted(file: string, text: string): string {
  try {
    return execFileSync(
      path.join(root, 'node_modules/.bin/biome'),
      ['format', `--stdin-file-path=${file}`],
      { input: text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] },
    )
  } catch (error) {
    log(`biome could not format ${file}, writing it as generated: ${error}`)
    return text
  }
}

/** `--only floods`: the server, one Chromium, the floods; prints section 7 and writes no file. */
async function floodsOnly() {
  const server = await serve(origins(await freeBase(CONFIG.basePort)))
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    const f = await floods(browser, server.origins.panel.origin)
    process.stdout.write(
      `${renderFloods(f)}\n\n\`\`\`json\n${JSON.stringify(f, null, 2)}\n\`\`\`\n`,
    )
    log(`done in ${f.durationS} s; nothing written (--only floods)`)
  } finally {
    await browser.close()
    await server.close()
  }
}

/** `--only ab`: the two builds, the server, one Chromium, the A/B part; prints it. */
async function abOnly() {
  const builds = prepareAb() as { a: AbBuild; b: AbBuild }
  const server = await serve(origins(await freeBase(CONFIG.basePort)))
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => log(`page error: ${error.message}`))
    const ab = await measureAb(page, server.origins.panel.origin, builds)
    const save = arg('save')
    if (save) writeFileSync(save, formatted(save, `${JSON.stringify(ab, null, 2)}\n`))
    process.stdout.write(`${renderAb(ab)}\n`)
    log(`done in ${ab.durationS} s${save ? `: wrote ${save}` : '; nothing written'}`)
  } finally {
    await browser.close()
    await server.close()
  }
}

/** `--only first-dialog`: the two builds, the server, one Chromium, the first dialog A/B. */
async function firstDialogOnly() {
  prepareAb()
  for (const x of ['a', 'b']) await panelBundle(path.join(root, 'bench/ab', x))
  const server = await serve(origins(await freeBase(CONFIG.basePort)))
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    const run = await measureFirstDialog(browser, server.origins.panel.origin, 48)
    const save = arg('save')
    if (save) writeFileSync(save, formatted(save, `${JSON.stringify(run, null, 2)}\n`))
    process.stdout.write(`${renderFirstDialog(run)}\n`)
  } finally {
    await browser.close()
    await server.close()
  }
}

/** The whole run, section by section; the results keep the keys in the order they always had. */
async function main() {
  const started = Date.now()
  const results: Partial<Results> = {
    date: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: machine(),
    config: CONFIG,
    targets: TARGETS,
  }

  log('size')
  results.size = measureSize()
  const builds = prepareAb()

  const base = await freeBase(CONFIG.basePort)
  const server = await serve(origins(base))
  const panel = server.origins.panel.origin
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    results.browser = `Chromium ${browser.version()} (headless)`
    results.origins = { panel, widget: server.origins.widget.origin }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => log(`page error: ${error.message}`))
    const bench = benchPanel(page, panel)

    // 0. A/B against another build, first, while the machine is as the run found it.
    if (builds) {
      results.ab = await measureAb(page, panel, builds)
      // Kept at once (`--save <file>`): a later section that fails loses nothing of it.
      const save = arg('save')
      if (save) writeFileSync(save, formatted(save, `${JSON.stringify(results.ab, null, 2)}\n`))
    }

    // 2. Handshake: a Chromium with no debugger attached during the loop, then the same loop
    // with Playwright attached, for comparison; the first loads between them.
    log('handshake: mount loop, no debugger attached')
    const atStart = await handshakes(panel, CONFIG.handshake.loads, '')
    log('handshake: mount loop after load, no debugger attached')
    const afterLoad = await handshakes(panel, CONFIG.handshake.lateLoads, 'late=1')
    log(`first loads: ${CONFIG.firstLoads}, each in a fresh Chromium`)
    results.firstLoad = await firstLoads(panel, CONFIG.firstLoads)
    log('handshake: mount loop, Playwright attached')
    const attached = await attachedHandshakes(page, panel)

    const calls = await measureCalls(bench)
    results.callsPerLoad = calls.perLoad
    results.calls = calls.calls
    results.isolated = calls.isolated
    results.handshake = { atStart, afterLoad, attached }
    results.profile = await profileCalls(context, bench, calls.frame)
    results.scale = await measureScale(bench)
    results.endurance = await measureEndurance(context, bench)
    results.peers = await measurePeers(bench)
    await context.close()

    // 7. Floods from a hostile widget, against the e2e test panel.
    results.floods = await floods(browser, panel)
  } finally {
    await browser.close()
    await server.close()
  }
  results.durationS = Math.round((Date.now() - started) / 1000)
  if (results.machine) results.machine.loadEnd = os.loadavg()[0] as number

  const full = results as Results
  const markdown = formatted('BENCHMARKS.md', renderMarkdown(full))
  writeFileSync(
    'bench/results.json',
    formatted('bench/results.json', `${JSON.stringify(full, null, 2)}\n`),
  )
  writeFileSync('BENCHMARKS.md', markdown)
  process.stdout.write(markdown)
  log(`done in ${full.durationS} s: wrote BENCHMARKS.md and bench/results.json`)
}

;(ONLY === 'floods'
  ? floodsOnly()
  : ONLY === 'ab'
    ? abOnly()
    : ONLY === 'first-dialog'
      ? firstDialogOnly()
      : main()
).then(
  () => process.exit(0),
  (error) => {
    log(String(error?.stack ?? error))
    process.exit(1)
  },
)
