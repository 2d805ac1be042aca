import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCheckArgs, runCheckCommand } from './command.js'
import { exitStatus, formatReport, jsonReport, type Report } from './report.js'
import { freePorts, writeConfig } from './test-pages.js'

describe('check: the command line', () => {
  it.each([
    [[], { apps: [], engines: ['chromium'], json: false }],
    [['--engine', 'all'], { engines: ['chromium', 'firefox', 'webkit'] }],
    [['--engine=webkit', '--json'], { engines: ['webkit'], json: true }],
    [['--app', 'a', '--app=b', '--config', 'x.json'], { apps: ['a', 'b'], config: 'x.json' }],
  ])('%j', (argv, expected) => {
    expect(parseCheckArgs(argv)).toMatchObject(expected)
  })

  it.each([
    [['--engine', 'edge'], /--engine: "edge"/],
    [['--app'], /--app needs a value/],
    [['--fast'], /unknown option "--fast"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCheckArgs(argv)).toThrow(message)
  })

  const io = () => {
    const lines: string[] = []
    return { lines, out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) }
  }

  it('is a command of platform-widget-dev, with its help', async () => {
    const { runCli } = await import('../run-cli.js')
    const help = io()
    expect(await runCli(['check', '--help'], help)).toBe(0)
    expect(help.lines.join('\n')).toMatch(/Usage: platform-widget-dev check/)
  })

  it('exits 2, before any browser, without a config or with a key it does not register', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'check-cmd-'))
    const none = io()
    expect(await runCheckCommand([], {}, none, dir)).toBe(2)
    expect(none.lines.join('\n')).toMatch(/No config/)
    const file = path.join(dir, 'platform.config.json')
    writeFileSync(
      file,
      JSON.stringify({ apps: [{ app_key: 'mine', url: 'http://localhost:4405/' }] }),
    )
    const other = io()
    expect(await runCheckCommand(['--app', 'theirs'], {}, other, dir)).toBe(2)
    expect(other.lines.join('\n')).toMatch(/no widget "theirs"/)
  })

  it('exits 2, before any browser, for productionPanelOrigins that are not origins', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'check-cmd-'))
    const apps = [{ app_key: 'mine', url: 'http://localhost:4405/' }]
    const file = path.join(dir, 'platform.config.json')
    writeFileSync(
      file,
      JSON.stringify({ apps, productionPanelOrigins: ['https://panel.example/app'] }),
    )
    const bad = io()
    expect(await runCheckCommand([], {}, bad, dir)).toBe(2)
    expect(bad.lines.join('\n')).toMatch(
      /productionPanelOrigins\[0\]: expected an origin such as https:\/\/panel\.example .*"https:\/\/panel\.example\/app"/,
    )
  })

  it('exits 2 when a port of the platform it starts is taken by something else', async () => {
    const ports = await freePorts(5)
    const taken = createServer((_, res) => res.end('not a panel'))
    await new Promise<void>((resolve) => taken.listen(ports[0], '127.0.0.1', resolve))
    try {
      const file = writeConfig(ports, [{ app_key: 'mine', url: 'http://localhost:1/' }])
      const out = io()
      expect(await runCheckCommand(['--config', file], {}, out)).toBe(2)
      expect(out.lines.join('\n')).toMatch(String(ports[0]))
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})

describe('check: the report', () => {
  const report: Report = {
    engines: {
      ran: ['chromium', 'webkit'],
      skipped: [{ engine: 'firefox', why: 'not installed' }],
      notChecked: [{ engine: 'webkit', what: ['console errors and warnings', 'tokens in URLs'] }],
    },
    widgets: [
      { app_key: 'a', url: 'http://localhost:1/', loaded: ['doctor-panel'], findings: [] },
      {
        app_key: 'b',
        url: 'http://localhost:2/',
        loaded: ['doctor-panel'],
        findings: [
          { check: 'x', severity: 'note', title: 'A note', seen: 'S', fix: 'F' },
          { check: 'y', severity: 'error', title: 'An error', seen: 'S', fix: 'F', where: ['p'] },
        ],
      },
    ],
  }

  it('lists the engines, the errors first, and the counts', () => {
    const text = formatReport(report)
    expect(text).toContain('engines run: chromium, webkit')
    expect(text).toContain('not run: firefox: not installed')
    expect(text).toContain('not checked in webkit: console errors and warnings; tokens in URLs')
    expect(text).toContain('no findings')
    expect(text.indexOf('An error')).toBeLessThan(text.indexOf('A note'))
    expect(text).toContain('1 error, 0 warnings, 1 note')
  })

  it('says a widget no engine loaded was not checked, not that it has no findings', () => {
    const none: Report = {
      engines: { ran: [], skipped: [{ engine: 'firefox', why: 'not installed' }] },
      widgets: [{ app_key: 'a', url: 'http://localhost:1/', loaded: [], findings: [] }],
    }
    const text = formatReport(none)
    expect(text).toContain('engines run: none')
    expect(text).toContain('not checked: no engine ran')
    expect(text).not.toContain('no findings')
  })

  it('exits 1 on an error only', () => {
    expect(exitStatus(report)).toBe(1)
    expect(JSON.parse(jsonReport(report)).status).toBe(1)
    const notes = { ...report, widgets: [report.widgets[0]!] }
    expect(exitStatus(notes)).toBe(0)
  })
})
