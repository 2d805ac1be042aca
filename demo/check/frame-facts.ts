// The facts read inside the widget's frame and around it in the panel, each a small evaluation
// through the engine's page (browser.ts): the height as it grows, fixed controls against the
// first screen, the text's direction, the width at phone size, and an axe scan.
import type { CheckPage } from './browser.js'
import type { AxeViolation, FixedControl, Observation } from './observation.js'

/** How long the height must stay still, and the most a load is watched for it. */
export const QUIET_MS = 2_000
export const WATCH_MS = 12_000

export const frameSelector = (key: string) =>
  `iframe[data-app-key="${key.replace(/["\\]/g, '\\$&')}"]`

/**
 * Polls `fn(arg)` in the target every 100 ms until it is true or `timeout` ms passed: whether it
 * became true. An evaluation that fails (a frame not there yet) counts as false.
 */
export async function waitFor<A>(
  page: CheckPage,
  target: string,
  fn: (arg: A) => boolean,
  arg: A,
  timeout: number,
): Promise<boolean> {
  const end = Date.now() + timeout
  for (;;) {
    if (await page.evaluate(target, fn, arg).catch(() => false)) return true
    if (Date.now() >= end) return false
    await new Promise((resolve) => setTimeout(resolve, 100)) // polling a state, not a test wait
  }
}

/**
 * Watches the frame's height as the host sets it, and the page's own height inside it, until
 * neither has grown for `quiet` ms. Both: the host's follows the SDK's reports, which wait for the
 * frame to render (late on a busy machine); the page's own is read whenever asked. (WebDriver
 * runs one command at a time: in WebKit the two watches run one after the other.)
 */
export async function watchHeight(page: CheckPage, key: string) {
  const limits = { quiet: QUIET_MS, limit: WATCH_MS }
  const [host, own] = await Promise.all([
    page.evaluate(
      'top',
      ({ selector, ...l }) =>
        window.__platformCheckWatch!(() => {
          const el = document.querySelector<HTMLIFrameElement>(selector)
          return el && el.style.display !== 'none' ? el.style.height : ''
        }, l),
      { selector: frameSelector(key), ...limits },
    ),
    page
      .evaluate(
        frameSelector(key),
        (l) =>
          window.__platformCheckWatch!(
            () =>
              `${Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)}px`,
            l,
          ),
        limits,
      )
      .catch(() => ({ settled: true, heights: [] as string[] })),
  ])
  return { settled: host.settled && own.settled, heights: host.heights }
}

/** Whether the frame fills its area (`height: 100%`) and the fixed controls beyond the first screen. */
export async function fixedControls(
  page: CheckPage,
  key: string,
): Promise<{ fullHeight: boolean; fixedOutside: FixedControl[] }> {
  const around = await page.evaluate(
    'top',
    (selector) => {
      const el = document.querySelector<HTMLIFrameElement>(selector)
      return {
        full: el?.style.height === '100%',
        top: el?.getBoundingClientRect().top ?? 0,
        screen: window.innerHeight,
      }
    },
    frameSelector(key),
  )
  if (!around.full) return { fullHeight: false, fixedOutside: [] }
  const inside = await page.evaluate(
    frameSelector(key),
    () => {
      const controls = document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type=hidden]), select, textarea, [role=button]',
      )
      const found: { text: string; bottom: number }[] = []
      for (const el of controls) {
        let fixed = false
        for (let e: HTMLElement | null = el; e && !fixed; e = e.parentElement) {
          fixed = getComputedStyle(e).position === 'fixed'
        }
        const box = el.getBoundingClientRect()
        if (!fixed || (box.width === 0 && box.height === 0)) continue
        const text = (el.textContent || el.getAttribute('aria-label') || el.tagName).trim()
        found.push({ text: text.slice(0, 40), bottom: box.bottom })
      }
      return { found, height: window.innerHeight }
    },
    undefined,
  )
  const visible = Math.min(around.screen - around.top, inside.height)
  const fixedOutside = inside.found
    .filter((c) => c.bottom > visible + 1)
    .map((c) => ({ text: c.text, below: Math.round(c.bottom - visible) }))
  return { fullHeight: true, fixedOutside }
}

/** Right-to-left text on the page, and what says its direction. */
export function textDirection(page: CheckPage, key: string): Promise<Observation['rtl']> {
  return page.evaluate(
    frameSelector(key),
    () => ({
      rtlText: /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(document.body?.innerText ?? ''),
      dir: document.documentElement.dir || document.body?.dir || '',
      direction: document.body ? getComputedStyle(document.body).direction : 'ltr',
    }),
    undefined,
  )
}

/**
 * The page's width against its frame's, after the panel is made phone-sized. Where the engine's
 * window does not get that narrow (WebKitGTK's MiniBrowser stops at about 447 px), the frame
 * itself is then made 360 px wide: the widget's page is what is measured.
 */
export async function phoneWidth(
  page: CheckPage,
  key: string,
): Promise<NonNullable<Observation['phone']> | { unmeasured: string }> {
  const selector = frameSelector(key)
  const narrow = () => document.documentElement.clientWidth <= 360
  await page.resize(360, 740)
  if (!(await waitFor(page, selector, narrow, undefined, 5_000))) {
    const there = await page.evaluate(
      'top',
      (s) => {
        const frame = document.querySelector<HTMLIFrameElement>(s)
        if (frame) frame.style.width = '360px'
        return !!frame
      },
      selector,
    )
    if (!there) return { unmeasured: "The widget's frame was gone from the panel at 360 px." }
    if (!(await waitFor(page, selector, narrow, undefined, 5_000))) {
      const width = await page
        .evaluate(selector, () => document.documentElement.clientWidth, undefined)
        .catch(() => undefined)
      return {
        unmeasured:
          width === undefined
            ? 'The frame could not be read at 360 px (its page had moved on, or was not a page of the widget).'
            : `The frame's page stayed ${width} px wide after the panel was made 360 px wide and the frame 360 px.`,
      }
    }
  }
  return page.evaluate(
    selector,
    () => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }),
    undefined,
  )
}

/** axe's violations in the page (axe-core, a dependency of this package, sent into the frame). */
export async function axeScan(
  page: CheckPage,
  key: string,
  source: string,
): Promise<AxeViolation[]> {
  await page.run(frameSelector(key), source)
  return page.evaluate(
    frameSelector(key),
    async () => {
      type AxeResults = {
        violations: { id: string; impact?: string; help: string; nodes: unknown[] }[]
      }
      const axe = (window as unknown as { axe: { run(...a: unknown[]): Promise<AxeResults> } }).axe
      const results = await axe.run(document, { resultTypes: ['violations'], iframes: false })
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'minor',
        help: v.help,
        nodes: v.nodes.length,
      }))
    },
    undefined,
  )
}
