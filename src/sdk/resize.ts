/**
 * Reports the page's content height whenever it changes, so the host can size the iframe and
 * no inner scrollbar appears. Returns a function that stops observing.
 *
 * The content height is the lowest bottom edge (margin included) of `<body>`'s element children,
 * plus body's bottom padding, border and margin; not the box of `<html>` or `<body>`. In a frame
 * sized to its content, `vh` and `%` are the frame's own height: `body { min-height: 100vh }`
 * made those boxes at least as tall as the frame, so it never shrank (iframe-resizer's
 * long-standing `vh` issue; its v5 forces `height: auto` on both elements instead, which changes
 * the widget's styles). A `position: fixed` child (a full-screen loading or error screen) counts
 * with its content, `top + scrollHeight`: out of flow, no box held it, and it was cut off. Only
 * body's children are read, not every element as iframe-resizer's `lowestElement` does: on a page
 * of 30,000 elements, 0.005 ms under one root element, 0.7–1.4 ms with 200 children of body,
 * against 38–80 ms for every element (Chromium). Not exact: a child's bottom margin that collapses
 * with body's counts twice (a few px of blank below), and text directly in body is not measured.
 */
export function observeHeight(doc: Document, report: (height: number) => void): () => void {
  const seen = new WeakSet<Element>()
  let last = -1
  const measure = () => {
    const body = doc.body
    // Before <body>: nothing to size yet (the observer on <html> reports once it grows).
    if (!body) return
    // A new child of body (an overlay appended) changes no box the observer watches.
    mutations.observe(body, { childList: true })
    // Below the lowest child: body's bottom padding, border and margin.
    const css = getComputedStyle(body)
    let height =
      parseFloat(css.paddingBottom) +
      parseFloat(css.borderBottomWidth) +
      parseFloat(css.marginBottom)
    let bottom = 0
    for (const child of body.children) {
      // Each child once: observing it again would report it again, and measure again.
      if (!seen.has(child)) resizes.observe(seen.add(child) && child)
      const style = getComputedStyle(child)
      const box = child.getBoundingClientRect()
      bottom = Math.max(
        bottom,
        style.position === 'fixed'
          ? box.top + child.scrollHeight
          : box.bottom + scrollY + parseFloat(style.marginBottom),
      )
    }
    height = Math.ceil(height + bottom)
    if (height !== last) {
      last = height
      report(height)
    }
  }
  // Without ResizeObserver (an old engine) the height is not followed; initialize still works.
  if (typeof ResizeObserver !== 'function') return () => {}
  // <html>, and each child of <body>: a section closing inside a body pinned by min-height
  // changes neither html's box nor body's.
  const resizes = new ResizeObserver(measure)
  const mutations = new MutationObserver(measure)
  resizes.observe(doc.documentElement)
  // Once in the next task too, not only when the observer first reports: Chromium does not
  // render a cross-origin frame outside the viewport, and a ResizeObserver reports only when its
  // frame renders, so a widget below the fold would keep the host's first 150 px until the user
  // scrolled to it. Not at once: measuring forces a layout, which `initialize` need not wait for.
  const first = setTimeout(measure)
  return () => {
    clearTimeout(first)
    resizes.disconnect()
    mutations.disconnect()
  }
}
