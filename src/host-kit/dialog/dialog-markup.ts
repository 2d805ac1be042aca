import type { Locale } from '../../events/index.js'
import { h } from './dom.js'
import type { Strings } from './i18n.js'

/** Text a widget supplied (a registered name, a product title), bidi-isolated. */
export function isolated(doc: Document, text: string): HTMLElement {
  return h(doc, 'bdi', {}, text)
}

/** A host sentence with a widget-supplied `value` in it, the value bidi-isolated. */
export function sentence(
  doc: Document,
  template: (value: string) => string,
  value: string,
): (Node | string)[] {
  const [before = '', after = ''] = template('\u0000').split('\u0000')
  return [before, isolated(doc, value), after]
}

/** What the markup shows: the part of a `DialogSpec` that is drawn. */
export interface MarkupSpec {
  kind?: string
  from?: { name: string | ((locale: Locale) => string); origin: string }
  locale: Locale
  title: string | (Node | string)[]
  content: Node[]
  confirmLabel: string
}

/** The elements of one dialog that the other modules act on. */
export interface DialogMarkup {
  dialog: HTMLDialogElement
  heading: HTMLHeadingElement
  /** "Not active yet", shown while the confirm ignores activation. */
  wait: HTMLParagraphElement
  close: HTMLButtonElement
  cancel: HTMLButtonElement
  confirm: HTMLButtonElement
  /** Where a `StayOpen` message is shown. */
  error: HTMLParagraphElement
}

/**
 * Builds a dialog's elements, not yet attached: the host-drawn band naming the widget, the
 * heading, the body, and the close, cancel and confirm buttons. `id` prefixes the element ids.
 *
 * @example
 * const { dialog, confirm } = dialogMarkup(document, spec, strings('en'), 'pf-1')
 */
export function dialogMarkup(
  doc: Document,
  spec: MarkupSpec,
  t: Strings,
  id: string,
): DialogMarkup {
  const title = typeof spec.title === 'string' ? [spec.title] : spec.title
  const heading = h(doc, 'h2', { id: `${id}-title`, tabindex: -1 }, ...title)
  // Host-drawn: the registered name and the origin the widget runs on. A widget's own texts
  // (titles, product names) appear below it and can never take its place.
  const from =
    spec.from &&
    h(
      doc,
      'p',
      { class: 'from', 'data-from': '' },
      `${t.requestedBy} `,
      isolated(
        doc,
        typeof spec.from.name === 'function' ? spec.from.name(spec.locale) : spec.from.name,
      ),
      ' · ',
      h(doc, 'bdi', { dir: 'ltr', class: 'origin' }, hostOf(spec.from.origin)),
    )
  const wait = h(doc, 'p', { class: 'wait', id: `${id}-wait` }, t.notActiveYet)
  const close = h(
    doc,
    'button',
    { type: 'button', class: 'x', 'aria-label': t.close, 'data-action': 'close' },
    '×',
  )
  const cancel = h(
    doc,
    'button',
    { type: 'button', class: 'btn', 'data-action': 'cancel' },
    t.cancel,
  )
  const confirm = h(
    doc,
    'button',
    { type: 'button', class: 'btn primary', 'data-action': 'confirm' },
    spec.confirmLabel,
  )
  const error = h(doc, 'p', { class: 'err', role: 'alert' })
  const dialog = h(
    doc,
    'dialog',
    {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': heading.id,
      'aria-describedby': `${id}-body`,
      dir: spec.locale === 'fa' ? 'rtl' : 'ltr',
      lang: spec.locale,
      'data-kind': spec.kind,
    },
    // Plain divs: a <header> or <footer> here would count as a second banner or contentinfo
    // landmark of the panel page (axe: landmark-no-duplicate-banner).
    from,
    h(doc, 'div', { class: 'head' }, heading, close),
    h(doc, 'div', { class: 'body', id: `${id}-body` }, ...spec.content, error),
    h(doc, 'div', { class: 'foot' }, wait, cancel, confirm),
  )
  return { dialog, heading, wait, close, cancel, confirm, error }
}

/** `https://widget.example` → `widget.example`; `http://localhost:3001` → `localhost:3001`. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
