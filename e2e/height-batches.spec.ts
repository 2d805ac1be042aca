import { expect, test } from '@playwright/test'
import { initializedWidget } from './helpers'

/**
 * A list that loads its rows in batches, with no click, on the doctor's profile (the fixture
 * panel's doctor-profile context) in Chromium with the production createHost: the frame shows
 * the whole list, and the host warns of nothing.
 */

const FRAME = 'iframe[data-app-key="test-widget"]'

test('six batches of 20 rows of 40 px, 250 ms apart: the frame shows all of the list', async ({
  page,
}) => {
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('[platform host]')) warnings.push(m.text())
  })
  const frame = await initializedWidget(page, 'context=doctor-profile&page=height-list.html')
  await frame.evaluate(() => window.loadBatches())
  await frame.waitForFunction(() => document.body.dataset.loaded === 'true')
  const content = await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  )
  // 120 rows of 40 px under the heading: past three viewport heights of the panel.
  expect(content).toBeGreaterThan(3 * (page.viewportSize()?.height ?? 720))
  await expect
    .poll(() => page.locator(FRAME).evaluate((f) => Math.round(f.getBoundingClientRect().height)))
    .toBe(content)
  expect(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(
    true,
  )
  expect(warnings).toEqual([])
})
