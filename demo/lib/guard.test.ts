// Every dev server answers this machine's names only (DNS rebinding, SECURITY.md threat 3), and
// sends the headers of a page that must not be framed or opened (attack 1); the panel's /dist
// serves the SDK's bundles and nothing else (attacks 1 and 5).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  sampleWidgets as apps,
  ORIGIN as EMULATOR,
  PANEL,
  testEmulator,
} from '../emulator/test-harness.js'
import { createPanel, isServedBundle } from '../panel/server.js'
import { createWidgets } from '../widgets/server.js'
import { ConfigError, parseConfig } from './config.js'
import { isAllowedHost, LOOPBACK_HOSTS } from './guard.js'

/** A dist/ folder of the shape the build makes: bundles at the top, the rest below. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-dist-'))
  const files = [
    'platform.js',
    'platform.js.map',
    'host.js',
    'host-CCKRKrOQ.js',
    'host-CCKRKrOQ.js.map',
    'sdk.js',
    'events.js',
    'testing.js',
    'deadlines-CcTYRJQ2.js',
    'server.js',
    'server.js.map',
    'types/host/index.d.ts',
    'dev/cli.js',
    'dev/panel/pages/profile.html',
    'dev/emulator/fixtures.json',
    'dev/config.example.json',
  ]
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), `/* ${file} */`)
  }
  return dir
}

const panel = (allowedHosts?: string[]) =>
  createPanel({
    panelOrigin: PANEL,
    emulatorOrigin: EMULATOR,
    apps,
    users: { doctor: 'dr-1', patient: 'pt-1' },
    sdkDist: fakeDist(),
    allowedHosts,
  })
const widgets = (allowedHosts?: string[]) =>
  createWidgets({ panelOrigin: PANEL, emulatorOrigin: EMULATOR, app: apps[0]!, allowedHosts })
const emulator = (allowedHosts?: string[]) =>
  testEmulator({ apps, allowedHosts }).app as unknown as Hono

const SERVERS = { panel, widgets, emulator } as const

const get = (app: Hono, url: string, host?: string) =>
  app.request(url, host === undefined ? {} : { headers: { host } })

describe('the Host check', () => {
  it('answers localhost, 127.0.0.1 and [::1], with and without a port, in any case', () => {
    for (const host of [
      'localhost',
      'localhost:4400',
      '127.0.0.1',
      '127.0.0.1:4400',
      '[::1]',
      '[::1]:4400',
      'LocalHost:4400',
    ]) {
      expect(isAllowedHost(host), host).toBe(true)
    }
    expect(LOOPBACK_HOSTS).toEqual(['localhost', '127.0.0.1', '[::1]'])
  })

  it('refuses every other name: rebinding names, look-alikes, empty and malformed values', () => {
    for (const host of [
      'evil.example',
      'evil.example:4400',
      'localhost.evil.example',
      'localhost.',
      '127.0.0.2',
      '127.1',
      '0.0.0.0:4400',
      '[::2]:4400',
      '::1',
      '[::ffff:127.0.0.1]',
      'localhost:4400@evil.example',
      'localhost evil',
      '',
      undefined,
    ]) {
      expect(isAllowedHost(host), String(host)).toBe(false)
    }
  })

  it('answers a name added with the option, and only that one', () => {
    expect(isAllowedHost('my-laptop.local:4400', ['my-laptop.local'])).toBe(true)
    expect(isAllowedHost('MY-LAPTOP.local', ['my-laptop.local'])).toBe(true)
    expect(isAllowedHost('other.local:4400', ['my-laptop.local'])).toBe(false)
  })

  for (const [name, make] of Object.entries(SERVERS)) {
    it(`${name}: refuses another name with 403 and says how to add one, before any route`, async () => {
      const app = make()
      const refused = await get(app, 'http://evil.example:4400/healthz', 'evil.example:4400')
      expect(refused.status).toBe(403)
      const text = await refused.text()
      expect(text).toContain('"evil.example"')
      expect(text).toContain('localhost, 127.0.0.1, [::1]')
      expect(text).toContain('--allowed-host evil.example')
      expect(text).toContain('"allowedHosts"')
      expect(refused.headers.get('content-type')).toMatch(/^text\/plain/)
      // The page a rebound name would read: the emulator's index with every developer key.
      const index = await get(app, 'http://evil.example:4400/', 'evil.example:4400')
      expect(index.status).toBe(403)
      expect(await index.text()).not.toContain(apps[0]!.developer_key)
      for (const host of ['localhost:4400', '127.0.0.1:4400', '[::1]:4400', '127.0.0.1']) {
        expect((await get(app, 'http://127.0.0.1:4400/healthz', host)).status, host).not.toBe(403)
      }
      // A state-changing call from a rebound name is refused too.
      const posted = await app.request('http://evil.example:4400/api/orders', {
        method: 'POST',
        headers: { host: 'evil.example:4400', 'content-type': 'application/json' },
        body: '{}',
      })
      expect(posted.status).toBe(403)
    })

    it(`${name}: answers a name given with --allowed-host`, async () => {
      const app = make(['my-laptop.local'])
      expect((await get(app, 'http://x/healthz', 'my-laptop.local:4400')).status).not.toBe(403)
      expect((await get(app, 'http://x/healthz', 'evil.example:4400')).status).toBe(403)
    })
  }

  it('takes --allowed-host (repeatable) and "allowedHosts" in the config file', () => {
    expect(
      parseConfig(['--allowed-host', 'my-laptop.local', '--allowed-host=10.0.0.5'], {})
        .allowedHosts,
    ).toEqual(['my-laptop.local', '10.0.0.5'])
    expect(parseConfig([], {}).allowedHosts).toEqual([])
    for (const bad of ['http://x', 'x:80', 'a b', '']) {
      expect(() => parseConfig(['--allowed-host', bad], {}), bad).toThrow(ConfigError)
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    writeFileSync(file, JSON.stringify({ allowedHosts: ['Box.Lan', '[fd00::1]'] }))
    expect(parseConfig(['--config', file, '--allowed-host', 'x.test'], {}).allowedHosts).toEqual([
      'x.test',
      'box.lan',
      '[fd00::1]',
    ])
    writeFileSync(file, JSON.stringify({ allowedHosts: 'box.lan' }))
    expect(() => parseConfig(['--config', file], {})).toThrow(/allowedHosts/)
    writeFileSync(file, JSON.stringify({ allowedHosts: ['http://box.lan/'] }))
    expect(() => parseConfig(['--config', file], {})).toThrow(/allowedHosts\[0\]/)
  })
})

/** The `frame-ancestors` of a response's Content-Security-Policy. */
function frameAncestors(res: Response): string | undefined {
  return /(?:^|;)\s*frame-ancestors ([^;]+)/
    .exec(res.headers.get('content-security-policy') ?? '')?.[1]
    ?.trim()
}

describe('the headers of every dev page', () => {
  it("panel: every page, /dist file and error refuses framing and opens no other site's window", async () => {
    const app = panel()
    for (const url of [
      '/panel',
      '/panel/settings',
      '/booking',
      '/profile',
      '/signin',
      '/no-such-page',
      '/config.json',
      '/dist/platform.js',
      '/dist/host.js',
      '/assets/panel.css',
    ]) {
      const res = await get(app, url)
      expect(frameAncestors(res), url).toBe("'none'")
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin')
      expect(res.headers.get('x-frame-options'), url).toBe('DENY')
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
    }
    // The page's own policy is kept, frame-ancestors once.
    const csp = (await get(app, '/panel')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp.match(/frame-ancestors/g)).toHaveLength(1)
  })

  // The panel's page scripts are TypeScript, transpiled at the first request, which imports the
  // TypeScript compiler (13 s at a load of 21, the import alone): that work is this test's, so it
  // stands apart from the others, with 60 s.
  it('panel: a page script transpiled from the sources refuses framing too', async () => {
    const res = await get(panel(), '/app/doctor.js')
    expect(res.status).toBe(200)
    expect(frameAncestors(res)).toBe("'none'")
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  }, 60_000)

  it('emulator: its index page, the API and its errors refuse framing', async () => {
    const app = emulator()
    for (const url of ['/', '/openapi.json', '/webhooks', '/no-such-route']) {
      const res = await get(app, url)
      expect(frameAncestors(res), url).toBe("'none'")
      expect(res.headers.get('x-frame-options'), url).toBe('DENY')
    }
  })

  it("sample widget: every answer may be framed by the panel's origin only", async () => {
    const app = widgets()
    for (const url of ['/doctor/', '/', '/shared/kit.js', '/static/doctor/doctor.js', '/nope']) {
      const res = await get(app, url)
      expect(frameAncestors(res), url).toBe(PANEL)
      // Not DENY: the panel frames it.
      expect(res.headers.get('x-frame-options'), url).toBeNull()
    }
  })
})

describe("the panel's /dist", () => {
  it('serves the SDK bundles a page loads: platform.js, the ESM entries, their chunks and maps', async () => {
    const app = panel()
    for (const file of [
      'platform.js',
      'platform.js.map',
      'host.js',
      'host-CCKRKrOQ.js',
      'host-CCKRKrOQ.js.map',
      'sdk.js',
      'events.js',
      'testing.js',
      'deadlines-CcTYRJQ2.js',
    ]) {
      const res = await get(app, `/dist/${file}`)
      expect(res.status, file).toBe(200)
      expect(await res.text()).toBe(`/* ${file} */`)
    }
  })

  it("404s everything else: the dev command's copies of the pages, its fixtures, server.js, types", async () => {
    const app = panel()
    for (const file of [
      'dev/panel/pages/profile.html',
      'dev/emulator/fixtures.json',
      'dev/config.example.json',
      'dev/cli.js',
      'server.js',
      'server.js.map',
      'types/host/index.d.ts',
      '',
      'dev/',
      '..%2Fpackage.json',
      '%2E%2E/package.json',
      'dev%2Fcli.js',
    ]) {
      expect((await get(app, `/dist/${file}`)).status, file).toBe(404)
    }
    expect(isServedBundle('host.js')).toBe(true)
    expect(isServedBundle('dev/cli.js')).toBe(false)
    expect(isServedBundle('profile.html')).toBe(false)
  })
})
