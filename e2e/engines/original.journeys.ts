import {
  ORIGINAL_KEY,
  ORIGINAL_SCOPES,
  type OriginalWorld,
  originalWorld,
} from '../original-widget'
import { clickControl, dialog, dialogNamed, until } from './app'
import type { Driver } from './driver'
import { test as base, expect } from './fixtures'

/**
 * The core of the original-widget journey (e2e/original.spec.ts) on every engine: an unlisted
 * scope, a height that follows the content, openLink, the widget's own page in the panel, and a
 * session token for its top-level start page. Real clicks at viewport coordinates throughout.
 */

const FRAME = `iframe[data-app-key="${ORIGINAL_KEY}"]`
const ALLOW = /^(Allow|اجازه می‌دهم)$/

const test = base.extend<object, { world: OriginalWorld }>({
  world: originalWorld,
})

test.beforeEach(({ world }) => world.reset())

/** The frame's height and how far the widget's content reaches (a fixed screen: its content). */
async function heights(d: Driver) {
  const content = await d.evaluate(
    FRAME,
    () => {
      const visible = [...document.querySelectorAll('main, .screen')].filter(
        (el) => !(el as HTMLElement).hidden,
      )
      return Math.max(
        0,
        ...visible.map((el) =>
          getComputedStyle(el).position === 'fixed'
            ? el.scrollHeight
            : Math.ceil(el.getBoundingClientRect().bottom),
        ),
      )
    },
    null,
  )
  const { shown, floor } = await d.evaluate(
    'top',
    (sel) => {
      const f = document.querySelector(sel) as HTMLIFrameElement
      const shown = Math.round(f.getBoundingClientRect().height)
      // The panel's app pages fill the content area (`fill`): the widget scrolls inside them.
      return { shown, floor: f.style.height === '100%' ? shown : 0 }
    },
    FRAME,
  )
  return { content, shown, floor }
}

/**
 * Waits until the frame shows all of the content, and at most a little blank below it unless
 * that blank is the panel's floor (the content area's height).
 */
function fits(d: Driver) {
  return until(async () => {
    const { content, shown, floor } = await heights(d)
    if (floor) return shown >= 320
    return shown >= content && shown <= content + 48
  }, 'the frame to follow its content')
}

/** A real click on an element of the widget, once its frame has its content's height. */
async function clickIn(d: Driver, selector: string) {
  await fits(d)
  const inner = await d.evaluate(
    FRAME,
    (sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect()
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    },
    selector,
  )
  // The element itself into the panel's view: a frame taller than the window, scrolled into view
  // by its nearest edge, can leave the element out of it.
  const outer = await d.evaluate(
    'top',
    ([sel, y]) => {
      const f = document.querySelector(sel)!
      window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY + y - innerHeight / 2)
      const r = f.getBoundingClientRect()
      return { x: r.x, y: r.y }
    },
    [FRAME, inner.y] as [string, number],
  )
  await d.click(outer.x + inner.x, outer.y + inner.y)
}

const here = (d: Driver) => d.evaluate('top', () => location.href, null)

/** A frame that cannot be reached: the panel's frames, dialog and notices, so a failure says why. */
function explainer(d: Driver) {
  return async (error: unknown): Promise<never> => {
    const panel = await d.evaluate(
      'top',
      () => ({
        href: location.href,
        frames: [...document.querySelectorAll('iframe')].map(
          (f) => `${f.getAttribute('data-app-key')}:${f.style.display || 'shown'}:${f.src}`,
        ),
        dialog: !!document
          .querySelector('[data-platform-dialogs]')
          ?.shadowRoot?.querySelector('dialog[open]'),
        notices: document.querySelector('.toasts')?.textContent ?? '',
      }),
      null,
    )
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; panel: ${JSON.stringify(panel)}`,
    )
  }
}

test('the original widget: unlisted scope, heights, openLink and its page in the panel', async ({
  driver,
  world,
}) => {
  const explain = explainer(driver)
  await driver.goto(`${world.demo.origins.panel}/panel/apps/${ORIGINAL_KEY}`)
  await dialogNamed(driver, /.+/)
  const listed = await driver.evaluate(
    'top',
    () =>
      [
        ...(document
          .querySelector('[data-platform-dialogs]')
          ?.shadowRoot?.querySelectorAll('dialog[open] li[data-scope]') ?? []),
      ].map((li) => li.getAttribute('data-scope')),
    null,
  )
  expect(listed).toEqual(ORIGINAL_SCOPES)
  await clickControl(driver, ALLOW)
  await until(
    () => driver.evaluate(FRAME, () => document.body.dataset.ready === 'true', null).catch(explain),
    'the widget to reach its settings',
    15_000,
  )
  // Asked for consent as it loaded, its frame follows the content after Allow.
  await fits(driver)
  const closed = (await heights(driver)).shown
  expect(closed).toBeGreaterThan(150)

  // A body of min-height 100vh in the app view, a page: a section opens and closes inside the
  // frame, which keeps the content area's height.
  const scrolled = () => driver.evaluate(FRAME, () => document.documentElement.scrollHeight, null)
  await clickIn(driver, '#toggle')
  await until(async () => (await scrolled()) > closed + 400, 'the section to open inside')
  expect((await heights(driver)).shown).toBe(closed)
  await clickIn(driver, '#toggle')
  await until(async () => (await scrolled()) <= closed + 4, 'the section to close')
  expect((await heights(driver)).shown).toBe(closed)

  // Saving shows its launcher page, full-size, at the panel's /_/ route.
  await clickIn(driver, '#save')
  await until(
    async () => (await here(driver)).endsWith(`/_/${ORIGINAL_KEY}/launcher/?direct=true`),
    'the panel to show the widget page',
    15_000,
  )
  // Its script has run once it has set data-path (the document alone can be there before).
  expect(
    await until(
      () =>
        driver.evaluate(
          FRAME,
          () => {
            const { path } = document.documentElement.dataset
            return path === undefined ? null : `${path}${location.search}`
          },
          null,
        ),
      'the widget page',
    ),
    // The registered launcher page (a quick app's: its URL), not a /launcher/ path it lacks.
  ).toBe('/?direct=true')
  const { frameHeight, area } = await driver.evaluate(
    'top',
    (sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect()
      return { frameHeight: r.height, area: innerHeight - r.top }
    },
    FRAME,
  )
  expect(frameHeight).toBeGreaterThanOrEqual(Math.floor(area) - 1)

  // openLink: the panel opens the outside page (its click reached the panel as activation).
  await until(
    () => driver.evaluate(FRAME, () => document.body.dataset.ready === 'true', null),
    'the launcher page to be ready',
  )
  await clickIn(driver, '#connect')
  // WebKit opens a window only while it handles the click itself, so the host asks in its
  // dialog, naming the site; the user opens it from there.
  const settledOrAsked = await until(
    async () =>
      (await driver.evaluate(FRAME, () => document.getElementById('status')?.textContent, null)) ||
      ((await dialog(driver)) && 'asked'),
    'openLink to open the tab or ask',
    15_000,
  )
  if (settledOrAsked === 'asked') await clickControl(driver, /^(Open|باز کردن)$/)
  // Last: the new tab comes to the front (Firefox hides the panel's tab behind it).
  await until(
    () => driver.evaluate(FRAME, () => document.getElementById('status')?.textContent, null),
    'openLink to settle',
    15_000,
  )
  expect(
    await driver.evaluate(FRAME, () => document.getElementById('status')?.textContent, null),
  ).toBe('opened')
})

test('the original widget: its top-level start page gets a token through the platform', async ({
  driver,
  world,
}) => {
  await driver.goto(`${world.widget.origin}/start`)
  await until(
    async () => (await here(driver)).startsWith(world.demo.origins.panel),
    'the sign-in page',
    15_000,
  )
  await dialogNamed(driver, /.+/)
  await clickControl(driver, ALLOW)
  await until(
    async () => (await here(driver)).startsWith(`${world.widget.origin}/done`),
    'the way back to the widget',
    15_000,
  )
  await until(
    () => driver.evaluate('top', () => document.body.dataset.ready === 'true', null),
    'the exchanged token',
  )
  expect(
    await driver.evaluate('top', () => document.getElementById('status')?.textContent, null),
  ).toContain('provider.appointment.webhook')
})
