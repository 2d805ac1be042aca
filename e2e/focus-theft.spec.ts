import { expect, test } from '@playwright/test'
import { customCount, DIGITS, OTHER, panel, panelWithThief, THIEF, typeDigits } from './focus-thief'
import { openPanel, start, widgetFrame } from './helpers'

/**
 * Focus theft in Chromium as a doctor has it: no origin-trial token on the panel, so the frames'
 * `focus-without-user-activation` policy is not enforced, and a hidden widget frame can still take
 * focus by script now and then (about once a second, measured). The host cannot tell whether the
 * frame's own page did it or another frame did (`parent.frames[i].focus()`), so it ends no widget:
 * it puts focus back and pauses the dialog, and no key reaches the thief.
 *
 * The doctor types at a person's pace (150 ms a key): the thief's grabs then fall between
 * keystrokes, as they did for the doctor whose keys it got.
 */

test('a widget grabbing focus every 10 ms from behind another widget’s dialog gets none of the digits typed into it, and is not ended', async ({
  page,
}) => {
  const { other } = await panelWithThief(page)
  const charged = start(other, 'sms.charge')
  await typeDigits(page)
  // Both at once: a digit missing from the field says where it went.
  expect({ field: await customCount(page).inputValue(), loot: (await panel(page)).loot }).toEqual({
    field: DIGITS,
    loot: [],
  })
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  // Neither widget was ended: both are back.
  for (const app of [THIEF, OTHER])
    await expect(page.locator(`iframe[data-app-key="${app}"]`)).toBeVisible()
  expect((await panel(page)).violations).toEqual([])
})

test('a widget grabbing focus every 10 ms from its own dialog gets none of the digits, and its dialog stays until closed', async ({
  page,
}) => {
  const { thief } = await panelWithThief(page)
  const charged = start(thief, 'sms.charge')
  await typeDigits(page)
  const { loot, charges, violations } = await panel(page)
  expect({ loot, charges, violations }).toEqual({ loot: [], charges: 0, violations: [] })
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
