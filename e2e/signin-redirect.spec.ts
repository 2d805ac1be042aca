// A sign-in started by an outside site, caught by an open redirect of the widget's: Chromium
// with its own defaults (popup blocker, storage partitioning). The widget has a page under its
// registered folder that sends the tab wherever `?to=` says (a common `?next=` or logout
// redirect), and the doctor's consent is remembered, so no dialog shows. The attacker makes its
// own verifier and challenge, sends the tab to the sign-in page with `return` at that redirect,
// and would redeem the code its page catches from a server, forging the widget's `Origin`. The
// sign-in answers only the widget's registered top-level pages: it refuses, before any token or
// code exists.
import { createHash, randomBytes } from 'node:crypto'
import { test as base, expect } from '@playwright/test'
import { THIRD } from './helpers'
import { ORIGINAL_KEY } from './original-widget'
import { type TopLevelWorld, topLevelWorld } from './toplevel-world'

const test = base.extend<object, { world: TopLevelWorld }>({ world: topLevelWorld })

test.beforeEach(({ world }) => world.reset())

test('an outside site’s sign-in, sent to a redirect of the widget’s, gets no code to redeem', async ({
  page,
  world,
}) => {
  await world.consent(ORIGINAL_KEY, ['provider.profile.read'])
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const panel = world.demo.origins.panel
  const catcher = `${THIRD}/e2e/fixtures/catch-signin.html`
  const signIn = new URL('/signin', panel)
  signIn.search = new URLSearchParams({
    app_key: ORIGINAL_KEY,
    scope: 'provider.profile.read',
    return: `/redir?to=${catcher}`,
    state: 'a'.repeat(32),
    challenge,
  }).toString()
  // What the sign-in page asks the platform for: a token, then a code for it.
  const issued: string[] = []
  page.on('request', (r) => {
    if (/\/(session-tokens|signin-codes)\b/.test(r.url())) issued.push(r.url())
  })
  await page.goto(`${THIRD}/e2e/fixtures/outside-signin.html?to=${encodeURIComponent(signIn.href)}`)
  // Wherever the tab settles: the attacker's page, or the sign-in page refusing.
  const landed = await expect
    .poll(
      () =>
        page
          .evaluate(() =>
            location.pathname.endsWith('/catch-signin.html')
              ? 'caught'
              : document.body?.dataset.ready === 'error'
                ? 'refused'
                : null,
          )
          .catch(() => null),
      { timeout: 15_000 },
    )
    .not.toBeNull()
    .then(() =>
      page.evaluate(() =>
        location.pathname.endsWith('/catch-signin.html') ? 'caught' : 'refused',
      ),
    )
  // Had it been caught: the attacker's server redeems with the widget's Origin and its verifier.
  let redeemed: { status: number; token: boolean } | undefined
  if (landed === 'caught') {
    const answer = new URLSearchParams(new URL(page.url()).hash.slice(1))
    const res = await fetch(`${panel}/signin/redeem`, {
      method: 'POST',
      headers: { origin: world.widget.origin },
      body: new URLSearchParams({
        app_key: ORIGINAL_KEY,
        code: answer.get('platform_code') ?? '',
        verifier,
      }),
    })
    const body = (await res.json()) as Record<string, unknown>
    redeemed = { status: res.status, token: typeof body.session_token === 'string' }
  }
  expect({ landed, redeemed }).toEqual({ landed: 'refused', redeemed: undefined })
  // Refused before any token or code, and the redirect was never asked for.
  expect(issued).toEqual([])
  expect(world.widget.requests.filter((r) => r.startsWith('GET /redir'))).toEqual([])
  expect(page.url()).toBe(signIn.href)
  await expect(page.locator('[data-platform-signin] .detail')).toContainText(
    'return: must carry no query',
  )
})
