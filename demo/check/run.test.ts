// The report's findings over several engines: one finding per check, told per engine only where
// the engines differ, and no check run on a load by an engine that cannot observe what it needs.
import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../shared/config-types.js'
import { notChecked } from './checks/index.js'
import type { Observation } from './observation.js'
import { findingsOf } from './run.js'
import { targetsOf } from './targets.js'
import { observation, probe } from './test-observation.js'
import { topLevelPagesOf } from './top-level.js'

const app = observation().app as AppConfig

const load = (engine: string, over: Partial<Observation> = {}): Observation =>
  observation({ app, engine, ...over })

const WEBKIT = ['calls', 'console', 'network', 'errors'] as const
const late = { ...probe({ calls: [] }), late: { sdk: true } }
const growing = (heights: string[]) => ({ height: { settled: false, heights } })

describe('findings over engines', () => {
  it('one finding where every engine saw it, told with the first numbers and the place alone', () => {
    const found = findingsOf(app, [
      load('chromium', growing(['600px', '640px'])),
      load('webkit', { ...growing(['900px', '950px']), probe: late, blind: WEBKIT }),
    ])
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ check: 'layout.height', where: ['doctor-panel'] })
    expect(found[0]!.title).toContain('640px')
  })

  it('names the engines that saw a finding when not all did', () => {
    const found = findingsOf(app, [
      load('chromium'),
      load('firefox'),
      load('webkit', { ...growing(['900px', '950px']), probe: late, blind: WEBKIT }),
    ])
    expect(found.map((f) => f.where)).toEqual([['doctor-panel in webkit']])
  })

  it('runs no check on a load whose engine cannot observe what it needs', () => {
    const wrongKey = probe({
      calls: [{ method: 'initialize', args: [{ app_key: 'x' }], afterInitialize: false }],
    })
    // The same record from a blind engine would be a finding: it must not be read there.
    const found = findingsOf(app, [
      load('chromium', { probe: wrongKey }),
      load('webkit', { probe: { ...wrongKey, late: { sdk: true } }, blind: WEBKIT }),
    ])
    expect(found).toEqual([
      expect.objectContaining({ check: 'sdk.app-key', where: ['doctor-panel in chromium'] }),
    ])
    expect(notChecked(WEBKIT)).toContain('initialize() and its app_key')
    expect(notChecked([])).toEqual([])
  })

  it('warns once per widget of a scope its scripts name that the registration lacks', () => {
    const sources = ["onclick = () => platform.getSessionToken({ scope: ['provider.sms.write'] })"]
    const found = findingsOf({ ...app, scopes: ['provider.profile.read'] }, [
      load('chromium', { sources }),
      load('firefox', { sources }),
      load('webkit', { probe: late, blind: WEBKIT, sources }),
    ])
    expect(found.filter((f) => f.check === 'scopes.named-not-enabled')).toEqual([
      expect.objectContaining({ title: expect.stringContaining('provider.sms.write') }),
    ])
  })

  it('loads each registered top-level page alone, and checks there only what a page alone shows', () => {
    const reg = {
      ...app,
      pages: [],
      topLevelPages: ['/app/start.html', 'relative', '//evil.example/'],
    }
    const tops = targetsOf(reg, 'http://127.0.0.1:4400').filter((t) => t.topLevel)
    expect(tops).toEqual([
      expect.objectContaining({
        label: 'top-level /app/start.html',
        widgetUrl: `${new URL(app.url).origin}/app/start.html`,
      }),
    ])
    // Without the field, none.
    expect(topLevelPagesOf(app)).toEqual([])
    const alone = load('chromium', {
      target: tops[0]!,
      framed: false,
      probe: probe({ script: undefined, calls: [] }),
      requests: [`${new URL(app.url).origin}/app/next.html?session_token=${'x'.repeat(24)}`],
    })
    // Not shown in the panel, no SDK: nothing to say of a page alone; the token in a URL is.
    expect(findingsOf(app, [alone])).toEqual([
      expect.objectContaining({
        check: 'toplevel.token-in-url',
        severity: 'error',
        where: ['top-level /app/start.html'],
      }),
    ])
  })

  it('finds no missing SDK in a page read after load that has window.platform', () => {
    const found = findingsOf(app, [
      load('webkit', { probe: { ...late, script: undefined }, blind: WEBKIT }),
    ])
    expect(found).toEqual([])
  })
})
