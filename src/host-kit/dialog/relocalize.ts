// An open dialog in another language: the same dialog drawn again in the new locale, and its
// words copied onto the one on screen, node by node. The nodes on screen stay (focus, a chosen
// radio, a typed count, their listeners and the `run` that reads them), only their text and the
// attributes that carry words change. A dialog is drawn by one function whatever the locale, so
// both drawings have the same shape.

/** The attributes that hold words or the writing direction; the rest is state (`open`, `aria-busy`). */
const WORD_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'dir', 'lang'] as const

const CONTROLS = 'input, select, textarea, button'

/** Whether two nodes are the same kind of node (the same tag for elements). */
const alike = (a: Node, b: Node) => a.nodeType === b.nodeType && a.nodeName === b.nodeName

/**
 * Copies the words of `drawn` (the same dialog drawn in another locale) onto `live`. Where the
 * shapes differ (a message shown on screen that the fresh drawing has not, a name longer in one
 * language by a node), the live node's children are replaced by the drawn ones, unless they hold
 * a control, which is left as it is: its state is worth more than its label.
 *
 * @example
 * relocalize(openDialog, dialogMarkup(doc, specIn('en'), strings('en'), id).dialog)
 */
export function relocalize(live: Node, drawn: Node): void {
  if (live.nodeType === 3 /* TEXT_NODE */) {
    if (live.nodeValue !== drawn.nodeValue) live.nodeValue = drawn.nodeValue
    return
  }
  if (live.nodeType === 1 /* ELEMENT_NODE */) copyAttributes(live as Element, drawn as Element)
  const liveChildren = [...live.childNodes]
  const drawnChildren = [...drawn.childNodes]
  const sameShape =
    liveChildren.length === drawnChildren.length &&
    liveChildren.every((child, i) => alike(child, drawnChildren[i]!))
  if (sameShape) {
    for (const [i, child] of liveChildren.entries()) relocalize(child, drawnChildren[i]!)
  } else if (live.nodeType === 1 && !(live as Element).querySelector(CONTROLS)) {
    ;(live as Element).replaceChildren(...drawnChildren)
  }
}

function copyAttributes(live: Element, drawn: Element): void {
  for (const name of WORD_ATTRIBUTES) {
    const value = drawn.getAttribute(name)
    if (value === null) live.removeAttribute(name)
    else if (live.getAttribute(name) !== value) live.setAttribute(name, value)
  }
}
