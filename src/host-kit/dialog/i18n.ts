import type { Locale } from '../../events/index.js'
import { loadedWords } from './catalog.js'
import { formatNumber } from './core-words.js'
import type { Words } from './words-en.js'

export { formatNumber } from './core-words.js'
export type { PaymentOutcome, ScopeReason } from './words-en.js'

/**
 * The strings dialogs share, in one locale (an operation's own are in its folder's `words.ts`).
 * `fa` is the default and reads right to left.
 */
export type Strings = Words

/**
 * The dialog words of `locale`. Loaded before any dialog opens (`loadWords`, with the dialogs):
 * asking for a locale that is not is a mistake in the host, not the widget's.
 */
export function strings(locale: Locale): Strings {
  const words = loadedWords(locale)
  if (!words) throw new Error(`The ${locale} dialog words are not loaded: await loadWords first`)
  return words
}

/** The plain words for `scope`, or undefined for a scope the host has no words for. */
export function describeScope(scope: string, locale: Locale): string | undefined {
  const words = strings(locale).scopes
  return Object.hasOwn(words, scope) ? words[scope as keyof typeof words] : undefined
}

/** A price in Rials: `12,715 Rials` or `۱۲٬۷۱۵ ریال`. */
export function formatRials(value: number, locale: Locale): string {
  return `${formatNumber(value, locale)} ${strings(locale).currency}`
}
