import { PAGES_KEY, type PagesWorld, pagesWorld } from '../pages-widget'
import { until } from './app'
import type { Driver } from './driver'
import { test as base, expect } from './fixtures'

/**
 * A widget's pages by key and a frame that settles, on every engine, with the calendar widget's
 * layout (e2e/fixtures/pages): a `100dvh` body, a fixed footer with Save, and a toast at
 * `bottom: 68px` moved 100 px down by a transform. That layout grew its frame by 32 px a report
 * to the host's 10,000 px cap, and `/_/{app_key}/launcher/` showed the widget's own 404.
 */

const FRAME = `iframe[data-app-key="${PAGES_KEY}"]`

const test = base.extend<object, { world: PagesWorld }>({ world: pagesWorld })

/**
 * Records every height the frame takes in the panel page (a ResizeObserver on the iframe) from
 * now on, once the widget's page has run its script.
 */
async function recordHeights(d: Driver) {
  await until(
    () => d.evaluate(FRAME, () => document.body.dataset.ready === 'true', null),
    'the widget page',
    15_000,
  )
  await d.evaluate(
    'top',
    (sel) => {
      const frame = document.querySelector(sel) as HTMLIFrameElement
      const w = window as unknown as { heights: [number, number][] }
      w.heights = []
      new ResizeObserver(() =>
        w.heights.push([performance.now(), Math.round(frame.getBoundingClientRect().height)]),
      ).observe(frame)
      return true
    },
    FRAME,
  )
}

/** The heights recorded so far, the time now, and the room below the frame's top. */
function trail(d: Driver) {
  return d.evaluate(
    'top',
    (sel) => {
      const frame = document.querySelector(sel) as HTMLIFrameElement
      const top = frame.getBoundingClientRect().top + scrollY
      return {
        heights: (window as unknown as { heights: [number, number][] }).heights,
        now: performance.now(),
        height: Math.round(frame.getBoundingClientRect().height),
        room: Math.floor(innerHeight - top),
      }
    },
    FRAME,
  )
}

/**
 * Waits until the frame's height has not changed for a second (it settled), then watches it two
 * seconds more: it must not change again. Returns the settled height and the room below the
 * frame's top. The loop this guards against never goes quiet for a second in Chromium or WebKit
 * (a report every frame, or every half second), and reaches the 10,000 px cap in Firefox.
 */
async function settledHeight(d: Driver) {
  const settled = await until(
    async () => {
      const t = await trail(d)
      // The observer's first report (the height at start) counts: without it, nothing is known.
      const last = t.heights.at(-1)
      return last && t.now - last[0] >= 1_000 ? t : null
    },
    'the frame to keep one height for a second',
    15_000,
  )
  await until(async () => (await trail(d)).now - settled.now >= 2_000, 'two seconds more')
  const after = await trail(d)
  expect(after.heights.length, 'the frame changed height after it had settled').toBe(
    settled.heights.length,
  )
  expect(after.height).toBe(settled.height)
  return settled
}

/** A real click on an element of the widget, once its frame has settled. */
async function clickIn(d: Driver, selector: string) {
  const inner = await d.evaluate(
    FRAME,
    (sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect()
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    },
    selector,
  )
  const outer = await d.evaluate(
    'top',
    (sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect()
      return { x: r.x, y: r.y }
    },
    FRAME,
  )
  await d.click(outer.x + inner.x, outer.y + inner.y)
}

const here = (d: Driver) => d.evaluate('top', () => location.href, null)

test('the calendar layout in the app view: the frame fills the content area and stays', async ({
  driver,
  world,
}) => {
  await driver.goto(`${world.demo.origins.panel}/panel/apps/${PAGES_KEY}`)
  await recordHeights(driver)
  const { height, room } = await settledHeight(driver)
  // The content area's height, whatever the widget's content (a page, as the original shows it).
  expect(height).toBeGreaterThanOrEqual(320)
  expect(Math.abs(height - room)).toBeLessThanOrEqual(60)
  // The widget scrolls inside: its fixed footer (Save) is at the frame's bottom, in view.
  const save = await driver.evaluate(
    FRAME,
    () => {
      const r = document.getElementById('save')!.getBoundingClientRect()
      return { bottom: r.bottom, viewport: innerHeight }
    },
    null,
  )
  expect(save.bottom).toBeLessThanOrEqual(save.viewport)
  expect(save.viewport).toBe(height)
})

test('the calendar layout on the doctor profile: the frame follows its content and stays', async ({
  driver,
  world,
}) => {
  await driver.goto(`${world.demo.origins.panel}/profile`)
  await recordHeights(driver)
  const { height } = await settledHeight(driver)
  const content = await driver.evaluate(
    FRAME,
    () => Math.ceil(document.querySelector('main')!.getBoundingClientRect().bottom),
    null,
  )
  // The content's height (heading, three lines, room for the footer), not the frame's own.
  expect(height).toBeGreaterThanOrEqual(content)
  expect(height).toBeLessThanOrEqual(content + 48)
})

test('a page registered by key: redirect.dispatch to /_/{app_key}/launcher/?direct=true shows it', async ({
  driver,
  world,
}) => {
  await driver.goto(`${world.demo.origins.panel}/panel/apps/${PAGES_KEY}`)
  await recordHeights(driver)
  await settledHeight(driver)
  // Save: the widget sends the doctor to its launcher page, as the calendar widget does.
  await clickIn(driver, '#save')
  await until(
    async () =>
      (await here(driver)) === `${world.demo.origins.panel}/_/${PAGES_KEY}/launcher/?direct=true`,
    'the panel to show the widget page',
    15_000,
  )
  // The registered page, its query merged with the request's (`direct=true` wins over `false`).
  const shown = await until(
    () =>
      driver.evaluate(
        FRAME,
        () => {
          const { page, direct } = document.documentElement.dataset
          return page === undefined ? null : { page, direct, path: location.pathname }
        },
        null,
      ),
    'the launcher page',
    15_000,
  )
  expect(shown).toEqual({ page: 'launcher', direct: 'true', path: '/' })
  // The widget's server was never asked for a /launcher/ path it does not have.
  expect(world.requests.filter((r) => r.startsWith('/launcher'))).toEqual([])
  // Shown as a page: the frame fills the content area.
  await recordHeights(driver)
  const { height, room } = await settledHeight(driver)
  expect(Math.abs(height - room)).toBeLessThanOrEqual(60)
})

test('a page the widget does not register is the panel’s not-found view, with no frame', async ({
  driver,
  world,
}) => {
  for (const rest of ['settings/', 'launcher/extra', 'launcher/a%2fb']) {
    await driver.goto(`${world.demo.origins.panel}/_/${PAGES_KEY}/${rest}`)
    const view = await until(
      () =>
        driver.evaluate(
          'top',
          () =>
            document.readyState === 'complete'
              ? {
                  frames: document.querySelectorAll('iframe').length,
                  text: document.body.textContent ?? '',
                }
              : null,
          null,
        ),
      'the page',
    )
    expect(view.frames, rest).toBe(0)
    expect(view.text, rest).toContain('Not found')
  }
})
