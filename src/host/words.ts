import type { Locale } from '../events/index.js'

/**
 * The words the host needs before any call, in both locales, being two: a widget frame's title
 * and the notice of a widget that did not respond. The rest load with the dialogs, one locale at
 * a time (`dialog/catalog.ts`).
 */
const CORE = {
  en: {
    widgetFrame: (name: string) => `${name} widget`,
    noAnswer: (name: string) => `${name} did not respond.`,
  },
  fa: {
    widgetFrame: (name: string) => `ویجت ${name}`,
    noAnswer: (name: string) => `ویجت ${name} پاسخ نداد.`,
  },
} satisfies Record<Locale, unknown>

/** The words of `locale` that the host needs before any call. */
export function coreWords(locale: Locale): (typeof CORE)['en'] {
  return CORE[locale]
}

const numberFormats = new Map<Locale, Intl.NumberFormat>()

/** A whole number in the locale's digits: `12,715` or `۱۲٬۷۱۵`. */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US', {
      maximumFractionDigits: 0,
    })
    numberFormats.set(locale, format)
  }
  return format.format(value)
}
