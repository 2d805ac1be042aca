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
