/**
 * Watches whether `target` is drawn visible and unoccluded, where the browser can tell
 * (Intersection Observer v2's `trackVisibility`: Chromium). `onChange` gets each answer; the
 * first comes soon after the call. Returns the stop function, or `undefined` where the browser
 * cannot tell: callers then rely on their other defences.
 *
 * `isVisible` is false while any ancestor frame or element has opacity below 1, a filter or a
 * transform other than a move, or other content is drawn over the target: the page framed
 * invisibly under a bait, or a dialog covered.
 *
 * @example
 * const stop = watchVisibility(window, dialog, (visible) => (confirm.disabled = !visible))
 */
export function watchVisibility(
  win: Window & typeof globalThis,
  target: Element,
  onChange: (visible: boolean) => void,
): (() => void) | undefined {
  const Observer = win.IntersectionObserver
  const Entry = win.IntersectionObserverEntry
  if (!Observer || !Entry || !('isVisible' in Entry.prototype)) return undefined
  let observer: IntersectionObserver
  try {
    observer = new Observer(
      (entries) => {
        const last = entries[entries.length - 1] as IntersectionObserverEntry & {
          isVisible?: boolean
        }
        if (last) onChange(last.isVisible === true)
      },
      // `delay` is required with `trackVisibility` (at least 100 ms between notifications).
      { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
  } catch {
    return undefined
  }
  observer.observe(target)
  return () => observer.disconnect()
}
