import type { Locale } from '../../events/index.js'

/**
 * The words the host needs before any call, in both locales, being few: a widget frame's title
 * and the notice in the place of a widget that did not come up. The rest load with the dialogs, one locale at
 * a time (`catalog.ts`).
 */
const CORE = {
  en: {
    widgetFrame: (name: string) => `${name} widget`,
    noAnswer: (name: string) => `${name} did not respond.`,
    /** A widget that did not come up, by why (`no-handshake` says `noAnswer`); `status`: HTTP. */
    unavailable: {
      'no-initialize': (name: string) => `${name} loaded but did not start.`,
      'app-key-mismatch': (name: string) =>
        `${name} started as another widget and was not connected.`,
      'http-error': (name: string, status?: number) =>
        `${name} could not load its page (HTTP ${status ?? '?'}).`,
      'refused-framing': (name: string) => `${name} does not allow this panel to show it.`,
      unreachable: (name: string) => `${name} could not be reached.`,
    },
  },
  fa: {
    widgetFrame: (name: string) => `ویجت ${name}`,
    noAnswer: (name: string) => `ویجت ${name} پاسخ نداد.`,
    unavailable: {
      'no-initialize': (name: string) => `ویجت ${name} بارگذاری شد اما راه‌اندازی نشد.`,
      'app-key-mismatch': (name: string) =>
        `ویجت ${name} با کلید ویجت دیگری راه‌اندازی شد و به پنل وصل نشد.`,
      'http-error': (name: string, status?: number) =>
        `صفحهٔ ویجت ${name} بارگذاری نشد (HTTP ${status ?? '?'}).`,
      'refused-framing': (name: string) => `ویجت ${name} اجازهٔ نمایش در این پنل را نمی‌دهد.`,
      unreachable: (name: string) => `سرور ویجت ${name} در دسترس نیست.`,
    },
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
