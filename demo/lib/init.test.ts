// `platform-widget-dev init`: its arguments, the folders it refuses, and the widget it writes
// (which scripts/package-init.mjs then installs and tests from the packed packages).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { ConfigError } from './config-error.js'
import { parseInitArgs, writeWidget } from './init.js'
import { demoPath } from './paths.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'init-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('init arguments', () => {
  it('takes the key from the folder name unless --app-key names one, the name from the key', () => {
    expect(parseInitArgs(['my-widget'], dir)).toEqual({
      dir: path.join(dir, 'my-widget'),
      appKey: 'my-widget',
      name: 'my-widget',
    })
    expect(parseInitArgs(['w', '--app-key', 'clinic.notes', '--name=Clinic notes'], dir)).toEqual({
      dir: path.join(dir, 'w'),
      appKey: 'clinic.notes',
      name: 'Clinic notes',
    })
    expect(parseInitArgs(['--help'])).toBe('help')
    expect(parseInitArgs(['w', '--port', '7600', '--packages=tgz'], dir)).toEqual({
      dir: path.join(dir, 'w'),
      appKey: 'w',
      name: 'w',
      port: 7600,
      packages: path.join(dir, 'tgz'),
    })
  })

  it.each([
    [[], /Name a folder/],
    [['a', 'b'], /One folder only/],
    [['a', '--app-key'], /--app-key needs a value/],
    [['a', '--force'], /unknown option "--force"/],
    [['a', '--app-key', 'my widget'], /"my widget" is not a widget key/],
    [['my widget'], /is the folder's name: pass --app-key KEY/],
    [['a', '--name', ''], /--name needs a value/],
    [['a', '--name', 'x'.repeat(101)], /--name: expected 1 to 100 characters/],
    [['a', '--port', '80'], /--port: expected a port from 1024 to 65529/],
    [['a', '--port=65530'], /--port: expected a port from 1024 to 65529/],
    [['a', '--port', '76OO'], /--port: expected a port/],
    [['a', '--packages'], /--packages needs a value/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseInitArgs(argv, dir)).toThrow(ConfigError)
    expect(() => parseInitArgs(argv, dir)).toThrow(message)
  })
})

describe('init writes a widget', () => {
  it('copies the template with the key and name, and .gitignore under its own name', async () => {
    const target = path.join(dir, 'new')
    const files = await writeWidget({ dir: target, appKey: 'Clinic-Notes', name: 'Clinic notes' })
    expect(files).toEqual(
      expect.arrayContaining([
        '.gitignore',
        'README.md',
        'index.html',
        'package.json',
        'platform.config.json',
        path.join('scripts', 'dev.mjs'),
        path.join('server', 'app.ts'),
        path.join('src', 'widget.test.ts'),
        path.join('test', 'global-setup.ts'),
      ]),
    )
    expect(files).not.toContain('gitignore')
    expect(readFileSync(path.join(target, '.gitignore'), 'utf8')).toMatch(/^\.platform-dev$/m)
    expect(JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8')).name).toBe(
      'clinic-notes',
    )
    // The dev command reads the written config as it is: the key, the name, the backend's webhook.
    const config = parseConfig(['--config', path.join(target, 'platform.config.json')], {})
    expect(config.apps).toMatchObject([
      {
        app_key: 'Clinic-Notes',
        name: 'Clinic notes',
        url: 'http://localhost:4405/',
        webhook_url: 'http://127.0.0.1:4406/webhooks/platform',
        products: [{ key: 'pro' }],
      },
    ])
  })

  it('writes the name in every title: the README, the page’s <title> and its <h1>', async () => {
    const target = path.join(dir, 'titled')
    await writeWidget({ dir: target, appKey: 'sms-reminders', name: 'SMS reminders' })
    const read = (file: string) => readFileSync(path.join(target, file), 'utf8')
    expect(read('README.md').split('\n')[0]).toBe('# SMS reminders')
    expect(read('index.html')).toContain('<title>SMS reminders</title>')
    expect(read(path.join('src', 'widget.ts'))).toContain('<h1>SMS reminders</h1>')
    for (const file of ['README.md', 'index.html', path.join('src', 'widget.ts')]) {
      expect(read(file)).not.toContain('My widget')
    }
    // Markup and a template literal's own characters stay text.
    const odd = path.join(dir, 'odd')
    await writeWidget({ dir: odd, appKey: 'odd', name: '<b>${x}` & "q"' })
    expect(readFileSync(path.join(odd, 'src', 'widget.ts'), 'utf8')).toContain(
      '<h1>&#60;b&#62;&#36;{x}&#96; &#38; &#34;q&#34;</h1>',
    )
  })

  it('writes into an empty folder, and refuses one with anything in it, writing nothing', async () => {
    const empty = path.join(dir, 'empty')
    mkdirSync(empty)
    await expect(writeWidget({ dir: empty, appKey: 'a', name: 'a' })).resolves.toBeDefined()
    const used = path.join(dir, 'used')
    mkdirSync(used)
    writeFileSync(path.join(used, '.env'), 'SECRET=1')
    await expect(writeWidget({ dir: used, appKey: 'a', name: 'a' })).rejects.toThrow(/is not empty/)
    expect(readFileSync(path.join(used, '.env'), 'utf8')).toBe('SECRET=1')
    const file = path.join(dir, 'a-file')
    writeFileSync(file, 'mine')
    await expect(writeWidget({ dir: file, appKey: 'a', name: 'a' })).rejects.toThrow(/is a file/)
    expect(readFileSync(file, 'utf8')).toBe('mine')
  })
})

describe('init --port and --packages', () => {
  /** A folder with a tarball of each package, as npm pack names them. */
  const tarballs = (names = ['sdk', 'server', 'dev']) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'init-tgz-'))
    for (const name of names)
      writeFileSync(path.join(folder, `platform-widget-${name}-0.1.0.tgz`), '')
    return folder
  }

  it('puts every port of the project at N and up, in platform.config.json only', async () => {
    const target = path.join(dir, 'w')
    await writeWidget({ dir: target, appKey: 'w', name: 'W', port: 7600 })
    const file = path.join(target, 'platform.config.json')
    const raw = JSON.parse(readFileSync(file, 'utf8'))
    expect(raw.ports).toEqual({ panel: 7600, widgets: [7601, 7603, 7604], emulator: 7602 })
    expect(parseConfig(['--config', file], {}).ports.emulator).toBe(7602)
    expect(raw.apps[0]).toMatchObject({
      url: 'http://localhost:7605/',
      webhook_url: 'http://127.0.0.1:7606/webhooks/platform',
    })
    // No port anywhere else: the script tag is written by vite.config.ts from the config.
    for (const other of ['index.html', 'vite.config.ts', 'package.json', 'scripts/dev.mjs']) {
      expect(readFileSync(path.join(target, other), 'utf8'), other).not.toMatch(
        /\b(4400|5173|8787|7600)\b/,
      )
    }
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toContain('%PLATFORM_SCRIPT_URL%')
  })

  it('moves them again as npm run dev -- --port does, keeping the rest of the file', async () => {
    const target = path.join(dir, 'w')
    await writeWidget({ dir: target, appKey: 'w', name: 'W' })
    const file = path.join(target, 'platform.config.json')
    const before = readFileSync(file, 'utf8')
    const ports = await import(path.join(target, 'scripts', 'ports.mjs'))
    const after = ports.movePorts(before, 25610)
    expect(ports.portsOf(after)).toEqual(ports.layout(25610))
    expect(ports.portsOf(before)).toEqual(ports.layout(4400))
    // Only the ports changed: the products' one-line layout, the comment, the key stay.
    const stripped = (text: string) => text.replace(/\d{4,5}/g, 'N')
    expect(stripped(after)).toBe(stripped(before))
  })

  it("writes the README with the project's ports, not the template's", async () => {
    const target = path.join(dir, 'w')
    await writeWidget({ dir: target, appKey: 'w', name: 'W', port: 6510 })
    const readme = readFileSync(path.join(target, 'README.md'), 'utf8')
    expect(readme).toContain('open http://127.0.0.1:6510/panel')
    expect(readme).toContain('http://localhost:6515/ (N+5)')
    expect(readme).toContain('http://127.0.0.1:6516 (N+6)')
    expect(readme).toContain('PLATFORM_URL=http://127.0.0.1:6512 npm test')
    expect(readme).toContain('(6510 and up)')
    expect(readme).not.toMatch(/\b440\d\b/)
  })

  it('installs the three packages from the tarballs in --packages, with no hand edit', async () => {
    const folder = tarballs()
    const target = path.join(folder, 'my-widget')
    await writeWidget({ dir: target, appKey: 'w', name: 'W', packages: folder })
    const pkg = JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8'))
    expect(pkg.dependencies['platform-widget-server']).toBe(
      'file:../platform-widget-server-0.1.0.tgz',
    )
    expect(pkg.devDependencies['platform-widget-sdk']).toBe('file:../platform-widget-sdk-0.1.0.tgz')
    expect(pkg.devDependencies['platform-widget-dev']).toBe('file:../platform-widget-dev-0.1.0.tgz')
    expect(pkg.overrides).toEqual({
      'platform-widget-sdk': 'file:../platform-widget-sdk-0.1.0.tgz',
      'platform-widget-server': 'file:../platform-widget-server-0.1.0.tgz',
      'platform-widget-dev': 'file:../platform-widget-dev-0.1.0.tgz',
    })
  })

  it('refuses a folder missing a tarball, or with two of one, before writing anything', async () => {
    const missing = tarballs(['sdk', 'dev'])
    const target = path.join(dir, 'w')
    await expect(
      writeWidget({ dir: target, appKey: 'w', name: 'W', packages: missing }),
    ).rejects.toThrow(/no platform-widget-server-VERSION\.tgz in/)
    const twice = tarballs()
    writeFileSync(path.join(twice, 'platform-widget-sdk-0.2.0.tgz'), '')
    await expect(
      writeWidget({ dir: target, appKey: 'w', name: 'W', packages: twice }),
    ).rejects.toThrow(/2 tarballs of platform-widget-sdk/)
    expect(() => readFileSync(path.join(target, 'package.json'))).toThrow()
  })
})

describe('the template', () => {
  const template = (file: string) =>
    JSON.parse(readFileSync(demoPath('templates', 'widget', file), 'utf8'))
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'))

  it("asks for the versions this repository's lock file resolves, and its own packages'", () => {
    const { dependencies, devDependencies } = template('package.json')
    for (const [name, range] of Object.entries({ ...dependencies, ...devDependencies })) {
      const ours = Object.values(lock.packages as Record<string, { name?: string }>).find(
        (entry) => entry.name === name,
      ) as { version: string } | undefined
      const resolved = ours?.version ?? lock.packages[`node_modules/${name}`]?.version
      // `^x.y.z` or `~x.y.z` of exactly the locked version: npm install then finds it in the cache.
      expect(`${name}@${range}`).toBe(`${name}@${String(range)[0]}${resolved}`)
    }
  })
})
