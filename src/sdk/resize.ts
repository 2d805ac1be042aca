/**
 * Reports the page's content height whenever it changes, so the host can size the iframe and
 * no inner scrollbar appears. Returns a function that stops observing.
 *
 * The content height is the lowest bottom edge (margin included) of `<body>`'s element children,
 * plus body's bottom padding, border and margin; not the box of `<html>` or `<body>`. In a frame
 * sized to its content, `vh`, `dvh`, `svh`, `%` and a fixed element's position are the frame's own
 * height, so what is measured must not follow them, or each report grows the frame that grows the
 * next (iframe-resizer's long-standing `vh` issue). Hence body's `min-height: 100dvh` is not read
 * (only its children are); a `position: fixed` child (a full-screen loading screen, a footer, a
 * toast) counts by its children's extent, not where it sits (`inset: 0` pinned the frame;
 * `bottom: 68px` with `transform: translateY(100px)` grew it by 32 px a report); and the others
 * by their layout box (`offsetTop`, `offsetHeight`), which no transform moves. What still follows
 * the frame: a child of body with its own `min-height: 100vh`, or stretched by a flex body, holds
 * the frame at its height (it does not grow it); the host's guard holds a loop that gets past.
 * Only body's children are read, not every element as iframe-resizer's `lowestElement` does: on a
 * page of 30,000 elements, 0.005 ms under one root element, 0.7–1.4 ms with 200 children of body,
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
    // Each child once: observing it again would report it again, and measure again.
    for (const child of body.children)
      if (!seen.has(child)) resizes.observe(seen.add(child) && child)
    const height = contentHeight(body)
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

/**
 * The height {@link observeHeight} reports: the lowest bottom of body's children (a fixed one by
 * its children's extent, wherever it sits and however tall its box: `inset: 0` or a `vh` minimum
 * makes its box the frame's height; the others by their layout box, which a transform does not
 * move, margin included), plus body's bottom padding, border and margin. Self-contained (it
 * calls nothing outside itself), so a test can run this very function in a widget's frame.
 */
export function contentHeight(body: HTMLElement): number {
  const css = getComputedStyle(body)
  let bottom = 0
  for (const child of body.children) {
    const style = getComputedStyle(child)
    let size: number
    if (style.position === 'fixed') {
      let top = 1e9
      let end = 0
      for (const inner of child.children) {
        const box = inner.getBoundingClientRect()
        if (box.height) {
          top = Math.min(top, box.top)
          end = Math.max(end, box.bottom)
        }
      }
      size = end > top ? end - top : child.scrollHeight
    } else {
      const { offsetTop = 0, offsetHeight = 0 } = child as HTMLElement
      size = offsetTop + offsetHeight + parseFloat(style.marginBottom)
    }
    bottom = Math.max(bottom, size)
  }
  return Math.ceil(
    parseFloat(css.paddingBottom) +
      parseFloat(css.borderBottomWidth) +
      parseFloat(css.marginBottom) +
      bottom,
  )
}
