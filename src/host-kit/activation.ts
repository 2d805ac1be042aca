import type { CallContext } from './types.js'

/** How long, in ms, the host waits for the activation of a click in the widget to reach the panel. */
export const ACTIVATION_GRACE = 100

/**
 * What the panel page saw of the user's input, for telling whose activation the page has: the
 * page's own input (a click or key on the panel itself) and, per widget frame, when the user
 * came into it (the pointer moving over it, or focus moving into it on the panel's own Tab).
 * Neither can a widget cause: its frame's own events stay in its frame, and focus it moves by
 * script is not an entry.
 */
interface InputSeen {
  /** When the panel page itself last had the user's activating input; `-Infinity` for never. */
  own: number
  /** When the user last came into each frame. */
  entered: WeakMap<Element, number>
  users: number
  release(): void
}

const seen = new WeakMap<Window, InputSeen>()

/** The input events that give a page activation (HTML's activation-triggering input events). */
const ACTIVATING = ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'touchend'] as const

/**
 * Starts watching the panel page's input, for {@link widgetActivation}; the function it returns
 * stops (once every host on the page has). The host calls it when it is built, before any input
 * it must judge.
 *
 * @example
 * const stop = watchInput(window)
 */
export function watchInput(win: Window): () => void {
  let state = seen.get(win)
  if (!state) {
    const s: InputSeen = {
      own: Number.NEGATIVE_INFINITY,
      entered: new WeakMap(),
      users: 0,
      release: () => {},
    }
    let inKey = false
    const own = (event: Event) => {
      if (!event.isTrusted) return
      if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape') return
      s.own = Date.now()
      if (event.type === 'keydown') {
        // Focus that moves into a frame while the panel handles its own key is the user's Tab.
        inKey = true
        win.setTimeout(() => {
          inKey = false
        })
      }
    }
    const over = (event: Event) => {
      const target = event.target as Element | null
      if (event.isTrusted && target?.localName === 'iframe') s.entered.set(target, Date.now())
    }
    const focusIn = (event: Event) => {
      const target = event.target as Element | null
      if (inKey && event.isTrusted && target?.localName === 'iframe') {
        s.entered.set(target, Date.now())
      }
    }
    const listeners: [string, (event: Event) => void][] = [
      ...ACTIVATING.map((type) => [type, own] as [string, (event: Event) => void]),
      ['pointerover', over],
      ['mouseover', over],
      ['focusin', focusIn],
    ]
    for (const [type, fn] of listeners) win.addEventListener(type, fn, { capture: true })
    s.release = () => {
      for (const [type, fn] of listeners) win.removeEventListener(type, fn, { capture: true })
      seen.delete(win)
    }
    seen.set(win, s)
    state = s
  }
  const watched = state
  watched.users++
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (--watched.users === 0) watched.release()
  }
}

/**
 * Whether the panel page has transient user activation from a click (or key) in this widget:
 * the page is active (unknown counts as none), the widget's frame is the panel's focused element
 * (a click in a frame focuses it), and the user came into the frame after the panel's own last
 * input. The page's activation alone is anyone's: a click on the panel's own page, on another
 * widget or on a dialog; and a widget can move focus into its own frame by script (Chromium
 * lets it), which is why focus alone does not say the click was in it. Chromium tells the
 * panel's process of a click in an out-of-process frame by a message of its own, which can
 * arrive after the widget's call, so a panel without activation looks again for
 * {@link ACTIVATION_GRACE} ms. A page no host watches ({@link watchInput}) judges by focus
 * alone.
 *
 * @example
 * if (await widgetActivation(win, call)) win.open(url, '_blank', 'noopener')
 */
export async function widgetActivation(
  win: Window,
  call: Pick<CallContext<never>, 'frame' | 'signal'>,
): Promise<boolean> {
  const ua = (win.navigator as Navigator & { userActivation?: { isActive: boolean } })
    .userActivation
  if (!ua) return false
  const { frame } = call
  const came = () => {
    const input = seen.get(win)
    if (!input || !frame) return true
    return (input.entered.get(frame) ?? Number.NEGATIVE_INFINITY) >= input.own
  }
  const mine = () => !frame || (win.document.activeElement === frame && came())
  const end = Date.now() + ACTIVATION_GRACE
  while (!(ua.isActive && mine()) && Date.now() < end && !call.signal.aborted) {
    await new Promise((resolve) => win.setTimeout(resolve, 10))
  }
  return ua.isActive && mine() && !call.signal.aborted
}
