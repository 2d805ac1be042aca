// @vitest-environment node
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
  })

  it.each([
    [[], /Name a folder/],
    [['a', 'b'], /One folder only/],
    [['a', '--app-key'], /--app-key needs a value/],
    [['a', '--force'], /Unknown option --force/],
    [['a', '--app-key', 'my widget'], /"my widget" is not a widget key/],
    [['my widget'], /is the folder's name: pass --app-key KEY/],
    [['a', '--name', ''], /--name: expected 1 to 100 characters/],
    [['a', '--name', 'x'.repeat(101)], /--name: expected 1 to 100 characters/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseInitArgs(argv, dir)).toThrow(ConfigError)
    expect(() => parseInitArgs(argv, dir)).toThrow(message)
  })
})

describe('init writes a widget', () => {
  it('copies the template with the key and name, and .gitignore under its own name', () => {
    const target = path.join(dir, 'new')
    const files = writeWidget({ dir: target, appKey: 'Clinic-Notes', name: 'Clinic notes' })
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
        url: 'http://localhost:5173/',
        webhook_url: 'http://127.0.0.1:8787/webhooks/platform',
        products: [{ key: 'pro' }],
      },
    ])
  })

  it('writes into an empty folder, and refuses one with anything in it, writing nothing', () => {
    const empty = path.join(dir, 'empty')
    mkdirSync(empty)
    expect(() => writeWidget({ dir: empty, appKey: 'a', name: 'a' })).not.toThrow()
    const used = path.join(dir, 'used')
    mkdirSync(used)
    writeFileSync(path.join(used, '.env'), 'SECRET=1')
    expect(() => writeWidget({ dir: used, appKey: 'a', name: 'a' })).toThrow(/is not empty/)
    expect(readFileSync(path.join(used, '.env'), 'utf8')).toBe('SECRET=1')
    const file = path.join(dir, 'a-file')
    writeFileSync(file, 'mine')
    expect(() => writeWidget({ dir: file, appKey: 'a', name: 'a' })).toThrow(/is a file/)
    expect(readFileSync(file, 'utf8')).toBe('mine')
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
