// `check` in Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebDriver classic),
// each run once over a few widgets of DEFECTS: the clean one has no finding, two defects are
// named in each engine, and what an engine cannot observe is said, never passed in silence.
// Each engine is found as `check` finds it (FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH,
// XVFB_PATH, then Debian's paths); an engine not installed here is skipped, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missing } from '../engines/driver.js'
import { runCheckCommand } from './command.js'
import { DEFECTS } from './defects.js'
import type { Report } from './report.js'
import { freePorts, servePage, writeConfig } from './test-pages.js'

type Run = Report & { status: number }
type Result = { run: Run; status: number; err: string[] }

const closers: (() => Promise<void>)[] = []

/**
 * The `keys` of DEFECTS, each on an origin of its own, registered in a config of their own on
 * free ports: a world per run, so the runs go at once (most of a load is waiting).
 */
async function world(keys: string[]): Promise<string> {
  const ports = await freePorts(5)
  const panel = `http://127.0.0.1:${ports[0]}`
  const apps = []
  for (const d of DEFECTS.filter((d) => keys.includes(d.app_key))) {
    const server = await servePage(d.page({ panel, app_key: d.app_key }))
    closers.push(server.close)
    const { app_key, contexts = ['doctor-panel'], scopes = [], topLevelPages } = d
    apps.push({ app_key, url: server.url, contexts, scopes, pages: [], topLevelPages })
  }
  return writeConfig(ports, apps)
}

async function check(keys: string[], ...argv: string[]): Promise<Result> {
  const out: string[] = []
  const err: string[] = []
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
  const file = await world(keys)
  const status = await runCheckCommand(['--config', file, '--json', ...argv], process.env, io)
  // No report: the command stopped before running (exit 2 or 3), and says why on stderr.
  if (out.length === 0) throw new Error(`check ${argv.join(' ')}: exit ${status}: ${err.join(' ')}`)
  return { run: JSON.parse(out.join('\n')), status, err }
}

/** The widgets of DEFECTS the Firefox run loads, each checked as check.test.ts checks it. */
const FIREFOX_DEFECTS = [
  'wrong-key',
  'unhandled',
  'growing',
  'click-unregistered',
  'console-values',
  'failed-load',
  'start-page',
  'start-signin',
]

const firefox = missing('firefox')
const webkit = missing('webkit')
// Started together; each describe waits for its own. Each load costs seconds (WebKit's go one
// after another), so each run loads only the widgets its tests read.
const runs: Partial<Record<'firefox' | 'webkit' | 'all', Promise<Result>>> = {}
beforeAll(() => {
  if (!firefox) runs.firefox = check(['clean', ...FIREFOX_DEFECTS], '--engine', 'firefox')
  if (!webkit) runs.webkit = check(['clean', 'other-sdk', 'growing'], '--engine', 'webkit')
  runs.all = check(['clean'], '--engine', 'all')
  // Each settles: a failed run fails its own tests, not the others'.
  for (const run of Object.values(runs)) run.catch(() => {})
})

afterAll(async () => {
  await Promise.allSettled(Object.values(runs))
  await Promise.all(closers.map((close) => close()))
})

const checks = (run: Run, key: string) =>
  run.widgets.find((w) => w.app_key === key)!.findings.map((f) => f.check)

describe.skipIf(firefox)(`check --engine firefox${firefox ? ` (skipped: ${firefox})` : ''}`, () => {
  let run: Run
  beforeAll(async () => {
    ;({ run } = await runs.firefox!)
  }, 180_000)

  it('ran Firefox alone, and sees everything', () => {
    expect(run.engines.ran).toEqual(['firefox'])
    expect(run.engines.notChecked ?? []).toEqual([])
  })

  it('has nothing to say about the clean widget', () => {
    expect(run.widgets.find((w) => w.app_key === 'clean')!.findings).toEqual([])
  })

  it.each(DEFECTS.filter((d) => FIREFOX_DEFECTS.includes(d.app_key)))(
    'names the defect of $app_key, in words',
    (d) => {
      expect(checks(run, d.app_key)).toEqual(expect.arrayContaining(d.expect))
      const absent = d.absentNotInFirefox ? [] : (d.absent ?? [])
      for (const check of absent) expect(checks(run, d.app_key)).not.toContain(check)
      const titles = run.widgets
        .find((w) => w.app_key === d.app_key)!
        .findings.map((f) => f.title)
        .join('\n')
      for (const words of d.says ?? []) expect(titles).toContain(words)
      for (const words of d.saysNot ?? []) expect(titles).not.toContain(words)
      const widget = run.widgets.find((w) => w.app_key === d.app_key)!
      for (const f of widget.findings.filter((f) => d.where && d.expect.includes(f.check))) {
        expect(f.where).toContain(d.where)
      }
    },
  )
})

describe.skipIf(webkit)(`check --engine webkit${webkit ? ` (skipped: ${webkit})` : ''}`, () => {
  let run: Run
  beforeAll(async () => {
    ;({ run } = await runs.webkit!)
  }, 180_000)

  it('ran WebKit alone, and says what it did not check there', () => {
    expect(run.engines.ran).toEqual(['webkit'])
    const unseen = run.engines.notChecked?.find((n) => n.engine === 'webkit')?.what ?? []
    expect(unseen).toEqual(
      expect.arrayContaining(['initialize() and its app_key', 'console errors and warnings']),
    )
  })

  it('has nothing to say about the clean widget', () => {
    expect(run.widgets.find((w) => w.app_key === 'clean')!.findings).toEqual([])
  })

  it.each([
    ['other-sdk', 'sdk.origin'],
    ['growing', 'layout.height'],
  ])('names the defect of %s: %s', (key, name) => {
    expect(checks(run, key)).toContain(name)
  })

  it('does not pass what it cannot see in silence: the header names it', () => {
    const unseen = run.engines.notChecked?.find((n) => n.engine === 'webkit')?.what
    expect(unseen).toEqual(expect.arrayContaining(["unhandled rejections of the SDK's calls"]))
  })
})

describe('check --engine all, and an engine not found', () => {
  it('says which engines it used, and which it could not run', async () => {
    const { run, status, err } = await runs.all!
    const named = [...run.engines.ran, ...run.engines.skipped.map((s) => s.engine)]
    expect(named.sort()).toEqual(['chromium', 'firefox', 'webkit'])
    expect(run.engines.ran).toContain('chromium')
    if (!firefox) expect(run.engines.ran).toContain('firefox')
    if (!webkit) expect(run.engines.ran).toContain('webkit')
    if (!webkit) expect(run.engines.notChecked?.map((n) => n.engine)).toEqual(['webkit'])
    // An engine not found here is said on stderr too, and is no error.
    expect(err).toEqual(run.engines.skipped.map((s) => `Not checked in ${s.engine}: ${s.why}`))
    expect(run.widgets[0]!.findings).toEqual([])
    expect(status).toBe(0)
  }, 180_000)

  it('exits 3 for --engine firefox alone when no Firefox is found, saying how to install it', async () => {
    const out: string[] = []
    const env = { ...process.env, FIREFOX_PATH: '/nowhere/firefox' }
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) }
    const argv = ['--config', await world(['clean']), '--engine', 'firefox']
    expect(await runCheckCommand(argv, env, io)).toBe(3)
    const text = out.join('\n')
    expect(text).toContain('engines run: none')
    expect(text).toMatch(
      /not run: firefox: not installed: \/nowhere\/firefox; to run it: apt install firefox-esr/,
    )
    expect(text).toContain('No engine could run')
  }, 60_000)
})
