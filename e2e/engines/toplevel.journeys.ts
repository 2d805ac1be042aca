import { createHash, randomBytes } from 'node:crypto'
import { THIRD } from '../helpers'
import { ORIGINAL_KEY } from '../original-widget'
import { type TopLevelWorld, topLevelWorld } from '../toplevel-world'
import { clickControl, dialogNamed, until } from './app'
import type { Driver } from './driver'
import { test as base, expect } from './fixtures'

/**
 * The platform's sign-in page and a widget's top-level page on every engine, each with its own
 * default storage settings: the sign-in page is no way out of the panel (a widget's
 * `redirect.dispatch` there is refused) and no open redirect (a `return` that is not one of the
 * widget's registered top-level pages stays on it), and a top-level page signs in once per tab, then gets its tokens without
 * leaving the page, across a reload and a navigation.
 */

const FRAME = `iframe[data-app-key="${ORIGINAL_KEY}"]`
const STATE = 'b'.repeat(32)

/** A verifier and its challenge, as an attacker who starts a sign-in makes them (S256). */
function verifierPair() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

const test = base.extend<object, { world: TopLevelWorld }>({
  world: topLevelWorld,
})

test.beforeEach(({ world }) => world.reset())

const here = (d: Driver) => d.evaluate('top', () => location.href, null)

/** Where the tab is and what it shows, for a failure's message. */
const shows = (d: Driver) =>
  d.evaluate(
    'top',
    () =>
      `${location.href} (ready: ${document.body?.dataset.ready}, text: ${document.body?.innerText.slice(0, 200)})`,
    null,
  )

/** The widget's top page's state once its script has settled: `ready`, and what it shows. */
const settled = (d: Driver, origin: string, what: string) =>
  until(
    () =>
      d.evaluate(
        'top',
        (widget) => {
          const { ready, tokens, replay, code } = document.body.dataset
          return location.origin === widget && ready
            ? { ready, tokens, replay, code, text: document.body.innerText }
            : null
        },
        origin,
      ),
    what,
    20_000,
  )

for (const mode of ['invalid', 'consented'] as const) {
  test(`a widget's redirect.dispatch to the sign-in page, from a timer (${mode}), leaves the panel where it is`, async ({
    driver,
    world,
  }) => {
    if (mode === 'consented') await world.consent(ORIGINAL_KEY, ['provider.profile.read'])
    const page = `${world.demo.origins.panel}/_/${ORIGINAL_KEY}/attack?mode=${mode}`
    await driver.goto(page)
    const outcome = await until(
      () => driver.evaluate(FRAME, () => document.documentElement.dataset.attack ?? null, null),
      'the widget’s redirect.dispatch to settle',
      15_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; the tab is at ${await here(driver)}`)
    })
    expect(outcome).toBe('INVALID_ARGUMENT')
    expect(await here(driver)).toBe(page)
  })
}

test('an outside site sending the tab to the sign-in page with a return it did not register gets no further', async ({
  driver,
  world,
}) => {
  // The sample widget registers /doctor/ as its top-level page; consent is remembered, so a
  // return there would come back at once with a code.
  await world.consent('demo-doctor', ['provider.profile.read'])
  const signIn = new URL('/signin', world.demo.origins.panel)
  signIn.search = new URLSearchParams({
    app_key: 'demo-doctor',
    scope: 'provider.profile.read',
    return: '/anything/you/like?q=1',
    state: STATE,
    challenge: verifierPair().challenge,
  }).toString()
  await driver.goto(
    `${THIRD}/e2e/fixtures/outside-signin.html?to=${encodeURIComponent(signIn.href)}`,
  )
  const refused = await until(
    () =>
      driver.evaluate(
        'top',
        () =>
          document.body.dataset.ready === 'error'
            ? {
                href: location.href,
                alert: document.querySelector('[data-platform-signin] [role=alert]')?.textContent,
                back: document.querySelector('[data-platform-signin] a')?.getAttribute('href'),
              }
            : null,
        null,
      ),
    'the sign-in page to refuse',
    15_000,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}; the tab is at ${await shows(driver)}`)
  })
  expect(refused.href).toBe(signIn.href)
  expect(refused.alert).toBeTruthy()
  const doctor = world.demo.apps.find((a) => a.app_key === 'demo-doctor')!
  expect(refused.back).toBe(doctor.url)
})

test('a redirect under the widget’s folder is no way back: the sign-in refuses it before any code', async ({
  driver,
  world,
}) => {
  // Consent remembered: no dialog would show. The widget (registered at its site's root) has a
  // page that redirects where `?to=` says; an outside page sends the tab to sign in with that
  // page as `return`, so that a code would go on to the attacker's page. It is not one of the
  // widget's registered top-level pages: the sign-in page refuses, and the tab stays there.
  await world.consent(ORIGINAL_KEY, ['provider.profile.read'])
  const catcher = `${THIRD}/e2e/fixtures/catch-signin.html`
  const signIn = new URL('/signin', world.demo.origins.panel)
  signIn.search = new URLSearchParams({
    app_key: ORIGINAL_KEY,
    scope: 'provider.profile.read',
    return: `/redir?to=${catcher}`,
    state: STATE,
    challenge: verifierPair().challenge,
  }).toString()
  await driver.goto(
    `${THIRD}/e2e/fixtures/outside-signin.html?to=${encodeURIComponent(signIn.href)}`,
  )
  const refused = await until(
    () =>
      driver.evaluate(
        'top',
        () =>
          document.body?.dataset.ready === 'error'
            ? {
                href: location.href,
                detail: document.querySelector('[data-platform-signin] .detail')?.textContent,
              }
            : null,
        null,
      ),
    'the sign-in page to refuse',
    15_000,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}; the tab is at ${await shows(driver)}`)
  })
  expect(refused.href).toBe(signIn.href)
  expect(refused.detail).toMatch(/^return: /)
  expect(world.widget.requests.filter((r) => r.startsWith('GET /redir'))).toEqual([])
})

test('a top-level page signs in once, then gets a fresh token for each call without leaving, across a reload', async ({
  driver,
  world,
}) => {
  const start = `${world.widget.origin}/settings?oauth=success`
  // The way back is the registered page alone; the SDK puts the query back from the tab.
  const visits = () =>
    world.widget.requests.filter(
      (r) => r === 'GET /settings?oauth=success' || r === 'GET /settings',
    )
  await driver.goto(start)
  await until(
    async () => (await here(driver)).startsWith(`${world.demo.origins.panel}/signin`),
    'the sign-in page',
    15_000,
  )
  const asked = await dialogNamed(driver, /.+/)
  await clickControl(driver, /^(Allow|اجازه می‌دهم)$/)
  const first = await settled(driver, world.widget.origin, 'the settings page after sign-in')
  expect(first, JSON.stringify(first)).toMatchObject({
    ready: 'true',
    tokens: '4',
    replay: 'refused',
  })
  expect(await here(driver)).toBe(start)
  // Out once and back once: no other trip.
  expect(visits()).toEqual(['GET /settings?oauth=success', 'GET /settings'])
  // The page is English, so the sign-in page was too.
  expect(asked.name).toMatch(/asks for access$/)

  // A reload: four more tokens, the tab never leaves the page.
  await driver.evaluate(
    'top',
    () => {
      document.body.dataset.ready = ''
      setTimeout(() => location.reload(), 0)
      return true
    },
    null,
  )
  await until(async () => visits().length === 3, 'the reload')
  expect(
    await settled(driver, world.widget.origin, 'the settings page after a reload'),
  ).toMatchObject({
    ready: 'true',
    tokens: '4',
    replay: 'refused',
  })
  expect(await here(driver)).toBe(start)

  // Another page of the widget's origin, in the same tab.
  await driver.goto(`${world.widget.origin}/settings?step=2`)
  expect(
    await settled(driver, world.widget.origin, 'the settings page after a navigation'),
  ).toMatchObject({
    ready: 'true',
    tokens: '4',
  })
  expect(await here(driver)).toBe(`${world.widget.origin}/settings?step=2`)
  expect(visits()).toHaveLength(3)
})
