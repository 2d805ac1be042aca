import { test as base, expect, type Frame, type Page } from '@playwright/test'
import { PAGES_KEY, type PagesWorld, pagesWorld } from './pages-widget'

/**
 * A provider's scopes are the doctor's alone. The demo's doctor profile is seen by the patient
 * pt-1; the calendar widget there has `provider.profile.read` enabled (as the public calendar
 * widget has its five). Asked on the profile, the scope is refused with INVALID_SCOPE before any
 * dialog; in the doctor panel, where the doctor is signed in, it is asked as before; and the
 * emulator issues no provider's scope to the patient whatever the panel asks.
 */

const test = base.extend<object, { world: PagesWorld }>({ world: pagesWorld })

/** The calendar widget's frame on `path` of the demo panel, once its page has run. */
async function calendarOn(page: Page, world: PagesWorld, path: string): Promise<Frame> {
  await page.goto(`${world.demo.origins.panel}${path}`)
  const handle = await page.waitForSelector(`iframe[data-app-key="${PAGES_KEY}"]`)
  const frame = await handle.contentFrame()
  if (!frame) throw new Error('no calendar frame')
  // The frame may still be at its first, bodiless document when the wait starts.
  await frame.waitForFunction(() => document.body?.dataset.ready === 'true')
  return frame
}

/** Starts `getSessionToken` for a provider's scope in the widget; settles with its outcome. */
function askProviderScope(frame: Frame) {
  return frame.evaluate(() =>
    window.platform.getSessionToken({ scope: ['provider.profile.read'] }).then(
      () => ({ ok: true as const }),
      (e: { code: string; message: string }) => ({
        ok: false as const,
        code: e.code,
        message: e.message,
      }),
    ),
  )
}

test("on the doctor's profile, seen by a patient: provider.* is INVALID_SCOPE, and no dialog shows", async ({
  page,
  world,
}) => {
  const frame = await calendarOn(page, world, '/profile?lang=en')
  const outcome = await askProviderScope(frame)
  expect(outcome).toMatchObject({ ok: false, code: 'INVALID_SCOPE' })
  expect(outcome.ok === false && outcome.message).toContain('provider.profile.read')
  await expect(page.locator('dialog')).toHaveCount(0)
})

test('in the doctor panel, the signed-in doctor is asked for the same scope', async ({
  page,
  world,
}) => {
  const frame = await calendarOn(page, world, `/panel/apps/${PAGES_KEY}?lang=en`)
  const outcome = askProviderScope(frame)
  const dialog = page.locator('dialog[open]')
  await expect(dialog).toHaveAttribute('data-kind', 'consent')
  await page.keyboard.press('Escape')
  expect(await outcome).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
})

test("the emulator's session-token route refuses a provider's scope for the patient", async ({
  world,
}) => {
  const mint = (user: string) =>
    fetch(
      `${world.demo.origins.emulator}/internal/users/${user}/apps/${PAGES_KEY}/session-tokens`,
      {
        method: 'POST',
        // The internal endpoints answer the panel only.
        headers: { origin: world.demo.origins.panel, 'content-type': 'application/json' },
        body: JSON.stringify({ scopes: ['provider.profile.read'] }),
      },
    )
  const patient = await mint('pt-1')
  expect(patient.status).toBe(403)
  expect(await patient.json()).toMatchObject({ error: 'INVALID_SCOPE' })
  expect((await mint('dr-1')).status).toBe(200)
})
