const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g

/**
 * `text` without bidi embedding, override and isolate controls (U+202A–202E, U+2066–2069): a
 * name or title that carries them could reorder the words around it ("free )0 Rials(").
 */
export function withoutBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

type Attrs = Record<string, string | boolean | number | undefined>
type Child = Node | string | false | null | undefined

/**
 * Creates an element. Text is always set as text, never parsed as HTML, so names and titles
 * that come from widgets render as typed.
 *
 * @example
 * h('p', { class: 'note' }, 'Price: ', h('b', {}, price))
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    el.append(typeof child === 'string' ? doc.createTextNode(child) : child)
  }
  return el
}
