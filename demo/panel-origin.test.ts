// A panel of your own against the dev platform (`--panel-origin`, `panelOrigins` in the config
// file, `startEmulator({ panelOrigins })`): it may frame the sample widgets, their SDK trusts it,
// and the emulator's internal routes answer its Origin, as the dev panel's.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PANEL, SAMPLE_DOCTOR, testEmulator } from './emulator/test-harness.js'
import { ConfigError, parseConfig } from './lib/config.js'
import { type RunningEmulator, startEmulator } from './start-emulator.js'
import { createWidgets } from './widgets/server.js'

const MINE = 'http://localhost:5173'

describe('--panel-origin and panelOrigins', () => {
  it('are read as origins, repeatable, from the flags and the config file, without repeats', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'panel-origin-'))
    const file = path.join(dir, 'platform.config.json')
    writeFileSync(file, JSON.stringify({ panelOrigins: ['http://127.0.0.1:6000/app', MINE] }))
    const config = parseConfig(
      ['--config', file, '--panel-origin', `${MINE}/panel`, '--panel-origin=http://[::1]:7000'],
      {},
    )
    expect(config.panelOrigins).toEqual([MINE, 'http://[::1]:7000', 'http://127.0.0.1:6000'])
    expect(parseConfig([], {}, dir).panelOrigins).toEqual(['http://127.0.0.1:6000', MINE])
  })

  it('refuse what is no http(s) URL, naming where', () => {
    expect(() => parseConfig(['--panel-origin', 'localhost:5173'], {})).toThrow(ConfigError)
    expect(() => parseConfig(['--panel-origin', 'ftp://x.example'], {})).toThrow(/--panel-origin/)
    const dir = mkdtempSync(path.join(tmpdir(), 'panel-origin-'))
    const file = path.join(dir, 'platform.config.json')
    writeFileSync(file, JSON.stringify({ panelOrigins: ['nope'] }))
    expect(() => parseConfig(['--config', file], {})).toThrow(/panelOrigins\[0\]/)
    writeFileSync(file, JSON.stringify({ panelOrigins: 'http://localhost:5173' }))
    expect(() => parseConfig(['--config', file], {})).toThrow('must be an array of URLs')
  })
})

describe('a sample widget', () => {
  it('is framed by the dev panel and the panels named, and its SDK trusts them', async () => {
    const widgets = createWidgets({
      panelOrigin: PANEL,
      panelOrigins: [MINE],
      emulatorOrigin: 'http://127.0.0.1:4402',
      app: SAMPLE_DOCTOR,
    })
    const page = await widgets.request('/doctor/')
    expect(page.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${PANEL} ${MINE}`,
    )
    expect(await page.text()).toContain(
      `<script src="${PANEL}/dist/platform.js" data-trusted-origins="${MINE}"></script>`,
    )
    const alone = createWidgets({
      panelOrigin: PANEL,
      emulatorOrigin: 'http://127.0.0.1:4402',
      app: SAMPLE_DOCTOR,
    })
    const its = await alone.request('/doctor/')
    expect(its.headers.get('content-security-policy')).toContain(`frame-ancestors ${PANEL};`)
    expect(await its.text()).toContain('data-trusted-origins=""')
  })
})

describe("the emulator's internal routes", () => {
  it("answer the dev panel's Origin and the panels named, with CORS; no other", async () => {
    const emulator = testEmulator({ panelOrigins: [MINE] })
    const sms = (origin: string) =>
      emulator.app.request('/internal/users/dr-1/sms', { headers: { origin } })
    for (const origin of [PANEL, MINE]) {
      const res = await sms(origin)
      expect(res.status, origin).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    }
    const other = await sms('http://localhost:5174')
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({
      error: 'FORBIDDEN_ORIGIN',
      message: expect.stringContaining(`${PANEL}, ${MINE}`),
    })
  })

  describe('of an emulator alone (startEmulator)', () => {
    const started: RunningEmulator[] = []
    afterEach(async () => {
      await Promise.all(started.splice(0).map((e) => e.close()))
    })

    it('answer no page by default, saying how to name one', async () => {
      const emulator = await startEmulator()
      started.push(emulator)
      for (const origin of ['http://127.0.0.1:0', PANEL]) {
        const res = await fetch(`${emulator.url}/internal/users/dr-1/sms`, { headers: { origin } })
        expect(res.status).toBe(403)
        expect(((await res.json()) as { message: string }).message).toContain('panelOrigins')
      }
    })

    it('answer the panels of panelOrigins', async () => {
      const emulator = await startEmulator({ panelOrigins: [`${MINE}/`] })
      started.push(emulator)
      const res = await fetch(`${emulator.url}/internal/users/dr-1/sms`, {
        headers: { origin: MINE },
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ active: false, credit: expect.any(Number) })
      await expect(startEmulator({ panelOrigins: ['5173'] })).rejects.toThrow(
        'panelOrigins: expected an http(s) origin, got "5173"',
      )
    })
  })
})
