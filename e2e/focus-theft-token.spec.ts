import { expect, test } from '@playwright/test'
import { chromiumLaunchOptions } from './browser'
import { customCount, DIGITS, OTHER, panel, panelWithThief, typeDigits } from './focus-thief'
import { start } from './helpers'

/**
 * The attack of `focus-theft.spec.ts` in a Chromium that enforces the frames'
 * `focus-without-user-activation` policy: the switch stands for the origin-trial token a panel
 * may put on its pages. The same attack runs without it there; the defence does not need it.
 */
/**
 * Chromium 156 enforces the policy only behind this switch, or with the trial's token on the
 * panel's pages, which a doctor's panel may not have: so only here, never in the default launch
 * (`e2e/browser.ts`).
 */
const FOCUS_POLICY_SWITCH = '--enable-blink-features=BlockingFocusWithoutUserActivation'
const options = chromiumLaunchOptions()
test.use({ launchOptions: { ...options, args: [...(options.args ?? []), FOCUS_POLICY_SWITCH] } })

test('the frames carry the policy, and the thief never takes focus: no key, nothing to end', async ({
  page,
}) => {
  const { other } = await panelWithThief(page)
  expect(await page.locator(`iframe[data-app-key="${OTHER}"]`).getAttribute('allow')).toBe(
    "clipboard-write; storage-access; focus-without-user-activation 'none'",
  )
  const charged = start(other, 'sms.charge')
  await typeDigits(page)
  await expect(customCount(page)).toHaveValue(DIGITS)
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  expect(await panel(page)).toMatchObject({ loot: [], violations: [] })
})
