// `check` against real pages: each widget of DEFECTS on an origin of its own, registered on a
// dev platform of free ports, loaded by the command in one headless Chromium. Each defect's
// finding is named in its widget's report; the clean widget has none, and alone exits 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCheckCommand } from './command.js'
import { DEFECTS } from './defects.js'
import type { Report } from './report.js'
import { freePorts, servePage, writeConfig } from './test-pages.js'

const closers: (() => Promise<void>)[] = []
let file = ''
let report: Report & { status: number }
const lines: string[] = []
const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }

beforeAll(async () => {
  const ports = await freePorts(6)
  const panel = `http://127.0.0.1:${ports[0]}`
  const apps = []
  for (const d of DEFECTS) {
    const server = await servePage(d.page({ panel, app_key: d.app_key }))
    closers.push(server.close)
    apps.push({
      app_key: d.app_key,
      url: server.url,
      contexts: d.contexts ?? ['doctor-panel'],
      scopes: d.scopes ?? [],
      pages: [],
      ...(d.topLevelPages ? { topLevelPages: d.topLevelPages } : {}),
    })
  }
  // Nothing listens there: the page does not answer.
  apps.push({
    app_key: 'down',
    url: `http://127.0.0.1:${ports[5]}/`,
    contexts: ['doctor-panel'],
    scopes: [],
    pages: [],
  })
  file = writeConfig(ports.slice(0, 5), apps)
  const status = await runCheckCommand(['--config', file, '--json'], process.env, io)
  report = JSON.parse(lines.join('\n'))
  expect(report.status).toBe(status)
}, 240_000)

afterAll(async () => {
  await Promise.all(closers.map((close) => close()))
})

const widget = (key: string) => report.widgets.find((w) => w.app_key === key)!

describe('check, in Chromium', () => {
  it('says which engine ran and exits 1 on an error', () => {
    expect(report.engines).toEqual({ ran: ['chromium'], skipped: [], notChecked: [] })
    expect(report.status).toBe(1)
  })

  it.each(DEFECTS.filter((d) => d.expect.length))('names the defect of $app_key', (d) => {
    const checks = widget(d.app_key).findings.map((f) => f.check)
    expect(checks).toEqual(expect.arrayContaining(d.expect))
  })

  it.each(DEFECTS.filter((d) => d.absent))('says nothing wrong of $app_key', (d) => {
    const checks = widget(d.app_key).findings.map((f) => f.check)
    for (const absent of d.absent ?? []) expect(checks).not.toContain(absent)
  })

  it.each(DEFECTS.filter((d) => d.where))('names where it saw the defect of $app_key', (d) => {
    const found = widget(d.app_key).findings.filter((f) => d.expect.includes(f.check))
    expect(found.length).toBeGreaterThan(0)
    for (const f of found) expect(f.where ?? []).toContain(d.where)
  })

  it.each(DEFECTS.filter((d) => d.says || d.saysNot))('says $app_key in words', (d) => {
    const titles = widget(d.app_key)
      .findings.map((f) => f.title)
      .join('\n')
    for (const words of d.says ?? []) expect(titles).toContain(words)
    for (const words of d.saysNot ?? []) expect(titles).not.toContain(words)
  })

  it('names a page that does not answer', () => {
    expect(widget('down').findings.map((f) => f.check)).toContain('page.unreachable')
  })

  it('has nothing to say about a widget with nothing wrong, and exits 0 for it alone', async () => {
    expect(widget('clean').findings).toEqual([])
    lines.length = 0
    expect(await runCheckCommand(['--config', file, '--app', 'clean'], process.env, io)).toBe(0)
    expect(lines.join('\n')).toContain('no findings')
  }, 60_000)
})
