/**
 * Reports the page's content height whenever it changes, so the host can size the iframe and
 * no inner scrollbar appears. Returns a function that stops observing.
 */
export function observeHeight(doc: Document, report: (height: number) => void): () => void {
  const root = doc.documentElement
  let last = -1
  const measure = () => {
    const height = Math.ceil(root.getBoundingClientRect().height)
    if (height !== last) {
      last = height
      report(height)
    }
  }
  // Once in the next task too, not only when the observer first reports: Chromium does not
  // render a cross-origin frame outside the viewport, and a ResizeObserver reports only when its
  // frame renders, so a widget below the fold would keep the host's first 150 px until the user
  // scrolled to it. Not at once: measuring forces a layout, which `initialize` need not wait for.
  const first = setTimeout(measure)
  if (typeof ResizeObserver !== 'function') return () => clearTimeout(first)
  const observer = new ResizeObserver(measure)
  observer.observe(root)
  return () => {
    clearTimeout(first)
    observer.disconnect()
  }
}
