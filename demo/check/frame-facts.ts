// The facts read inside the widget's frame and around it in the panel, each a small evaluation:
// the height as it grows, fixed controls against the first screen, the text's direction, the
// width at phone size, and an axe scan.
import type { Frame, Page } from '@playwright/test'
import type { AxeViolation, FixedControl, Observation } from './observation.js'

/** How long the height must stay still, and the most a load is watched for it. */
export const QUIET_MS = 2_000
export const WATCH_MS = 12_000

const frameSelector = (key: string) => `iframe[data-app-key="${key.replace(/["\\]/g, '\\$&')}"]`

/**
 * Watches the frame's height as the host sets it, and the page's own height inside it, until
 * neither has grown for `quiet` ms. Both: the host's follows the SDK's reports, which wait for the
 * frame to render (late on a busy machine); the page's own is read whenever asked.
 */
export async function watchHeight(page: Page, frame: Frame, key: string) {
  const limits = { quiet: QUIET_MS, limit: WATCH_MS }
  const [host, own] = await Promise.all([
    page.evaluate(
      ({ selector, ...l }) =>
        window.__platformCheckWatch!(() => {
          const el = document.querySelector<HTMLIFrameElement>(selector)
          return el && el.style.display !== 'none' ? el.style.height : ''
        }, l),
      { selector: frameSelector(key), ...limits },
    ),
    frame
      .evaluate(
        (l) =>
          window.__platformCheckWatch!(
            () =>
              `${Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)}px`,
            l,
          ),
        limits,
      )
      .catch(() => ({ settled: true, heights: [] })),
  ])
  return { settled: host.settled && own.settled, heights: host.heights }
}

/** Whether the frame fills its area (`height: 100%`) and the fixed controls beyond the first screen. */
export async function fixedControls(
  page: Page,
  frame: Frame,
  key: string,
): Promise<{ fullHeight: boolean; fixedOutside: FixedControl[] }> {
  const around = await page.evaluate((selector) => {
    const el = document.querySelector<HTMLIFrameElement>(selector)
    return {
      full: el?.style.height === '100%',
      top: el?.getBoundingClientRect().top ?? 0,
      screen: window.innerHeight,
    }
  }, frameSelector(key))
  if (!around.full) return { fullHeight: false, fixedOutside: [] }
  const inside = await frame.evaluate(() => {
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
  })
  const visible = Math.min(around.screen - around.top, inside.height)
  const fixedOutside = inside.found
    .filter((c) => c.bottom > visible + 1)
    .map((c) => ({ text: c.text, below: Math.round(c.bottom - visible) }))
  return { fullHeight: true, fixedOutside }
}

/** Right-to-left text on the page, and what says its direction. */
export function textDirection(frame: Frame): Promise<Observation['rtl']> {
  return frame.evaluate(() => ({
    rtlText: /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(document.body?.innerText ?? ''),
    dir: document.documentElement.dir || document.body?.dir || '',
    direction: document.body ? getComputedStyle(document.body).direction : 'ltr',
  }))
}

/** The page's width against its frame's, after the panel is made phone-sized. */
export async function phoneWidth(page: Page, frame: Frame): Promise<Observation['phone']> {
  await page.setViewportSize({ width: 360, height: 740 })
  await frame
    .waitForFunction(() => document.documentElement.clientWidth <= 360, undefined, {
      timeout: 5_000,
    })
    .catch(() => {})
  return frame.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
}

/** axe's violations in the page (axe-core, a dependency of this package, sent into the frame). */
export async function axeScan(frame: Frame, source: string): Promise<AxeViolation[]> {
  await frame.evaluate(source)
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(...a: unknown[]): Promise<AxeResults> } }).axe
    type AxeResults = {
      violations: { id: string; impact?: string; help: string; nodes: unknown[] }[]
    }
    const results = await axe.run(document, { resultTypes: ['violations'], iframes: false })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      help: v.help,
      nodes: v.nodes.length,
    }))
  })
}
