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

const closers: (() => Promise<void>)[] = []
let file = ''
const KEYS = ['clean', 'wrong-key', 'unhandled', 'other-sdk', 'growing', 'xfo']

beforeAll(async () => {
  const ports = await freePorts(5)
  const panel = `http://127.0.0.1:${ports[0]}`
  const apps = []
  for (const d of DEFECTS.filter((d) => KEYS.includes(d.app_key))) {
    const server = await servePage(d.page({ panel, app_key: d.app_key }))
    closers.push(server.close)
    const { app_key, contexts = ['doctor-panel'], scopes = [] } = d
    apps.push({ app_key, url: server.url, contexts, scopes, pages: [] })
  }
  file = writeConfig(ports, apps)
})

afterAll(async () => {
  await Promise.all(closers.map((close) => close()))
})

async function check(...argv: string[]): Promise<{ run: Run; status: number; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
  const status = await runCheckCommand(['--config', file, '--json', ...argv], process.env, io)
  return { run: JSON.parse(out.join('\n')), status, err }
}

const checks = (run: Run, key: string) =>
  run.widgets.find((w) => w.app_key === key)!.findings.map((f) => f.check)

const firefox = missing('firefox')
describe.skipIf(firefox)(`check --engine firefox${firefox ? ` (skipped: ${firefox})` : ''}`, () => {
  let run: Run
  beforeAll(async () => {
    ;({ run } = await check('--engine', 'firefox'))
  }, 180_000)

  it('ran Firefox alone, and sees everything', () => {
    expect(run.engines.ran).toEqual(['firefox'])
    expect(run.engines.notChecked ?? []).toEqual([])
  })

  it('has nothing to say about the clean widget', () => {
    expect(run.widgets.find((w) => w.app_key === 'clean')!.findings).toEqual([])
  })

  it.each([
    ['wrong-key', 'sdk.app-key'],
    ['unhandled', 'sdk.unhandled-rejection'],
    ['other-sdk', 'sdk.origin'],
    ['growing', 'layout.height'],
    ['xfo', 'framing.x-frame-options'],
  ])('names the defect of %s: %s', (key, name) => {
    expect(checks(run, key)).toContain(name)
  })
})

const webkit = missing('webkit')
describe.skipIf(webkit)(`check --engine webkit${webkit ? ` (skipped: ${webkit})` : ''}`, () => {
  let run: Run
  beforeAll(async () => {
    ;({ run } = await check('--engine', 'webkit'))
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
    ['xfo', 'framing.x-frame-options'],
  ])('names the defect of %s: %s', (key, name) => {
    expect(checks(run, key)).toContain(name)
  })

  it('does not pass the wrong app_key in silence: it is among what WebKit did not check', () => {
    expect(checks(run, 'wrong-key')).not.toContain('sdk.app-key')
    expect(run.engines.notChecked?.[0]?.what).toContain('initialize() and its app_key')
  })
})

describe('check --engine all', () => {
  it('says which engines it used, and which it could not run', async () => {
    const { run, status } = await check('--engine', 'all', '--app', 'clean')
    const named = [...run.engines.ran, ...run.engines.skipped.map((s) => s.engine)]
    expect(named.sort()).toEqual(['chromium', 'firefox', 'webkit'])
    expect(run.engines.ran).toContain('chromium')
    if (!firefox) expect(run.engines.ran).toContain('firefox')
    if (!webkit) expect(run.engines.ran).toContain('webkit')
    expect(run.widgets[0]!.findings).toEqual([])
    expect(status).toBe(0)
  }, 180_000)
})
