// The config's shape, checked at start by the dev command and by the test kit alike (the schema
// both share: src/events/dev-config.ts): the path, and a "did you mean".
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { widgetFromConfig } from 'platform-widget-sdk/testing'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.js'

describe('a config that says what is wrong', () => {
  const file = (apps: unknown[]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-config-'))
    const full = path.join(dir, 'platform.config.json')
    writeFileSync(full, JSON.stringify({ apps }))
    return full
  }
  const widget = { app_key: 'mine', url: 'http://localhost:5173/' }

  it.each([
    [
      { scope: ['provider.profile.read'] },
      /apps\[0\]\.scope: unknown key "scope"; did you mean "scopes"\?/,
    ],
    [
      { scopes: ['provider.appointments.read'] },
      /apps\[0\]\.scopes\[0\]: unknown scope "provider\.appointments\.read"; did you mean "provider\.appointment\.read"\?/,
    ],
    [{ products: [{ key: 'pro', prise: 1 }] }, /apps\[0\]\.products\[0\]\.prise: .*"price"/],
  ])(
    'refuses %j at start, with the path and a suggestion, in the dev command and the kit',
    (fields, message) => {
      const config = file([{ ...widget, ...fields }])
      expect(() => parseConfig(['--config', config], {})).toThrow(ConfigError)
      expect(() => parseConfig(['--config', config], {})).toThrow(message)
      // As `import config from './platform.config.json'` gives it to the kit.
      expect(() =>
        widgetFromConfig(JSON.parse(JSON.stringify({ apps: [{ ...widget, ...fields }] }))),
      ).toThrow(message)
    },
  )

  it('takes a well-formed scope the dev platform does not know, with a warning', () => {
    const config = file([{ ...widget, scopes: ['provider.invoice.read'] }])
    const parsed = parseConfig(['--config', config], {})
    expect(parsed.apps[0]!.scopes).toEqual(['provider.invoice.read'])
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/apps\[0\]\.scopes\[0\]: "provider\.invoice\.read" is not a scope/),
    ])
    expect(
      widgetFromConfig({ apps: [{ ...widget, scopes: ['provider.invoice.read'] }] }).scopes,
    ).toEqual(['provider.invoice.read'])
  })

  it('knows the keys of the example config and of the init template', () => {
    const example = fileURLToPath(new URL('../config.example.json', import.meta.url))
    const template = fileURLToPath(
      new URL('../templates/widget/platform.config.json', import.meta.url),
    )
    expect(parseConfig(['--config', example], {}).warnings).toEqual([])
    expect(parseConfig(['--config', template], {}).warnings).toEqual([])
  })
})
