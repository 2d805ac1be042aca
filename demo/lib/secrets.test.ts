// Secrets made for each installation (SECURITY.md, threat 5): random, kept in a file of the user's
// alone, the same across restarts, new on rotation; none in the package's fixtures.
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isWebhookSecret } from 'platform-widget-sdk/events'
import { describe, expect, it } from 'vitest'
import { loadFixtures } from '../emulator/state.js'
import { demoApps, parseConfig, portsFrom } from './config.js'
import {
  memorySecretStore,
  newAppSecrets,
  openSecretStore,
  SecretsError,
  secretsPath,
} from './secrets.js'

const tmp = () => mkdtempSync(path.join(tmpdir(), 'demo-secrets-'))
const mode = (file: string) => statSync(file).mode & 0o777

describe("this installation's secrets", () => {
  it('are random: a developer key of 24 bytes, a whsec_ of 32, never derived from the key', () => {
    const made = Array.from({ length: 50 }, newAppSecrets)
    expect(new Set(made.map((s) => s.developer_key)).size).toBe(50)
    expect(new Set(made.map((s) => s.webhook_secret)).size).toBe(50)
    for (const s of made) {
      expect(s.developer_key).toMatch(/^dk_[A-Za-z0-9_-]{32}$/)
      expect(isWebhookSecret(s.webhook_secret)).toBe(true)
      expect(Buffer.from(s.webhook_secret.slice(6), 'base64')).toHaveLength(32)
    }
  })

  it('are made on first use and kept in .platform-dev/secrets.json, mode 0600, folder 0700, git-ignored', () => {
    const dir = tmp()
    const file = secretsPath(undefined, dir)
    expect(file).toBe(path.join(dir, '.platform-dev', 'secrets.json'))
    expect(existsSync(file)).toBe(false)
    const doctor = openSecretStore(file).get('demo-doctor')
    expect(existsSync(file)).toBe(true)
    expect(mode(file)).toBe(0o600)
    expect(mode(path.dirname(file))).toBe(0o700)
    expect(readFileSync(path.join(path.dirname(file), '.gitignore'), 'utf8')).toMatch(/^\*$/m)
    expect(JSON.parse(readFileSync(file, 'utf8')).apps['demo-doctor']).toEqual(doctor)
  })

  it('live beside the config file when there is one', () => {
    const dir = tmp()
    expect(secretsPath('conf/demo.json', dir)).toBe(
      path.join(dir, 'conf', '.platform-dev', 'secrets.json'),
    )
    expect(parseConfig([], {}, dir).secretsFile).toBe(
      path.join(dir, '.platform-dev', 'secrets.json'),
    )
  })

  it('stay the same across restarts, and every app has its own', () => {
    const file = secretsPath(undefined, tmp())
    const config = parseConfig(['--port', '4400', '--app', 'mine=http://localhost:5173/'], {})
    const first = demoApps(loadFixtures(), config, openSecretStore(file)).apps
    const again = demoApps(loadFixtures(), config, openSecretStore(file)).apps
    expect(again).toEqual(first)
    expect(new Set(first.map((a) => a.developer_key)).size).toBe(first.length)
    expect(new Set(first.map((a) => a.webhook_secret)).size).toBe(first.length)
    // A key the config file gives is the config's, and is not written to the store.
    const dir = tmp()
    const conf = path.join(dir, 'demo.json')
    writeFileSync(
      conf,
      JSON.stringify({
        apps: [{ app_key: 'own', url: 'http://localhost:5173/', developer_key: 'my-own-key-1234' }],
      }),
    )
    const parsed = parseConfig(['--config', conf], {})
    const own = demoApps(loadFixtures(), parsed, openSecretStore(parsed.secretsFile)).apps.at(-1)
    expect(own?.developer_key).toBe('my-own-key-1234')
    expect(isWebhookSecret(own?.webhook_secret)).toBe(true)
  })

  it('are made anew with --rotate-secrets (or by deleting the file)', () => {
    const file = secretsPath(undefined, tmp())
    const before = openSecretStore(file).get('demo-doctor')
    expect(parseConfig(['--rotate-secrets'], {}).rotateSecrets).toBe(true)
    expect(parseConfig([], {}).rotateSecrets).toBe(false)
    const rotated = openSecretStore(file, { rotate: true })
    // The old ones are gone from the file at once, before any app asks.
    expect(JSON.parse(readFileSync(file, 'utf8')).apps).toEqual({})
    const after = rotated.get('demo-doctor')
    expect(after.developer_key).not.toBe(before.developer_key)
    expect(after.webhook_secret).not.toBe(before.webhook_secret)
    expect(openSecretStore(file).get('demo-doctor')).toEqual(after)
  })

  it('narrow a file others can read to 0600, and refuse a damaged one with a way out', () => {
    const file = secretsPath(undefined, tmp())
    openSecretStore(file).get('a')
    chmodSync(file, 0o644)
    openSecretStore(file)
    expect(mode(file)).toBe(0o600)
    writeFileSync(file, '{ nope')
    expect(() => openSecretStore(file)).toThrow(SecretsError)
    expect(() => openSecretStore(file)).toThrow(/--rotate-secrets/)
    writeFileSync(
      file,
      JSON.stringify({ apps: { a: { developer_key: 'short', webhook_secret: 'x' } } }),
    )
    expect(() => openSecretStore(file)).toThrow(/"a" are malformed/)
    expect(openSecretStore(file, { rotate: true }).get('a').developer_key).toMatch(/^dk_/)
  })

  it('a store in memory is random per store and stable within it', () => {
    const store = memorySecretStore()
    expect(store.file).toBeUndefined()
    expect(store.get('x')).toEqual(store.get('x'))
    expect(memorySecretStore().get('x')).not.toEqual(store.get('x'))
  })

  it('none ship in the fixtures or the example config', () => {
    for (const file of ['../emulator/fixtures.json', '../config.example.json']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8')
      expect(text, file).not.toMatch(/whsec_[A-Za-z0-9+/]{8}|dk_[A-Za-z0-9_-]{8}/)
      expect(text, file).not.toMatch(/"developer_key"|"webhook_secret"/)
    }
  })
})

describe('the sample backends get their secrets from the running demo', () => {
  it('each sample app carries the store’s secrets, not the package’s', () => {
    const store = memorySecretStore()
    const { samples } = demoApps(loadFixtures(), { ports: portsFrom(4400), apps: [] }, store)
    for (const app of samples) expect(app).toMatchObject(store.get(app.app_key))
  })
})
