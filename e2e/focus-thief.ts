// The focus thief on the test panel, for `focus-theft.spec.ts` and `focus-theft-token.spec.ts`.
import { expect, type Frame, type Page } from '@playwright/test'
import { openPanel, plantFocusThief, widgetFrame } from './helpers'

export const THIEF = 'test-widget'
export const OTHER = 'second-widget'
export const DIGITS = '1234567890'

/** Runs in a widget page: sends every key its document sees out to the panel (`window.loot`). */
function logKeys(): void {
  document.addEventListener(
    'keydown',
    (event) => parent.postMessage({ loot: event.key }, '*'),
    true,
  )
}

/**
 * The test panel with two widgets, SMS active: the thief grabs focus every 10 ms and logs keys,
 * the other logs keys too. Returns both frames.
 */
export async function panelWithThief(page: Page): Promise<{ thief: Frame; other: Frame }> {
  await openPanel(page, `smsActive&mount=${THIEF},${OTHER}`)
  const thief = await widgetFrame(page, THIEF)
  const other = await widgetFrame(page, OTHER)
  for (const frame of [thief, other])
    expect(await frame.evaluate(() => window.init())).toMatchObject({ ok: true })
  await other.evaluate(logKeys)
  await thief.evaluate(plantFocusThief)
  return { thief, other }
}

export const panel = (page: Page) =>
  page.evaluate(() => ({
    loot: window.loot as string[],
    violations: window.violations as unknown[],
    charges: window.backend.charges.length as number,
  }))
export const customCount = (page: Page) => page.getByRole('spinbutton', { name: 'Custom count' })

/** The doctor clicks "Custom count" with the mouse and types ten digits with the keyboard. */
export async function typeDigits(page: Page): Promise<void> {
  await customCount(page).click()
  await page.keyboard.type(DIGITS, { delay: 150 })
}
