// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCOPES } from '../../src/events/index.js'
import { isWebhookSecret } from '../emulator/webhooks.js'
import { ConfigError, DEFAULT_BASE_PORT, defaultWebhookSecret, parseConfig } from './config.js'

describe('demo configuration', () => {
  it('defaults to three ports from the base port', () => {
    expect(parseConfig([], {}).ports).toEqual({
      panel: DEFAULT_BASE_PORT,
      widgets: DEFAULT_BASE_PORT + 1,
      emulator: DEFAULT_BASE_PORT + 2,
    })
  })

  it('takes ports from flags over the environment', () => {
    expect(parseConfig(['--port', '5000'], { DEMO_PORT: '6000' }).ports.panel).toBe(5000)
    expect(parseConfig([], { DEMO_PORT: '6000' }).ports).toEqual({
      panel: 6000,
      widgets: 6001,
      emulator: 6002,
    })
    expect(parseConfig(['--emulator-port=7000'], { DEMO_PORT: '6000' }).ports.emulator).toBe(7000)
  })

  it('refuses bad ports, clashing ports and unknown options with a ConfigError', () => {
    for (const argv of [['--port', '0'], ['--port', 'x'], ['--panel-port', '4401'], ['--nope']]) {
      expect(() => parseConfig(argv, {}), argv.join(' ')).toThrow(ConfigError)
    }
  })

  it('registers --app KEY=URL with every scope, a pro product and a local developer key', () => {
    const { apps } = parseConfig(['--app', 'my-widget=http://localhost:5173/'], {})
    expect(apps).toEqual([
      expect.objectContaining({
        app_key: 'my-widget',
        url: 'http://localhost:5173/',
        developer_key: 'dk_local_my-widget',
        contexts: ['doctor-panel'],
        scopes: [...SCOPES],
        products: [expect.objectContaining({ key: 'pro' })],
      }),
    ])
    expect(() => parseConfig(['--app', 'my-widget=ftp://x'], {})).toThrow(ConfigError)
    expect(() => parseConfig(['--app', '=http://x/'], {})).toThrow(ConfigError)
  })

  it('reads a config file, and refuses a widget registered twice', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    writeFileSync(
      file,
      JSON.stringify({
        ports: { panel: 4700 },
        apps: [
          {
            app_key: 'mine',
            url: 'http://localhost:3000/widget',
            developer_key: 'dk_mine_12345',
            app_id: 77,
            contexts: ['booking-flow'],
            scopes: ['user.profile.read'],
            plans: [{ key: 'y', title: 'Yearly', price: 100, period: 'year' }],
          },
        ],
      }),
    )
    const config = parseConfig(['--config', file], {})
    expect(config.ports.panel).toBe(4700)
    expect(config.apps[0]).toMatchObject({
      app_key: 'mine',
      app_id: '77',
      developer_key: 'dk_mine_12345',
      contexts: ['booking-flow'],
      scopes: ['user.profile.read'],
      plans: [{ key: 'y', title: 'Yearly', price: 100, period: 'year' }],
    })
    expect(() => parseConfig(['--config', file, '--app', 'mine=http://localhost:1/'], {})).toThrow(
      /registered twice/,
    )
    writeFileSync(
      file,
      JSON.stringify({ apps: [{ app_key: 'x', url: 'http://l/', scopes: ['root'] }] }),
    )
    expect(() => parseConfig(['--config', file], {})).toThrow(/scopes/)
  })

  it('gives --app widgets a webhook URL on their origin and a stable whsec_ secret', () => {
    const [app] = parseConfig(['--app', 'my-widget=http://localhost:5173/page/'], {}).apps
    expect(app?.webhook_url).toBe('http://localhost:5173/api/webhooks')
    expect(app?.webhook_secret).toBe(defaultWebhookSecret('my-widget'))
    expect(isWebhookSecret(app?.webhook_secret)).toBe(true)
    expect(defaultWebhookSecret('other')).not.toBe(app?.webhook_secret)
    // A widget page elsewhere gets no webhook URL: webhooks go to this machine only.
    const [far] = parseConfig(['--app', 'far=https://widgets.example.com/'], {}).apps
    expect(far).not.toHaveProperty('webhook_url')
  })

  it('reads webhook_url and webhook_secret from a config file, local URLs and whsec_ only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`
    const write = (fields: Record<string, unknown>) =>
      writeFileSync(
        file,
        JSON.stringify({ apps: [{ app_key: 'mine', url: 'http://localhost:5173/', ...fields }] }),
      )
    write({ webhook_url: 'http://127.0.0.1:3000/hooks', webhook_secret: secret })
    expect(parseConfig(['--config', file], {}).apps[0]).toMatchObject({
      webhook_url: 'http://127.0.0.1:3000/hooks',
      webhook_secret: secret,
    })
    write({ webhook_url: null })
    expect(parseConfig(['--config', file], {}).apps[0]).not.toHaveProperty('webhook_url')
    for (const bad of [
      { webhook_url: 'https://hooks.example.com/x' },
      { webhook_url: 42 },
      { webhook_secret: 'my-secret' },
      { webhook_secret: `whsec_${Buffer.alloc(8).toString('base64')}` },
    ]) {
      write(bad)
      expect(() => parseConfig(['--config', file], {}), JSON.stringify(bad)).toThrow(/webhook_/)
    }
  })

  it('refuses two widgets on one origin, naming both and the origin', () => {
    const twins = ['--app', 'a=http://localhost:5173/one/', '--app', 'b=http://localhost:5173/two/']
    expect(() => parseConfig(twins, {})).toThrow(ConfigError)
    expect(() => parseConfig(twins, {})).toThrow(
      /"a" and "b" are both served from http:\/\/localhost:5173/,
    )
    // Another port is another origin; so is another host name for the same port.
    const ok = ['--app', 'a=http://localhost:5173/', '--app', 'b=http://localhost:5174/']
    expect(parseConfig(ok, {}).apps.map((app) => app.app_key)).toEqual(['a', 'b'])
    expect(
      parseConfig(['--app', 'a=http://localhost:5173/', '--app', 'b=http://127.0.0.1:5173/'], {})
        .apps,
    ).toHaveLength(2)
  })
})
