// Redraws a page in another language around its widgets. Moving an iframe in the document (even
// out and back in) reloads its page, so the widget areas stay where they are: the elements on the
// way to one stay too, and everything else is replaced by its fresh counterpart.

/** What {@link redrawAround} keeps: the areas widgets are mounted in, and what a page keeps. */
export const KEPT = '[data-kept]'

/** Marks `el` to be kept by a redraw where it is (a widget area: its frames, not reloaded). */
export function keep(el: HTMLElement): void {
  el.dataset.kept = ''
}

const holdsKept = (node: Node) =>
  node instanceof Element && (node.matches(KEPT) || node.querySelector(KEPT) !== null)

/**
 * Makes `current` show what `fresh` shows, `fresh` being built by the same code in another
 * language (with a placeholder where a kept area is): a node holding no kept area is replaced
 * by its counterpart; an element holding one stays, takes `fresh`'s attributes, and is redrawn
 * the same way child by child; a kept area itself stays as it is.
 */
export function redrawAround(current: Element, fresh: Element): void {
  if (current.matches(KEPT)) return
  if (!holdsKept(current)) {
    current.replaceWith(fresh)
    return
  }
  for (const { name } of [...current.attributes]) {
    if (!fresh.hasAttribute(name)) current.removeAttribute(name)
  }
  for (const { name, value } of [...fresh.attributes]) current.setAttribute(name, value)
  const old = [...current.childNodes]
  const next = [...fresh.childNodes]
  old.forEach((node, i) => {
    const counterpart = next[i]
    if (counterpart instanceof Element && node instanceof Element && holdsKept(node)) {
      redrawAround(node, counterpart)
    } else if (counterpart) {
      node.replaceWith(counterpart)
    } else if (!holdsKept(node)) {
      node.remove()
    }
  })
  for (const node of next.slice(old.length)) current.append(node)
}
