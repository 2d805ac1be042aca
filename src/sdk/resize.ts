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
  if (typeof ResizeObserver !== 'function') {
    measure()
    return () => {}
  }
  const observer = new ResizeObserver(measure)
  observer.observe(root)
  return () => observer.disconnect()
}
