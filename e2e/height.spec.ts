import { expect, type Frame, type Page, test } from '@playwright/test'
import { initializedWidget } from './helpers'

/**
 * The height guard in Chromium, on the doctor's profile (the fixture panel's doctor-profile
 * context), with the production createHost: a layout that measures its own frame is held and
 * named once on the console; a list loading its rows still grows to its full height.
 */

const FRAME = 'iframe[data-app-key="test-widget"]'

const frameHeight = (page: Page) =>
  page.locator(FRAME).evaluate((f) => Math.round(f.getBoundingClientRect().height))

/** Lets the widget's page run `n` animation frames (reports and resizes in between). */
const frames = (frame: Frame, n: number) =>
  frame.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count
        const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick))
        requestAnimationFrame(tick)
      }),
    n,
  )

test('a child of height: 110vh is held, and the host names the widget once', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('[platform host]')) warnings.push(m.text())
  })
  const held = page.waitForEvent('console', (m) => m.text().includes('followed its frame'))
  const frame = await initializedWidget(page, 'context=doctor-profile&page=height-110vh.html')
  await held
  const at = await frameHeight(page)
  // Half a second of frames later (thirty reports' worth before the guard), it has not moved.
  await frames(frame, 30)
  expect(await frameHeight(page)).toBe(at)
  const viewport = page.viewportSize()?.height ?? 720
  expect(at).toBeLessThanOrEqual(3 * viewport)
  const named = warnings.filter((w) => w.includes('followed its frame'))
  expect(named).toHaveLength(1)
  expect(named[0]).toContain('test-widget')
})

test('a list loading its rows grows to its full height', async ({ page }) => {
  const frame = await initializedWidget(page, 'context=doctor-profile&page=height-list.html')
  await frame.evaluate(() => window.loadRows())
  await frame.waitForFunction(() => document.body.dataset.loaded === 'true')
  const content = await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  )
  // 24 rows of 28–72 px: well past the frame's first 150 px.
  expect(content).toBeGreaterThan(1_000)
  await expect.poll(() => frameHeight(page)).toBe(content)
  expect(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(
    true,
  )
})
