import { beforeAll, describe, expect, it } from 'vitest'
import { devConfigProblems, LOCALES, SCOPES } from '../../events/index.js'
import { loadWords } from './catalog.js'
import { describeScope, formatNumber, formatRials, strings } from './i18n.js'

// The host loads each locale's words with its dialogs; these tests read them directly.
beforeAll(() => Promise.all([loadWords('en'), loadWords('fa')]))

const PERSIAN_DIGITS = /^[۰-۹٬]+$/
const fromPersian = (text: string) =>
  Number(text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[٬,]/g, ''))

describe('scope words', () => {
  it.each(SCOPES.flatMap((scope) => LOCALES.map((locale) => [scope, locale] as const)))(
    '%s has words in %s',
    (scope, locale) => {
      const words = describeScope(scope, locale)
      expect(words).toBeTypeOf('string')
      expect(words?.trim().length).toBeGreaterThan(3)
      expect(words).not.toContain(scope) // plain words, not the technical name
    },
  )

  it.each(SCOPES.map((s) => [s]))('%s is translated, not copied, into Persian', (scope) => {
    const fa = describeScope(scope, 'fa')
    expect(fa).not.toBe(describeScope(scope, 'en'))
    expect(fa).toMatch(/[\u0600-\u06ff]/)
  })

  it('has words for the scope real widgets use that the spec lacks, known to the dev config', () => {
    expect(describeScope('provider.appointment.webhook', 'en')).toBe(
      'Be told when your appointments change',
    )
    expect(describeScope('provider.appointment.webhook', 'fa')).toMatch(/[\u0600-\u06ff]/)
    const app = { app_key: 'w', scopes: ['provider.appointment.webhook'] }
    expect(devConfigProblems({ apps: [app] }).warnings).toEqual([])
  })

  it.each(['provider.future_thing.v2', 'constructor', '__proto__', 'toString'])(
    'has no words for %s, a scope it does not list',
    (scope) => {
      for (const locale of LOCALES) expect(describeScope(scope, locale)).toBeUndefined()
    },
  )

  it('describes every scope differently within a locale', () => {
    for (const locale of LOCALES) {
      const words = SCOPES.map((s) => describeScope(s, locale))
      expect(new Set(words).size).toBe(SCOPES.length)
    }
  })
})

describe('the catalog', () => {
  it('has the same strings in both locales', () => {
    expect(Object.keys(strings('fa')).sort()).toEqual(Object.keys(strings('en')).sort())
    expect(Object.keys(strings('fa').errors).sort()).toEqual(
      Object.keys(strings('en').errors).sort(),
    )
  })

  it.each(LOCALES.map((l) => [l]))('has no empty string in %s', (locale) => {
    for (const [key, value] of Object.entries(strings(locale))) {
      const text =
        typeof value === 'function'
          ? (value as (...a: string[]) => string)('X', 'Y')
          : typeof value === 'string'
            ? value
            : Object.values(value).join(' ')
      expect(text.trim(), key).not.toBe('')
    }
  })
})

describe('formatRials and formatNumber', () => {
  it('writes 12715 Rials in Persian digits with "ریال"', () => {
    const text = formatRials(12_715, 'fa')
    expect(text).toBe('۱۲٬۷۱۵ ریال')
    const [number, currency] = text.split(' ')
    expect(number).toMatch(PERSIAN_DIGITS)
    expect(currency).toBe('ریال')
    expect(text).not.toMatch(/[0-9]/)
  })

  it('writes 12715 Rials in English as "12,715 Rials"', () => {
    expect(formatRials(12_715, 'en')).toBe('12,715 Rials')
  })

  it.each<[number, string, string]>([
    [0, '0', '۰'],
    [1, '1', '۱'],
    [999, '999', '۹۹۹'],
    [1000, '1,000', '۱٬۰۰۰'],
    [1_250_000, '1,250,000', '۱٬۲۵۰٬۰۰۰'],
    [1_030_000_000_000, '1,030,000,000,000', '۱٬۰۳۰٬۰۰۰٬۰۰۰٬۰۰۰'],
  ])('formats %d as %s and %s', (value, en, fa) => {
    expect(formatNumber(value, 'en')).toBe(en)
    expect(formatNumber(value, 'fa')).toBe(fa)
    expect(fromPersian(fa)).toBe(value)
  })

  it('shows whole Rials only', () => {
    expect(formatNumber(12_715.6, 'en')).toBe('12,716')
  })
})
