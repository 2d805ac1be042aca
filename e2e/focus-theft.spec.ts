import { expect, test } from '@playwright/test'
import {
  customCount,
  DIGITS,
  expectAtMostOneKeyRaced,
  OTHER,
  panel,
  panelWithThief,
  THIEF,
  typeDigits,
} from './focus-thief'
import { openPanel, start, widgetFrame } from './helpers'

/**
 * Focus theft in Chromium as a doctor has it: no origin-trial token on the panel, so the frames'
 * `focus-without-user-activation` policy is not enforced, and a hidden widget frame can still take
 * focus by script now and then (about once a second, measured). The host names that frame on the
 * panel window's blur and ends its widget; a key typed in the few ms between a grab and the end
 * can still reach it or be lost (2 of 67 runs under a CPU hog): only the trial token closes that,
 * and `focus-theft-token.spec.ts` asserts no key at all with it.
 *
 * The doctor types at a person's pace (150 ms a key): the thief's grabs then fall between
 * keystrokes, as they did for the doctor whose keys it got.
 */

const ENDED = [{ app_key: THIEF, kind: 'focus-theft' }]

test('a widget grabbing focus every 10 ms is ended; of the digits typed into another widget’s dialog it gets at most the one that races its end', async ({
  page,
}) => {
  const { other } = await panelWithThief(page)
  const charged = start(other, 'sms.charge')
  await typeDigits(page)
  await expect.poll(async () => (await panel(page)).violations, { timeout: 10_000 }).toEqual(ENDED)
  await expect(page.locator(`iframe[data-app-key="${THIEF}"]`)).toHaveCount(0)
  // Both at once: a digit missing from the field says where it went.
  expectAtMostOneKeyRaced({
    field: await customCount(page).inputValue(),
    loot: (await panel(page)).loot,
  })
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  // The other widget was not ended, and is back.
  await expect(page.locator(`iframe[data-app-key="${OTHER}"]`)).toBeVisible()
})

test('a widget grabbing focus every 10 ms from its own dialog is ended with it, having at most the key that races its end', async ({
  page,
}) => {
  const { thief } = await panelWithThief(page)
  // Its call ends with its frame: the answer may never come back to the frame.
  void start(thief, 'sms.charge').catch(() => undefined)
  // The thief may be ended, and its dialog gone, at any moment from its opening on: before the
  // test sees the field (its grabs right at the opening, seen in 3 of 25 runs under load), or
  // before the doctor clicks (a locator would then wait for the field until the test's timeout).
  // The click and the keys then land on the panel.
  await expect
    .poll(async () => (await panel(page)).violations.length > 0 || customCount(page).isVisible())
    .toBe(true)
  const box = await customCount(page)
    .boundingBox({ timeout: 1_000 })
    .catch(() => null)
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.keyboard.type(DIGITS, { delay: 150 })
  await expect.poll(async () => (await panel(page)).violations, { timeout: 10_000 }).toEqual(ENDED)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.locator(`iframe[data-app-key="${THIEF}"]`)).toHaveCount(0)
  const { loot, charges } = await panel(page)
  // At most the key typed between its grab and its end (SECURITY.md, "What remains").
  expect({ keys: loot.length <= 1, charges }).toEqual({ keys: true, charges: 0 })
})

test('no panel load logs anything about the focus policy’s origin trial', async ({ page }) => {
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  await openPanel(page, `mount=${THIEF},${OTHER}`)
  for (const app of [THIEF, OTHER]) await widgetFrame(page, app)
  expect(
    await page.locator('iframe').evaluateAll((f) => f.map((i) => i.getAttribute('allow'))),
  ).toEqual(['clipboard-write; storage-access', 'clipboard-write; storage-access'])
  expect(lines.filter((line) => /origin trial|focus-without-user-activation/i.test(line))).toEqual(
    [],
  )
})
