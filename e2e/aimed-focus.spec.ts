import { test as base, expect, type Frame, type Page } from '@playwright/test'
import { type AimedWorld, aimedWorld, BYSTANDER, HOSTILE, PROFILE_WIDGET } from './aimed-focus'
import { resetDemo } from './own-demo'

/**
 * A widget aiming the host's focus defence at the others, in Chromium as a doctor has it. On the
 * doctor's profile (seen by a patient) a hostile widget opens its own consent dialog, waits past
 * the intent delay's grace, then calls `parent.frames[i].focus()` on every other frame every
 * 10 ms. Chromium lets that focus the hidden frames. The host must take nothing from the others
 * for it (no unmount, no cool-down, no report): it puts focus back and pauses the dialog
 * instead, so a typed key reaches a widget only in the few ms a grab holds focus.
 */

const test = base.extend<object, { world: AimedWorld }>({ world: aimedWorld })
// A hang guard: three widgets, ten keys and two dialogs took about 60 s a run at a load average
// of 27, and the profile's load event alone passed 45 s at 40 with a CPU hog beside.
test.describe.configure({ timeout: 120_000 })
const WIDGETS = [HOSTILE, BYSTANDER, PROFILE_WIDGET]
const DIGITS = '1234567890'
const PAUSED = 'dialog[open] p[role=status]:not([hidden])'

async function frameOf(page: Page, app_key: string): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-app-key="${app_key}"]`)
  const frame = await handle.contentFrame()
  if (!frame) throw new Error(`no frame for ${app_key}`)
  await frame.waitForFunction(() => document.body?.dataset.ready === 'true', null, {
    timeout: 30_000,
  })
  return frame
}

/** Every widget frame in the panel, and whether the open dialog says it is paused. */
const seen = (page: Page) =>
  page.evaluate(() => ({
    frames: [...document.querySelectorAll('iframe[data-app-key]')].map((f) =>
      f.getAttribute('data-app-key'),
    ),
    paused: !!document
      .querySelector('[data-platform-dialogs]')
      ?.shadowRoot?.querySelector('dialog[open] p[role=status]:not([hidden])'),
  }))

for (const delay of [150, 30]) {
  test(`a widget focusing every other frame from behind its own dialog removes none, cools none down, reports none, and a digit typed at ${delay} ms a key reaches a widget only in a grab's few ms`, async ({
    page,
    world,
  }) => {
    // Chromium lets any frame focus a hidden frame, inert or not, and sends it the keys typed
    // until the host takes focus back: at 30 ms a key one can land in those few ms (SECURITY.md,
    // "A widget aiming the host's defence at another"). No page-side hiding stops it there; the
    // engine journeys run this in Firefox and WebKit, which never move focus here.
    await resetDemo(world.demo)
    const console: string[] = []
    page.on('console', (message) => console.push(message.text()))
    // Not the load event, which waits for every frame: each widget's readiness is waited for below.
    await page.goto(`${world.demo.origins.panel}/profile?lang=en`, {
      waitUntil: 'domcontentloaded',
    })
    const frames = await Promise.all(WIDGETS.map((key) => frameOf(page, key)))
    const [hostile, bystander, profile] = frames as [Frame, Frame, Frame]
    // The demo's own widget keeps its keys too, as the other two do (fixtures/aimed/app.js).
    await profile.evaluate(() => {
      window.keysSeen = ''
      document.addEventListener(
        'keydown',
        (e) => {
          window.keysSeen += e.key
        },
        true,
      )
    })
    // The attack, from the hostile widget's page: its own consent dialog, then, past the grace,
    // every other frame focused every 10 ms.
    await hostile.evaluate(() => {
      void window.platform.getSessionToken({ scope: ['user.profile.read'] }).catch(() => {})
      setTimeout(() => {
        window.aiming = setInterval(() => {
          for (let i = 0; i < parent.frames.length; i++) {
            if (parent.frames[i] !== window) parent.frames[i]!.focus()
          }
        }, 10)
      }, 1000)
    })
    const dialog = page.locator('dialog[open]')
    await expect(dialog).toHaveAttribute('data-kind', 'consent')
    // The patient clicks in the dialog (its title) and types, with the keyboard.
    const box = await dialog.getByRole('heading').boundingBox()
    if (!box) throw new Error('no dialog title')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    // The attack has landed once a focused frame was taken back: the dialog says it paused (or,
    // were the host to end the focused frames, one is gone: the next check names it).
    await expect
      .poll(
        async () => {
          const now = await seen(page)
          return now.paused || now.frames.length < WIDGETS.length
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    expect((await seen(page)).frames).toEqual(expect.arrayContaining(WIDGETS))
    await expect(page.locator(PAUSED)).toHaveText(/took the keyboard/)
    await page.keyboard.type(DIGITS, { delay })
    const keys = await Promise.all(frames.map((f) => f.evaluate(() => window.keysSeen as string)))
    // A key typed in the few ms between a grab and the reclaim reaches the focused frame in
    // Chromium (SECURITY.md, "What remains"): 2 of 10 runs beside a CPU hog saw one. What holds
    // every run: only typed digits, each to one frame at most, and most to none (a trap that
    // stopped reclaiming would give the frames every key after the first grab).
    const leaked = keys.join('')
    test.info().annotations.push({
      type: 'digits to a widget',
      description: JSON.stringify(Object.fromEntries(WIDGETS.map((k, i) => [k, keys[i]]))),
    })
    expect(
      [...leaked].every((key) => DIGITS.includes(key)),
      leaked,
    ).toBe(true)
    expect(new Set(leaked).size, leaked).toBe(leaked.length)
    expect(leaked.length, leaked).toBeLessThanOrEqual(DIGITS.length / 2)
    // Stopped before the patient closes the dialog: a key it takes then would prove nothing here.
    await hostile.evaluate(() => clearInterval(window.aiming))
    // The patient's click in the dialog ends the pause.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(page.locator(PAUSED)).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    // Every widget is still there, shown, and nothing was reported.
    for (const key of WIDGETS)
      await expect(page.locator(`iframe[data-app-key="${key}"]`)).toBeVisible()
    await expect(page.locator('.toasts .toast')).toHaveCount(0)
    expect(console.filter((line) => /unmounted|focus-theft/.test(line))).toEqual([])
    // Not cooled down: the bystander's own dialog opens (DIALOG_COOLDOWN would refuse it).
    const asked = bystander.evaluate(() =>
      window.platform.getSessionToken({ scope: ['user.profile.read'] }).then(
        () => 'token',
        (e: { code: string }) => e.code,
      ),
    )
    await expect(dialog).toHaveAttribute('data-kind', 'consent')
    await expect(dialog).toContainText(BYSTANDER)
    await page.keyboard.press('Escape')
    expect(await asked).toBe('USER_CLOSED_POPUP')
  })
}
