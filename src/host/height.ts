/**
 * When a widget's height reports feed on its frame's own height. A layout that measures the frame
 * itself (a `100vh` box with a margin, a child of `height: 110vh`, a fixed element moved below
 * the viewport) reports "my frame plus N", or "my frame times 1.1", after every resize: Chromium
 * about thirty times a second, WebKit about twice. Such reports fit a line in the frame's height
 * (`report = a × frame + b`, `a ≥ 1`): `reports` of them in a row, within `within` ms, each
 * within `tolerance` px of the line (the SDK rounds up; steps alternating +10/+11 fit `a = 1`,
 * `b = 10.5`). A content change rarely lands on such a line six times running. Growth that
 * follows the frame (three reports or more, each above the frame, within `within` ms) past
 * `viewports` viewport heights, with no user input, is held too, whatever its steps; one jump
 * past them (an image, a list loaded at once) is not.
 */
export const HEIGHT_LOOP = { reports: 6, within: 2_000, tolerance: 2, viewports: 3 }

/** What the guard reads of the panel page: its viewport height, and whether the user just acted. */
export interface HeightPage {
  viewport(): number
  /** True while the page has the user's transient activation (a click or key, in it or a frame). */
  input(): boolean
}

const NO_PAGE: HeightPage = { viewport: () => 800, input: () => false }

/** One applied report: the frame's height before it, the report, and when. */
interface Step {
  h: number
  r: number
  t: number
}

/** The line `r = a × h + b` through the first and last steps, if every step lies on it. */
function onLine(steps: Step[], tolerance: number): { a: number; b: number } | undefined {
  const first = steps[0] as Step
  const last = steps[steps.length - 1] as Step
  if (last.h <= first.h) return undefined
  const a = (last.r - first.r) / (last.h - first.h)
  const b = first.r - a * first.h
  if (a < 1 - 1e-9) return undefined
  return steps.every((s) => Math.abs(s.r - (a * s.h + b)) <= tolerance) ? { a, b } : undefined
}

/** The hold in force: a line the reports keep to, or growth past the budget. */
type Hold = { at: number; line?: { a: number; b: number } }

/**
 * The host's guard against a widget whose height feeds on its frame's. Given each report with the
 * frame's current height, it answers the height to apply, or `undefined` to hold the frame where
 * it is. Held on a line (see {@link HEIGHT_LOOP}), it keeps holding while the reports keep to it,
 * and lets any other report through (the content changed for real); held for growing past the
 * budget, it keeps holding growth until the user acts or the content shrinks. `onHold` is called
 * once per guard, the first time it holds, with the height and how the reports followed the frame.
 *
 * @example
 * const guard = heightGuard(() => console.warn('held'))
 * guard(182, 150, performance.now()) // 182
 */
export function heightGuard(
  onHold: (height: number, how: string) => void,
  page: HeightPage = NO_PAGE,
  loop = HEIGHT_LOOP,
): (reported: number, current: number | undefined, now: number) => number | undefined {
  let steps: Step[] = []
  let held: Hold | undefined
  let warned = false
  const hold = (at: number, how: string, line?: Hold['line']) => {
    held = line ? { at, line } : { at }
    steps = []
    if (!warned) {
      warned = true
      onHold(at, how)
    }
    return undefined
  }
  return (reported, current, now) => {
    if (held) {
      const { at, line } = held
      const still = line
        ? Math.abs(reported - (line.a * at + line.b)) <= loop.tolerance
        : reported >= at && !page.input()
      if (still) return undefined
      held = undefined
    }
    if (current === undefined || reported <= current) {
      steps = []
      return reported
    }
    steps = [...steps.filter((s) => now - s.t < loop.within), { h: current, r: reported, t: now }]
    const line = steps.length >= loop.reports && onLine(steps.slice(-loop.reports), loop.tolerance)
    if (line) return hold(current, describe(line), line)
    // The report that takes the frame past the budget, after a run of growth that followed it.
    const budget = loop.viewports * Math.max(page.viewport(), 480)
    if (steps.length >= 3 && current <= budget && reported > budget && !page.input()) {
      return hold(
        current,
        `past ${loop.viewports} viewport heights within ${loop.within / 1000} s, with no user input`,
      )
    }
    return reported
  }
}

/** How a line's reports followed the frame, for the warning. */
function describe({ a, b }: { a: number; b: number }): string {
  const plus = `${b >= 0 ? 'plus' : 'minus'} ${Math.round(Math.abs(b) * 10) / 10} px`
  return Math.abs(a - 1) < 0.005
    ? `each its frame's height ${plus}`
    : `each ${Math.round(a * 100) / 100} × its frame's height ${plus}`
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
  const guard = heightGuard(
    (held, how) =>
      console.warn(
        `[platform host] ${app_key}: its height reports followed its frame's own height (${how}); ` +
          `holding the frame at ${held} px (a layout that measures the frame: see docs/widget.md, "Height")`,
      ),
    {
      viewport: () => win.innerHeight,
      input: () => win.navigator?.userActivation?.isActive === true,
    },
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
