import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isWebhookSecret, SCOPES } from 'platform-widget-sdk/events'
import { widgetFromConfig } from 'platform-widget-sdk/testing'
import { describe, expect, it } from 'vitest'
import { loadFixtures } from '../emulator/state.js'
import {
  ConfigError,
  DEFAULT_BASE_PORT,
  demoApps,
  parseConfig,
  portsFrom,
  SAMPLE_KEYS,
  sampleOrigins,
  USAGE,
} from './config.js'
import { appFromConfig } from './config-file.js'
import { usage } from './flags.js'
import { memorySecretStore } from './secrets.js'

describe('demo configuration', () => {
  it('defaults to five ports in a row from the base port: the emulator stays at base + 2', () => {
    expect(parseConfig([], {}).ports).toEqual({
      panel: DEFAULT_BASE_PORT,
      widgets: [DEFAULT_BASE_PORT + 1, DEFAULT_BASE_PORT + 3, DEFAULT_BASE_PORT + 4],
      emulator: DEFAULT_BASE_PORT + 2,
    })
    const { panel, widgets, emulator } = portsFrom(6000)
    expect([panel, ...widgets, emulator].sort()).toEqual([6000, 6001, 6002, 6003, 6004])
    // The help text says the same.
    expect(USAGE).toMatch(/N\+1 +sample widget demo-doctor/)
    expect(USAGE).toMatch(/N\+2 +platform emulator/)
    expect(USAGE).toMatch(/N\+3 +sample widget demo-booking/)
    expect(USAGE).toMatch(/N\+4 +sample widget demo-profile/)
  })

  it.each([
    ['the repository', path.resolve(fileURLToPath(import.meta.url), '../../..')],
    ['a folder elsewhere', tmpdir()],
  ])('--help names an example config that exists, from %s', (_, cwd) => {
    // Not demo/config.example.json: a path only the repository has.
    const shown = /an example to copy:\n\s+(\S+)\n/.exec(usage(cwd))?.[1]
    expect(shown).toMatch(/config\.example\.json$/)
    expect(existsSync(path.resolve(cwd, shown!)), shown).toBe(true)
  })

  it('takes ports from flags over the environment', () => {
    expect(parseConfig(['--port', '5000'], { DEMO_PORT: '6000' }).ports.panel).toBe(5000)
    expect(parseConfig([], { DEMO_PORT: '6000' }).ports).toEqual({
      panel: 6000,
      widgets: [6001, 6003, 6004],
      emulator: 6002,
    })
    expect(parseConfig(['--emulator-port=7000'], { DEMO_PORT: '6000' }).ports.emulator).toBe(7000)
    expect(
      parseConfig(['--widgets-port', '7001,7002,7003'], { DEMO_WIDGETS_PORT: '1,2,3' }).ports
        .widgets,
    ).toEqual([7001, 7002, 7003])
    expect(parseConfig([], { DEMO_WIDGETS_PORT: '7001, 7002, 7003' }).ports.widgets).toEqual([
      7001, 7002, 7003,
    ])
  })

  it('refuses bad ports, clashing ports and unknown options with a ConfigError', () => {
    for (const argv of [
      ['--port', '0'],
      ['--port', 'x'],
      ['--panel-port', '4401'],
      ['--panel-port', '4404'],
      ['--widgets-port', '5001,5002,4400'],
      ['--widgets-port', '5001,5001,5002'],
      ['--widgets-port', '5001,,5002'],
      ['--widgets-port', '5001,x,5002'],
      ['--port', '65532'],
      ['--nope'],
    ]) {
      expect(() => parseConfig(argv, {}), argv.join(' ')).toThrow(ConfigError)
    }
    expect(parseConfig(['--port', '65531'], {}).ports.widgets).toEqual([65532, 65534, 65535])
  })

  it('reads the example config file (demo/config.example.json) and its ports', () => {
    const example = fileURLToPath(new URL('../config.example.json', import.meta.url))
    expect(parseConfig(['--config', example], {}).ports).toEqual(portsFrom(4400))
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    writeFileSync(file, JSON.stringify({ ports: { widgets: 4401 } }))
    expect(() => parseConfig(['--config', file], {})).toThrow(/expected 3 ports/)
    writeFileSync(file, JSON.stringify({ ports: { widgets: [5001, 5002, 5003] } }))
    expect(parseConfig(['--config', file], {}).ports.widgets).toEqual([5001, 5002, 5003])
  })

  it('wants one port per sample widget, and says so to someone who gives one', () => {
    expect(() => parseConfig(['--widgets-port', '4501'], {})).toThrow(
      /--widgets-port: expected 3 ports, one per sample widget \(demo-doctor, demo-booking, demo-profile\)/,
    )
    expect(() => parseConfig([], { DEMO_WIDGETS_PORT: '4501,4502' })).toThrow(/expected 3 ports/)
  })

  it('puts each sample widget on an origin of its own, and checks yours against them too', () => {
    const fixtures = loadFixtures()
    const { samples, apps } = demoApps(
      fixtures,
      { ports: portsFrom(4400), apps: [] },
      memorySecretStore(),
    )
    expect(samples.map((app) => app.app_key)).toEqual([...SAMPLE_KEYS])
    expect(samples.map((app) => new URL(app.url).origin)).toEqual([
      'http://localhost:4401',
      'http://localhost:4403',
      'http://localhost:4404',
    ])
    expect(apps).toEqual(samples)
    const mine = (url: string) =>
      parseConfig(['--app', `mine=${url}`], {}).apps as ReturnType<typeof parseConfig>['apps']
    // Your widget on a sample's origin (any sample's, not only the first's) is refused.
    for (const origin of Object.values(sampleOrigins(portsFrom(4400)))) {
      expect(() =>
        demoApps(
          fixtures,
          { ports: portsFrom(4400), apps: mine(`${origin}/x/`) },
          memorySecretStore(),
        ),
      ).toThrow(/both served from http:\/\/localhost:440[134]/)
    }
    const ok = demoApps(
      fixtures,
      { ports: portsFrom(4400), apps: mine('http://localhost:5173/') },
      memorySecretStore(),
    )
    expect(ok.apps.map((app) => app.app_key)).toEqual([...SAMPLE_KEYS, 'mine'])
    expect(() =>
      demoApps(
        fixtures,
        {
          ports: portsFrom(4400),
          apps: parseConfig(['--app', 'demo-doctor=http://localhost:5173/'], {}).apps,
        },
        memorySecretStore(),
      ),
    ).toThrow(/key of a sample widget/)
    expect(() =>
      demoApps(
        fixtures,
        { ports: { ...portsFrom(4400), widgets: [4401] }, apps: [] },
        memorySecretStore(),
      ),
    ).toThrow(ConfigError)
  })

  it('registers --app KEY=URL with every scope, a pro product and no secret of its own', () => {
    const { apps } = parseConfig(['--app', 'my-widget=http://localhost:5173/'], {})
    // The developer key and webhook secret come from this installation's store, not the key.
    expect(apps[0]).not.toHaveProperty('developer_key')
    expect(apps[0]).not.toHaveProperty('webhook_secret')
    expect(apps).toEqual([
      expect.objectContaining({
        app_key: 'my-widget',
        url: 'http://localhost:5173/',
        contexts: ['doctor-panel'],
        scopes: [...SCOPES],
        products: [expect.objectContaining({ key: 'pro' })],
      }),
    ])
    expect(() => parseConfig(['--app', 'my-widget=ftp://x'], {})).toThrow(ConfigError)
    expect(() => parseConfig(['--app', '=http://x/'], {})).toThrow(ConfigError)
  })

  it('takes a name and contexts with --app KEY=URL;name=…;contexts=…', () => {
    const { apps } = parseConfig(
      [
        '--app',
        'mine=http://localhost:5173/;name=My widget;contexts=doctor-panel,doctor-profile',
        '--app=other=http://localhost:5174/app/;contexts=booking-flow',
      ],
      {},
    )
    expect(apps).toEqual([
      expect.objectContaining({
        app_key: 'mine',
        url: 'http://localhost:5173/',
        name: 'My widget',
        contexts: ['doctor-panel', 'doctor-profile'],
        scopes: [...SCOPES],
      }),
      // Without name= it is named by its key.
      expect.objectContaining({
        app_key: 'other',
        url: 'http://localhost:5174/app/',
        name: 'other',
        contexts: ['booking-flow'],
      }),
    ])
  })

  it.each([
    ['an unknown context', 'mine=http://localhost:5173/;contexts=doctor-panel,lobby', /not lobby/],
    ['no context', 'mine=http://localhost:5173/;contexts=', /contexts= expects some of/],
    ['an empty name', 'mine=http://localhost:5173/;name=', /name= needs 1 to 100/],
    ['a name given twice', 'mine=http://localhost:5173/;name=A;name=B', /once each/],
    ['an unknown option', 'mine=http://localhost:5173/;icon=x.png', /"icon=x.png" is not name/],
    ['a ; in the URL', 'mine=http://localhost:5173/a;b', /%3B/],
  ])('refuses --app with %s', (_, value, says) => {
    expect(() => parseConfig(['--app', value], {})).toThrow(says)
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
    expect(() => parseConfig(['--config', file], {})).toThrow(/apps\[0\]\.scopes\[0\]: "root"/)
  })

  // The platform decides which scopes exist: a config may enable any well-formed name.
  it.each([['provider.appointment.webhook'], ['provider.future_thing.v2'], ['app.x']])(
    'accepts the scope name %s, listed or not',
    (scope) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
      const file = path.join(dir, 'demo.json')
      const scopes = ['provider.profile.read', scope]
      writeFileSync(file, JSON.stringify({ apps: [{ app_key: 'x', url: 'http://l/', scopes }] }))
      expect(parseConfig(['--config', file], {}).apps[0]?.scopes).toEqual(scopes)
    },
  )

  it.each<[string, unknown, string]>([
    ['upper case', 'Provider.X', '"Provider.X"'],
    ['one word', 'root', '"root"'],
    ['a wildcard', 'provider.*', '"provider.*"'],
    ['a space', 'provider.profile read', '"provider.profile read"'],
    ['a number', 7, '7'],
    ['null', null, 'null'],
  ])('refuses a malformed scope (%s), naming the entry', (_, bad, shown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    const scopes = ['provider.profile.read', 'user.profile.read', bad]
    writeFileSync(file, JSON.stringify({ apps: [{ app_key: 'x', url: 'http://l/', scopes }] }))
    expect(() => parseConfig(['--config', file], {})).toThrow(
      `${file}: apps[0].scopes[2]: ${shown} is not a scope name (dotted lowercase words)`,
    )
  })

  it('refuses scopes that are not a list', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const file = path.join(dir, 'demo.json')
    writeFileSync(
      file,
      JSON.stringify({
        apps: [{ app_key: 'x', url: 'http://l/', scopes: 'provider.profile.read' }],
      }),
    )
    expect(() => parseConfig(['--config', file], {})).toThrow(
      `${file}: apps[0].scopes: expected an array of scope names`,
    )
  })

  it('gives --app widgets a webhook URL on their origin and random secrets from the store', () => {
    const config = parseConfig(['--app', 'my-widget=http://localhost:5173/page/'], {})
    expect(config.apps[0]?.webhook_url).toBe('http://localhost:5173/api/webhooks')
    const store = memorySecretStore()
    const mine = (s = store) =>
      demoApps(loadFixtures(), config, s).apps.find((a) => a.app_key === 'my-widget')!
    const app = mine()
    expect(isWebhookSecret(app.webhook_secret)).toBe(true)
    expect(app.developer_key).toMatch(/^dk_[A-Za-z0-9_-]{32}$/)
    expect(app.developer_key).not.toContain('my-widget')
    // The same store gives the same secrets; another installation's differ.
    expect(mine()).toMatchObject({
      developer_key: app.developer_key,
      webhook_secret: app.webhook_secret,
    })
    expect(mine(memorySecretStore()).developer_key).not.toBe(app.developer_key)
    expect(mine(memorySecretStore()).webhook_secret).not.toBe(app.webhook_secret)
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

describe("the test kit reads a config's widget as the dev command does", () => {
  it('gives the same defaults for what an entry leaves out', () => {
    const raw = { app_key: 'bare', url: 'http://localhost:5173/' }
    const app = appFromConfig(raw, 0, 'apps[0]')
    for (const locale of ['fa', 'en'] as const) {
      const text = (t: string | { fa: string; en: string }) =>
        typeof t === 'string' ? t : t[locale]
      expect(widgetFromConfig({ apps: [raw] }, { locale })).toEqual({
        app_key: 'bare',
        name: text(app.name),
        context: app.contexts[0],
        scopes: app.scopes,
        products: app.products.map((p) => ({ ...p, title: text(p.title) })),
        plans: app.plans.map((p) => ({ ...p, title: text(p.title) })),
      })
    }
  })
})
