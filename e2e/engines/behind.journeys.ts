import { ORIGINAL_KEY } from '../original-widget'
import { type TopLevelWorld, topLevelWorld } from '../toplevel-world'
import { until } from './app'
import { test as base, expect } from './fixtures'

/**
 * A sign-in that needs no answer of the user's (consent remembered) completes in a window that
 * is neither focused nor drawn: a widget's return page opened behind the doctor's window, as an
 * OAuth provider sends a new window back. The driver opens it (the page did not) and keeps its
 * own window in front (`openBehind`): WebKit's new window is minimized, Firefox's and Chromium's
 * is a tab behind the driver's.
 */

const test = base.extend<object, { world: TopLevelWorld }>({
  world: topLevelWorld,
})

test.beforeEach(({ world }) => world.reset())

test('a sign-in with consent remembered completes in a window behind, never focused', async ({
  driver,
  world,
}) => {
  // A hang guard, not a speed check: three cross-site loads in a window behind another took
  // WebKit 41 s of the test at a load of 14 (a new web process each); at a load of 20 the
  // sign-in alone passed 30 s once in three runs in each engine. A page that waited for focus
  // or a frame would wait for ever.
  test.setTimeout(150_000)
  await world.consent(ORIGINAL_KEY, ['provider.profile.read', 'provider.appointment.webhook'])
  // The doctor's window, in front.
  await driver.goto(`${world.demo.origins.panel}/not-found`)
  const start = `${world.widget.origin}/settings?oauth=success`
  const behind = await driver.openBehind(start)
  const exchanges = () => world.widget.requests.filter((r) => r === 'POST /api/token').length
  // Watched from the widget's server alone: looking into the window could bring it forward.
  // The page exchanges its four tokens, then tries the first again: five posts, each only
  // after the one before it went through.
  await until(
    async () => exchanges() >= 5,
    'the page behind to sign in and exchange its tokens',
    90_000,
  ).catch(async (error: Error) => {
    const there = await behind
      .evaluate(
        () =>
          `${location.href} (${document.visibilityState}, ready: ${document.body?.dataset.ready}, text: ${document.body?.innerText.slice(0, 200)})`,
        null,
      )
      .catch((e: Error) => `unreadable: ${e.message}`)
    throw new Error(
      `${error.message}; the window behind is at ${there}; the widget's server saw ${world.widget.requests.join(', ')}`,
    )
  })
  // The last answer may still be on its way to the page.
  const seen = await until(
    () =>
      behind.evaluate(
        () =>
          (document.body.dataset.ready
            ? { href: location.href, ...document.body.dataset }
            : null) as Record<string, string | undefined> | null,
        null,
      ),
    'the page behind to show its outcome',
  )
  expect(seen, JSON.stringify(seen)).toMatchObject({
    href: start,
    ready: 'true',
    tokens: '4',
    replay: 'refused',
  })
  // Out to the sign-in page once and back once, to the registered page.
  expect(world.widget.requests.filter((r) => /^GET \/settings(\?|$)/.test(r))).toEqual([
    'GET /settings?oauth=success',
    'GET /settings',
  ])
  // How the page saw its window: hidden (no animation frame, timers slowed) and unfocused, but
  // in headless Chromium, which draws every page, and where Playwright makes each one focused.
  expect(seen.shown).toBe(driver.engine === 'chromium' ? 'visible focused' : 'hidden unfocused')
  await behind.close()
})
