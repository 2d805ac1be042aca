import { expect, type Page, test } from '@playwright/test'
import { customCount, DIGITS, OTHER, panel, panelWithThief, THIEF, typeDigits } from './focus-thief'
import { openPanel, start, widgetFrame } from './helpers'

/**
 * Focus theft in Chromium as a doctor has it: no origin-trial token on the panel, so the frames'
 * `focus-without-user-activation` policy is not enforced, and a hidden widget frame can still take
 * focus by script now and then (about once a second, measured). The host cannot tell whether the
 * frame's own page did it or another frame did (`parent.frames[i].focus()`), so it ends no widget:
 * it puts focus back and pauses the dialog.
 *
 * The doctor types at a person's pace (150 ms a key). A key typed in the few ms between a grab
 * and the panel taking focus back reaches the thief, and no page-side hiding closes that window
 * in Chromium (SECURITY.md, "What remains"): CI saw one such digit in about one run of five. So
 * these tests hold what the host guarantees every run: every digit lands in the dialog's field
 * or, in that window, in the focused thief (none lost, none to anyone else), focus comes back
 * each time (the field keeps most of them: a thief that kept focus would take every key after
 * its grab), nothing is ended, charged or reported, and Esc still closes. The digits the thief
 * got are written into the report. The zero-digit claim is held where Chromium enforces the
 * policy (`focus-theft-token.spec.ts`) and in the engine journeys in Firefox and WebKit.
 */

/** The digits typed, split between the field and the thief, and the count written to the report. */
async function accountFor(page: Page): Promise<void> {
  const field = await customCount(page).inputValue()
  const { loot } = await panel(page)
  test.info().annotations.push({ type: 'digits to the thief', description: String(loot.length) })
  // In typing order: the field holds what the thief did not get.
  expect(field).toBe([...DIGITS].filter((d) => !loot.includes(d)).join(''))
  expect([...loot].sort().join('')).toBe([...DIGITS].filter((d) => !field.includes(d)).join(''))
  expect(loot.length, `digits to the thief: ${loot.join('')}`).toBeLessThanOrEqual(
    DIGITS.length / 2,
  )
}

test('a widget grabbing focus every 10 ms from behind another widget’s dialog gets no digit but in a grab’s few ms, and is not ended', async ({
  page,
}) => {
  const { other } = await panelWithThief(page)
  const charged = start(other, 'sms.charge')
  await typeDigits(page)
  await accountFor(page)
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  // Neither widget was ended: both are back.
  for (const app of [THIEF, OTHER])
    await expect(page.locator(`iframe[data-app-key="${app}"]`)).toBeVisible()
  expect((await panel(page)).violations).toEqual([])
})

test('a widget grabbing focus every 10 ms from its own dialog gets no digit but in a grab’s few ms, and its dialog stays until closed', async ({
  page,
}) => {
  const { thief } = await panelWithThief(page)
  const charged = start(thief, 'sms.charge')
  await typeDigits(page)
  await accountFor(page)
  const { charges, violations } = await panel(page)
  expect({ charges, violations }).toEqual({ charges: 0, violations: [] })
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  await expect(page.locator(`iframe[data-app-key="${THIEF}"]`)).toBeVisible()
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
