import { ErrorCode, type Locale, PlatformError } from '../../events/index.js'
import type { Words } from './words-en.js'

// Each locale's dialog words are a chunk of their own: a panel loads the one it shows, and the
// other only if it switches.
const LOADERS: Record<Locale, () => Promise<Words>> = {
  en: () => import('./words-en.js').then((m) => m.words),
  fa: () => import('./words-fa.js').then((m) => m.words),
}
const loaded: Partial<Record<Locale, Words>> = {}
const pending: Partial<Record<Locale, Promise<Words>>> = {}

/**
 * Loads the dialog words of `locale` once. A failed load rejects with `BACKEND_ERROR` and is
 * tried again on the next call.
 */
export function loadWords(locale: Locale): Promise<Words> {
  const done = loaded[locale]
  if (done) return Promise.resolve(done)
  pending[locale] ??= LOADERS[locale]().then(
    (words) => {
      loaded[locale] = words
      return words
    },
    (error: unknown) => {
      delete pending[locale]
      throw new PlatformError(
        ErrorCode.BACKEND_ERROR,
        `The panel could not load its ${locale} words: ${(error as Error)?.message ?? error}`,
      )
    },
  )
  return pending[locale]
}

/** The dialog words of `locale`, if loaded. */
export function loadedWords(locale: Locale): Words | undefined {
  return loaded[locale]
}
