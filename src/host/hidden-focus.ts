/**
 * What the host does when a widget frame hidden behind an open dialog becomes the panel's focused
 * element: nothing against that widget.
 *
 * A hidden frame cannot be focused by the user, so some script did it, but the panel cannot tell
 * whose. Every signal it has is one another frame can cause:
 *
 * | signal the panel sees                          | who can cause it                                   |
 * | ---------------------------------------------- | -------------------------------------------------- |
 * | the frame's `<iframe>` is `document.activeElement` | the frame (`window.focus()`), any other frame (`parent.frames[i].focus()`), the panel |
 * | the panel window's `blur`, a `focusout` to nothing | the same                                       |
 * | keys typed meanwhile reach the frame           | not seen by the panel at all                       |
 *
 * So no frame is unmounted, cooled down or reported for it: a hostile widget would otherwise aim
 * that at every other widget on the page. The dialog keeps the keys instead: it puts focus back
 * and pauses its confirm until the user clicks or types in it again (`focus-trap.ts`,
 * `intent.ts`). In development the console names the frame, as the frame focused, not as the
 * culprit.
 *
 * @example
 * createDialogLayer(doc, observe, theme, { onFrameFocus: hiddenFrameFocused({ dev, frames }) })
 */
export function hiddenFrameFocused({
  dev,
  frames,
}: {
  /** `HostOptions.dev`: only then does the console say anything. */
  dev: boolean | undefined
  /** The mounted widgets' frames, by app_key. */
  frames: () => Iterable<{ app_key: string; iframe: HTMLElement }>
}): (frame: HTMLElement) => void {
  // Once per widget: a page focusing frames every 10 ms would fill the console.
  const told = new Set<string>()
  return (frame) => {
    if (!dev) return
    const widget = [...frames()].find((m) => m.iframe === frame)
    if (!widget || told.has(widget.app_key)) return
    told.add(widget.app_key)
    console.warn(
      `[platform host] ${widget.app_key}: its hidden frame was focused by script while a dialog was open (by its own page or another frame's: the panel cannot tell); focus was put back and the dialog paused`,
    )
  }
}
