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

/**
 * The hold in force, at the frame's height `at`: on a line the reports keep to, or on growth past
 * the budget. A hold is a question until the widget answers it: with its frame held still, a
 * layout that follows the frame reports the same height again or less (it has nothing new to
 * measure), while content that grows on its own (a list loading rows) keeps growing. `top` is the
 * highest report since the hold, `grew` how many reports since then outgrew the last; `probe`
 * when the host let the frame grow once to see (after a quiet spell).
 */
type Hold = {
  at: number
  line?: { a: number; b: number }
  how: string
  top: number
  grew: number
  confirmed: boolean
  probe?: { at: number; t: number }
}

/** Reports that outgrow the last, with the frame held, that show the content grows on its own. */
const OWN_GROWTH = 2

/** The guard: a report in, the height to apply out (`undefined`: hold); `probe` after quiet. */
export interface HeightGuard {
  (reported: number, current: number | undefined, now: number): number | undefined
  /**
   * After a quiet spell with a hold still unconfirmed: the height to let the frame grow to once,
   * to see whether the widget grows again right after (it follows its frame: held there) or not
   * (the content had simply grown: it stays); `undefined` when there is nothing to try.
   */
  probe(now: number): number | undefined
}

/**
 * The host's guard against a widget whose height feeds on its frame's. Given each report with the
 * frame's current height, it answers the height to apply, or `undefined` to hold the frame where
 * it is. It holds on a line (see {@link HEIGHT_LOOP}) or on growth past the budget, at any
 * height (a first jump past it does not end the check), and then asks the widget: with the frame
 * still, a report that repeats or falls back confirms the hold, reports that keep growing
 * ({@link OWN_GROWTH} of them) release it, and a quiet spell ends in one {@link HeightGuard.probe}.
 * A confirmed hold on a line holds while the reports keep to it and lets any other report
 * through; one on growth holds growth until the user acts or the content shrinks. `onHold` is
 * called once per guard, the first time a hold is confirmed, with the height and what the host
 * saw.
 *
 * @example
 * const guard = heightGuard(() => console.warn('held'))
 * guard(182, 150, performance.now()) // 182
 */
export function heightGuard(
  onHold: (height: number, how: string) => void,
  page: HeightPage = NO_PAGE,
  loop = HEIGHT_LOOP,
): HeightGuard {
  let steps: Step[] = []
  let held: Hold | undefined
  let warned = false
  const confirm = (h: Hold, how: string) => {
    h.confirmed = true
    if (!warned) {
      warned = true
      onHold(h.at, how)
    }
    return undefined
  }
  const hold = (at: number, reported: number, how: string, line?: Hold['line']) => {
    held = { at, how, top: reported, grew: 0, confirmed: false, ...(line && { line }) }
    steps = []
    return undefined
  }
  /** A report while held: `undefined` to keep holding, `false` to release it. */
  const whileHeld = (h: Hold, reported: number, now: number): undefined | false => {
    const { at, line } = h
    if (h.probe) {
      const { at: tried, t } = h.probe
      h.probe = undefined
      // It grew again right after the frame did: it follows its frame. Held where it was let go.
      if (reported > tried && now - t < loop.within) {
        h.at = tried
        h.top = reported
        return confirm(h, `${h.how}, and grew again as soon as its frame did (to ${tried} px)`)
      }
      return false
    }
    if (h.confirmed) {
      const still = line
        ? Math.abs(reported - (line.a * at + line.b)) <= loop.tolerance
        : reported >= at && !page.input()
      return still ? undefined : false
    }
    if (reported < at || page.input()) return false
    if (line && Math.abs(reported - (line.a * at + line.b)) > loop.tolerance) return false
    if (reported <= h.top) return confirm(h, `${h.how}, and repeated it with its frame held`)
    h.top = reported
    return ++h.grew >= OWN_GROWTH ? false : undefined
  }
  const guard = (reported: number, current: number | undefined, now: number) => {
    if (held) {
      if (whileHeld(held, reported, now) === undefined) return undefined
      held = undefined
    }
    if (current === undefined || reported <= current) {
      steps = []
      return reported
    }
    steps = [...steps.filter((s) => now - s.t < loop.within), { h: current, r: reported, t: now }]
    const line = steps.length >= loop.reports && onLine(steps.slice(-loop.reports), loop.tolerance)
    if (line) return hold(current, reported, describe(line), line)
    // Growth that followed the frame, past the budget: at any height, not only on crossing it.
    const budget = loop.viewports * Math.max(page.viewport(), 480)
    if (steps.length >= 3 && reported > budget && !page.input()) {
      return hold(
        current,
        reported,
        `${steps.length} reports within ${loop.within / 1000} s, each above its frame, past ${loop.viewports} viewport heights (${budget} px), with no user input`,
      )
    }
    return reported
  }
  guard.probe = (now: number) => {
    if (!held || held.confirmed || held.probe) return undefined
    held.probe = { at: held.top, t: now }
    return held.top
  }
  return guard
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
  let quiet: ReturnType<typeof setTimeout> | undefined
  /** After a quiet spell under an unconfirmed hold, the frame grows once to see (see `probe`). */
  const tryProbe = () => {
    quiet = undefined
    const next = guard.probe(Date.now())
    if (next !== undefined) {
      iframe.style.height = `${next}px`
      shown = next
    }
  }
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
    if (quiet !== undefined) clearTimeout(quiet)
    quiet = setTimeout(tryProbe, HEIGHT_LOOP.within)
  }
  return (next) => {
    if (height === undefined) (win.requestAnimationFrame ?? setTimeout)(apply)
    height = next
  }
}
