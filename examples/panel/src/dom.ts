// Elements from text only (never HTML), and the words that follow the panel's language.

import { withoutBidi } from 'platform-widget-sdk/host'
import { type Locale, WORDS, type Words } from './words.js'

type Attrs = Record<string, string>
/** A text the platform gives in each language, or in one. */
export type Text = string | Record<Locale, string>

export function h(tag: string, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  el.append(...children)
  return el
}

type WordKey = Exclude<keyof Words, 'why'> | `why.${keyof Words['why']}`

/** A word of the panel's, kept in its language when the language changes. */
export function word(key: WordKey, tag = 'span', attrs: Attrs = {}): HTMLElement {
  return h(tag, { ...attrs, 'data-word': key }, textOf(key))
}

let current: Locale = 'en'

function textOf(key: string): string {
  const [first, reason] = key.split('.') as [keyof Words, keyof Words['why'] | undefined]
  const value = WORDS[current][first]
  return typeof value === 'string' ? value : value[reason!]
}

/** A registered name, in the panel's language, without bidi controls. */
export function nameOf(name: Text, locale: Locale): string {
  return withoutBidi(typeof name === 'string' ? name : name[locale])
}

/** Sets the page's language and direction, and every word and name in it. */
export function applyLocale(locale: Locale, names: Map<string, Text>) {
  document.documentElement.lang = locale
  document.documentElement.dir = locale === 'fa' ? 'rtl' : 'ltr'
  current = locale
  for (const el of document.querySelectorAll<HTMLElement>('[data-word]')) {
    el.textContent = textOf(el.dataset.word!)
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-name]')) {
    const name = names.get(el.dataset.name!)
    if (name) el.textContent = nameOf(name, locale)
  }
  document.title = WORDS[locale].title
}
