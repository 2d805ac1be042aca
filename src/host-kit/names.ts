import { LOCALES, type Locale } from '../events/index.js'
import { invalid } from '../events/wire.js'
import { withoutBidi } from './dialog/dom.js'

/**
 * A widget's registered name: one for every locale, or one per locale (`{ fa: 'نوبت‌دهی', en:
 * 'Booking' }`), so "Requested by" and the iframe's title follow the panel's language.
 */
export type WidgetName = string | Readonly<Record<Locale, string>>

function text(value: unknown, field: string, app_key: string): string {
  if (typeof value !== 'string') throw invalid(field, `${app_key}: must be a string`)
  return withoutBidi(value)
}

/**
 * Checks a registration's `name` and returns it without bidi controls. `field` is where it is
 * (`widgets[2].name`); a mistake is refused with `INVALID_ARGUMENT` naming the exact place
 * (`widgets[2].name.en`).
 *
 * @example
 * checkName({ fa: 'نوبت‌دهی' }, 'booking', 'widgets[0].name') // throws: widgets[0].name.en …
 */
export function checkName(name: unknown, app_key: string, field: string): WidgetName {
  if (typeof name === 'string') return text(name, field, app_key)
  if (typeof name !== 'object' || name === null || Array.isArray(name)) {
    throw invalid(field, `${app_key}: must be a string or { ${LOCALES.join(', ')} }`)
  }
  for (const key of Object.keys(name)) {
    if (!(LOCALES as readonly string[]).includes(key)) {
      throw invalid(`${field}.${key}`, `${app_key}: not a locale; expected ${LOCALES.join(', ')}`)
    }
  }
  const source = name as Record<string, unknown>
  const out = {} as Record<Locale, string>
  for (const locale of LOCALES) out[locale] = text(source[locale], `${field}.${locale}`, app_key)
  return out
}

/** The name to show in `locale`. */
export function nameIn(name: WidgetName, locale: Locale): string {
  return typeof name === 'string' ? name : name[locale]
}
