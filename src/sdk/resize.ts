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
  // At once, not only when the observer first reports: Chromium does not render a cross-origin
  // frame outside the viewport, and a ResizeObserver reports only when its frame renders, so a
  // widget below the fold would keep the host's first 150 px until the user scrolled to it.
  measure()
  if (typeof ResizeObserver !== 'function') return () => {}
  const observer = new ResizeObserver(measure)
  observer.observe(root)
  return () => observer.disconnect()
}
