import type { Locale } from '../events/index.js'
import { h, withoutBidi } from '../host-kit/dialog/dom.js'
import { serializeHostError } from '../host-kit/messages.js'
import { nameIn, type WidgetName } from '../host-kit/names.js'

/** The sign-in page's own words, apart from the dialogs' catalog. */
const words = {
  en: {
    title: 'This sign-in cannot go on',
    app_key: 'The request names no widget this platform knows.',
    state: 'The request did not come from a widget’s page (its one-time code is missing).',
    return: 'The request asks to go back to a page the widget has not registered.',
    scope: 'The request asks for no valid access.',
    other: 'The request could not be completed.',
    back: (name: string) => `Back to ${name}`,
  },
  fa: {
    title: 'این ورود ادامه پیدا نمی‌کند',
    app_key: 'این درخواست ویجتی را که پلتفرم می‌شناسد نام نمی‌برد.',
    state: 'این درخواست از صفحهٔ یک ویجت نیامده است (کد یک‌بارمصرف آن نیست).',
    return: 'این درخواست می‌خواهد به صفحه‌ای برگردد که ویجت آن را ثبت نکرده است.',
    scope: 'این درخواست دسترسی معتبری نمی‌خواهد.',
    other: 'این درخواست انجام نشد.',
    back: (name: string) => `بازگشت به «${name}»`,
  },
} as const

/** What a refused request is told, in `locale`: by the parameter at fault, else by its code. */
function reason(error: unknown, locale: Locale): string {
  const t = words[locale]
  const field = (error as { field?: string } | null)?.field?.replace(/\[.*$/, '')
  if (field === 'app_key' || field === 'state' || field === 'return' || field === 'scope') {
    return t[field]
  }
  const { code, message } = serializeHostError(error, locale)
  return code === 'INVALID_ARGUMENT' || code === 'UNTRUSTED_HOST' ? t.other : message
}

/**
 * Shows, in `container`, why the sign-in page will not go on, and a link back to the widget's
 * registered URL when it is known: the user follows it with a click; nothing moves by itself.
 * Everything is text (a widget's name included); the developer's message is shown beside, left
 * to right, for whoever debugs the request.
 */
export function showRefusal(
  container: HTMLElement,
  error: unknown,
  locale: Locale,
  widget?: { name: WidgetName; url: string },
): HTMLElement {
  const doc = container.ownerDocument
  const t = words[locale]
  const developer = error instanceof Error ? error.message : String(error)
  const view = h(
    doc,
    'div',
    { 'data-platform-signin': 'refused', lang: locale, dir: locale === 'fa' ? 'rtl' : 'ltr' },
    h(doc, 'h1', {}, t.title),
    h(doc, 'p', { role: 'alert' }, reason(error, locale)),
    h(doc, 'p', { class: 'detail' }, h(doc, 'bdi', { dir: 'ltr' }, h(doc, 'code', {}, developer))),
    widget &&
      h(
        doc,
        'a',
        { href: widget.url, 'data-action': 'back', rel: 'noreferrer' },
        t.back(withoutBidi(nameIn(widget.name, locale))),
      ),
  )
  container.replaceChildren(view)
  return view
}
