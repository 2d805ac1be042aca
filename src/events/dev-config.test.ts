import { describe, expect, it } from 'vitest'
import { devConfigProblems, didYouMean } from './dev-config.js'

const app = (fields: Record<string, unknown>) => ({ apps: [{ app_key: 'w', ...fields }] })

describe('devConfigProblems', () => {
  it.each([
    [app({ scope: ['provider.profile.read'] }), 'apps[0].scope', 'did you mean "scopes"?'],
    [
      app({ scopes: ['provider.profile.read', 'provider.appointments.read'] }),
      'apps[0].scopes[1]',
      'unknown scope "provider.appointments.read"; did you mean "provider.appointment.read"?',
    ],
    [app({ scopes: ['provider.sms.wirte'] }), 'apps[0].scopes[0]', '"provider.sms.write"'],
    [app({ webhookUrl: 'x' }), 'apps[0].webhookUrl', 'did you mean "webhook_url"?'],
    [app({ product: [] }), 'apps[0].product', 'did you mean "products"?'],
    [app({ colour: 'red' }), 'apps[0].colour', 'unknown key "colour" (known: app_key, url,'],
    [{ app: [] }, 'app', 'did you mean "apps"?'],
    [{ ports: { emulater: 1 } }, 'ports.emulater', 'did you mean "emulator"?'],
    [app({ products: [{ key: 'p', prise: 1 }] }), 'apps[0].products[0].prise', '"price"?'],
    [
      app({ plans: [{ key: 'p', price: 1, periode: 'week' }] }),
      'apps[0].plans[0].periode',
      '"period"?',
    ],
    [app({ pages: [{ key: 'p', embedSrc: '/' }] }), 'apps[0].pages[0].embedSrc', '"embed_src"?'],
  ])('refuses %j at %s', (config, path, message) => {
    const { errors } = devConfigProblems(config)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.path).toBe(path)
    expect(errors[0]!.message).toContain(message)
  })

  it('warns of a well-formed scope it does not know, far from every known one', () => {
    const { errors, warnings } = devConfigProblems(app({ scopes: ['provider.invoice.read'] }))
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      { path: 'apps[0].scopes[0]', message: expect.stringContaining('the platform decides') },
    ])
  })

  it('accepts every known key, $-comments at any level, and leaves values to their readers', () => {
    const config = {
      $comment: 'x',
      ports: { panel: 1, widgets: [2, 3, 4], emulator: 5 },
      allowedHosts: ['a.local'],
      apps: [
        {
          $comment: 'y',
          app_key: 'w',
          url: 'http://localhost:1/',
          name: 'W',
          app_id: '1',
          developer_key: 'dk',
          webhook_url: null,
          webhook_secret: 's',
          contexts: ['doctor-panel'],
          scopes: ['provider.profile.read', 42],
          products: [{ key: 'p', title: 'P', price: 1 }],
          plans: [{ key: 'm', title: 'M', price: 1, period: 'month' }],
          pages: [
            { key: 'p', embed_src: '/x', parameters: {}, name: 'P', protected: true, layout: 'x' },
          ],
        },
      ],
    }
    expect(devConfigProblems(config)).toEqual({ errors: [], warnings: [] })
    expect(devConfigProblems('not an object')).toEqual({ errors: [], warnings: [] })
  })
})

describe('didYouMean', () => {
  it.each([
    ['scope', ['scopes', 'plans'], 'scopes'],
    ['allowed_hosts', ['allowedHosts'], 'allowedHosts'],
    ['urls', ['url'], 'url'],
    ['name', ['app_key', 'url'], undefined],
    ['zzzzzzz', ['scopes'], undefined],
  ])('%s among %j: %s', (word, known, expected) => {
    expect(didYouMean(word, known)).toBe(expected)
  })
})
