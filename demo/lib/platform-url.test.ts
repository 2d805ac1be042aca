import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { platformUrl } from './platform-url.js'
import { parseWebhookCommand } from './webhook-commands.js'

/** A folder with a widget's platform.config.json whose ports start at 7600. */
function project(ports: unknown = { panel: 7600, widgets: [7601, 7603, 7604], emulator: 7602 }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-url-'))
  writeFileSync(path.join(dir, 'platform.config.json'), JSON.stringify({ ports, apps: [] }))
  return dir
}

describe('where a running dev platform is: flag, then environment, then config, then default', () => {
  const dir = project()
  const empty = mkdtempSync(path.join(tmpdir(), 'platform-url-'))
  it.each([
    [
      { emulator: 'http://127.0.0.1:9000/' },
      { PLATFORM_URL: 'http://x:1' },
      'http://127.0.0.1:9000',
      '--emulator',
    ],
    [{ port: '7700' }, { PLATFORM_URL: 'http://127.0.0.1:1' }, 'http://127.0.0.1:7702', '--port'],
    [
      { 'emulator-port': '7777' },
      { DEMO_PORT: '5000' },
      'http://127.0.0.1:7777',
      '--emulator-port',
    ],
    [{}, { PLATFORM_URL: 'http://127.0.0.1:8000' }, 'http://127.0.0.1:8000', 'PLATFORM_URL'],
    [{}, { DEMO_PORT: '5000' }, 'http://127.0.0.1:5002', 'DEMO_PORT'],
    [{}, { DEMO_EMULATOR_PORT: '5555' }, 'http://127.0.0.1:5555', 'DEMO_EMULATOR_PORT'],
    [{}, {}, 'http://127.0.0.1:7602', "platform.config.json's ports"],
  ])('%j with %j: %s', (flags, env, url, from) => {
    expect(platformUrl(flags, env, dir)).toEqual({ url, from })
  })

  it('reads --config or DEMO_CONFIG, and defaults to 4402 with no config here', () => {
    const other = path.join(
      project({ panel: 4500, widgets: [4501, 4503, 4504], emulator: 4502 }),
      'platform.config.json',
    )
    expect(platformUrl({ config: other }, {}, dir).url).toBe('http://127.0.0.1:4502')
    expect(platformUrl({}, { DEMO_CONFIG: other }, dir).url).toBe('http://127.0.0.1:4502')
    expect(platformUrl({}, {}, empty)).toEqual({
      url: 'http://127.0.0.1:4402',
      from: 'the default',
    })
  })

  it('trigger, resend and deliveries find it so, and name a bad value', () => {
    expect(parseWebhookCommand('deliveries', [], {}, dir).emulator).toBe('http://127.0.0.1:7602')
    expect(parseWebhookCommand('resend', ['d1', '--port', '7700'], {}, dir).emulator).toBe(
      'http://127.0.0.1:7702',
    )
    expect(() => parseWebhookCommand('deliveries', ['--port', 'x'], {}, dir)).toThrow(
      /deliveries: --port: expected a port/,
    )
    expect(() => parseWebhookCommand('deliveries', [], { PLATFORM_URL: 'ftp://x' }, dir)).toThrow(
      'deliveries: PLATFORM_URL ftp://x is not an http(s) URL',
    )
  })

  it('the dev command reads the same file with no flag, and its ports', () => {
    const config = parseConfig([], {}, dir)
    expect(config.ports.emulator).toBe(7602)
    expect(config.secretsFile).toBe(path.join(dir, '.platform-dev', 'secrets.json'))
    expect(parseConfig([], {}, empty).ports.emulator).toBe(4402)
  })
})
