// The config's shape, checked at start by the dev command and by the test kit alike (the schema
// both share: src/events/dev-config.ts): the path, and a "did you mean".
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestHost, widgetFromConfig } from 'platform-widget-sdk/testing'
import { describe, expect, it } from 'vitest'
import example from '../config.example.json' with { type: 'json' }
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

  // One schema: every row is refused by both readers with the same path and the same words.
  const secret = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`
  it.each<[string, Record<string, unknown>, string, string]>([
    ['a key slip', { scope: [] }, 'apps[0].scope', 'unknown key "scope"; did you mean "scopes"?'],
    [
      'a scope slip',
      { scopes: ['provider.appointments.read'] },
      'apps[0].scopes[0]',
      'unknown scope "provider.appointments.read"; did you mean "provider.appointment.read"?',
    ],
    [
      'a malformed scope',
      { scopes: ['root'] },
      'apps[0].scopes[0]',
      '"root" is not a scope name (dotted lowercase words)',
    ],
    ['scopes not a list', { scopes: 'x.y' }, 'apps[0].scopes', 'expected an array of scope names'],
    [
      'a price',
      { products: [{ key: 'p', price: 1.5 }] },
      'apps[0].products[0].price',
      'expected whole Rials',
    ],
    [
      'a period',
      { plans: [{ key: 'm', price: 1, period: 'day' }] },
      'apps[0].plans[0].period',
      'expected week, month or year',
    ],
    [
      'a context',
      { contexts: ['doctor-panel', 'lobby'] },
      'apps[0].contexts[1]',
      'expected some of doctor-panel, booking-flow, doctor-profile',
    ],
    [
      'a name',
      { name: { fa: 'الف' } },
      'apps[0].name',
      'expected a text or { "fa": ..., "en": ... }',
    ],
    [
      'an app_key',
      { app_key: 'my widget' },
      'apps[0].app_key',
      'expected a key like "my-widget" (letters, digits, . _ -)',
    ],
    [
      'a webhook URL',
      { webhook_url: 'https://hooks.example.com/' },
      'apps[0].webhook_url',
      'expected an http(s) URL on localhost, 127.0.0.1 or [::1] (or null for none)',
    ],
    [
      'a webhook secret',
      { webhook_secret: secret(8) },
      'apps[0].webhook_secret',
      'expected "whsec_" and the base64 of 24 to 64 random bytes',
    ],
    [
      'a page on another origin',
      { pages: [{ key: 'p', embed_src: 'http://localhost:9/' }] },
      'apps[0].pages[0].embed_src',
      "must be on the widget's origin http://localhost:5173",
    ],
  ])(
    'refuses %s with the same path and words in the dev command and createTestHost',
    (_, fields, at, words) => {
      const apps = [{ ...widget, ...fields }]
      let dev: unknown
      const config = file(apps)
      try {
        parseConfig(['--config', config], {})
      } catch (error) {
        dev = error
      }
      expect(dev).toBeInstanceOf(ConfigError)
      expect((dev as Error).message).toBe(`${config}: ${at}: ${words}`)
      let kit: unknown
      try {
        createTestHost({ config: JSON.parse(JSON.stringify({ apps })), install: false })
      } catch (error) {
        kit = error
      }
      expect(kit).toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: `config.${at}`,
        message: `config.${at}: ${words}`,
      })
    },
  )

  it('accepts a good secret and the example config in both readers', () => {
    const apps = [{ ...widget, webhook_secret: secret(32) }]
    expect(parseConfig(['--config', file(apps)], {}).apps[0]!.webhook_secret).toBe(secret(32))
    expect(widgetFromConfig({ apps }).app_key).toBe('mine')
    expect(widgetFromConfig(example, { app_key: 'hello-widget' }).products).toEqual([
      expect.objectContaining({ key: 'pro', price: 990_000 }),
    ])
  })

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
