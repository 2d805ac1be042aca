/**
 * How many reports in a row, each the frame's last height plus the same step, make a loop, and
 * within how long. A layout that measures the frame itself (a `100vh` box, a fixed element moved
 * below the viewport) reports "my frame plus N" after every resize: Chromium does that about
 * thirty times a second, WebKit about twice. A content change rarely grows by the same whole
 * pixel step six times running; a height animation's steps jitter by a pixel or more.
 */
export const HEIGHT_LOOP = { reports: 6, within: 2_000 }

/**
 * The host's guard against a widget whose height feeds on its frame's. Given each report with the
 * frame's current height, it answers the height to apply, or `undefined` to hold the frame where
 * it is. Once the loop is seen (see {@link HEIGHT_LOOP}) it holds while the reports keep to
 * "held height plus the step", and lets any other report through (the content changed for real).
 * `onHold` is called once per guard, the first time it holds.
 *
 * @example
 * const guard = heightGuard(() => console.warn('held'))
 * guard(182, 150, performance.now()) // 182
 */
export function heightGuard(
  onHold: (height: number, step: number) => void,
  loop = HEIGHT_LOOP,
): (reported: number, current: number | undefined, now: number) => number | undefined {
  let step = 0
  let times: number[] = []
  let held: number | undefined
  let warned = false
  return (reported, current, now) => {
    if (held !== undefined) {
      if (reported === held + step) return undefined
      held = undefined
    }
    const grown = current === undefined ? 0 : reported - current
    if (grown > 0 && grown === step) {
      times = [...times.filter((t) => now - t < loop.within), now]
    } else {
      step = grown
      times = grown > 0 ? [now] : []
    }
    if (times.length >= loop.reports && current !== undefined) {
      held = current
      times = []
      if (!warned) {
        warned = true
        onHold(current, step)
      }
      return undefined
    }
    return reported
  }
}

/**
 * The iframe's height following its widget's reports: applied once per animation frame, whatever
 * number of reports arrive in it, through the loop guard (one warning naming the widget).
 */
export function followHeight(
  iframe: HTMLIFrameElement,
  app_key: string,
  win: Window,
): (height: number) => void {
  let height: number | undefined
  let shown: number | undefined = Number.parseFloat(iframe.style.height) || undefined
  const guard = heightGuard((held, step) =>
    console.warn(
      `[platform host] ${app_key}: each height it reported was its frame's plus ${step} px; ` +
        `holding the frame at ${held} px (a layout that measures the frame: see docs/widget.md, "Height")`,
    ),
  )
  const apply = () => {
    // Also while a dialog hides the frame (display: none, its placeholder holds the panel's
    // layout): it comes back at the height its page last reported. Dropped, that report was
    // lost for good when nothing changed size after it (a widget asking for consent at load
    // stayed at 150 px after Allow).
    const next = height === undefined ? undefined : guard(height, shown, Date.now())
    if (next !== undefined) {
      iframe.style.height = `${next}px`
      shown = next
    }
    height = undefined
  }
  return (next) => {
    if (height === undefined) (win.requestAnimationFrame ?? setTimeout)(apply)
    height = next
  }
}
