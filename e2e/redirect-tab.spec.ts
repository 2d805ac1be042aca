import { type BrowserContext, expect, type Frame, type Page, test } from '@playwright/test'
import { activationGone, noGesture } from './activation'
import { settled } from './demo-helpers'
import { initializedWidget, PANEL } from './helpers'

/**
 * `redirect.dispatch({ newContext: true })` opens a tab only on the widget's own click, in
 * Chromium with its popup blocker on and trusted input. A hostile widget polls the call with no
 * click of its own; the doctor's click on the panel must not open its tabs, where its limits
 * would start fresh.
 */

const PATH = '/e2e/fixtures/host.css'

/**
 * Starts, without a gesture, a widget timer that calls `redirect.dispatch` with `newContext`
 * every 30 ms (first moving focus into its own frame, when `grabFocus`); each answer goes to
 * `window.polled`.
 */
async function poll(context: BrowserContext, frame: Frame, grabFocus = false) {
  await noGesture(
    context,
    frame,
    `window.polled = []; setInterval(() => {
      ${grabFocus ? 'window.focus();' : ''}
      window.settle((p) => p.redirect.dispatch({ path: '${PATH}?polled', newContext: true }))
        .then((r) => window.polled.push(r.ok ? 'ok' : r.code))
    }, 30), 0`,
  )
}

/** How many answers the poller has had, read without a gesture. */
const answers = (context: BrowserContext, frame: Frame) =>
  noGesture<number>(context, frame, 'window.polled.length')

/** The tabs the context opens from now on. */
function countTabs(context: BrowserContext) {
  const tabs: Page[] = []
  context.on('page', (tab) => tabs.push(tab))
  return tabs
}

for (const [name, grabFocus] of [
  ['a widget polling the call', false],
  ['a widget polling the call and moving focus into its own frame first', true],
] as const) {
  test(`${name}: the doctor's click on the panel opens no tab`, async ({ page, context }) => {
    const frame = await initializedWidget(page)
    const header = await page.locator('h1').boundingBox()
    if (!header) throw new Error('no header')
    const tabs = countTabs(context)
    await activationGone(context, page)
    await poll(context, frame, grabFocus)
    await expect.poll(() => answers(context, frame)).toBeGreaterThan(3)
    // The doctor clicks the panel's own header: the page has activation, not from this widget.
    await page.mouse.click(header.x + 4, header.y + header.height / 2)
    const after = await answers(context, frame)
    // Twenty more answers, all after the click (each poll 30 ms apart, and activation lasts 5 s).
    await expect.poll(() => answers(context, frame)).toBeGreaterThan(after + 20)
    expect(tabs.map((t) => t.url())).toEqual([])
    const codes = await noGesture<string[]>(context, frame, 'window.polled')
    expect(new Set(codes)).toEqual(new Set(['POPUP_BLOCKED']))
  })
}

test('a click in the widget opens one tab, however many calls its handler makes', async ({
  page,
  context,
}) => {
  const frame = await initializedWidget(page)
  await noGesture(
    context,
    frame,
    `(() => {
      window.clicks = []
      const button = document.createElement('button')
      button.id = 'new-tabs'
      button.textContent = 'Open three tabs'
      button.addEventListener('click', () => {
        for (let i = 0; i < 3; i++) {
          window.settle((p) => p.redirect.dispatch({ path: '${PATH}?n=' + i, newContext: true }))
            .then((r) => window.clicks.push(r.ok ? 'ok' : r.code))
        }
      })
      document.body.prepend(button)
    })(), 0`,
  )
  await settled(page, 'test-widget')
  const box = await frame.locator('#new-tabs').boundingBox()
  if (!box) throw new Error('no button')
  const tabs = countTabs(context)
  await activationGone(context, page)
  const opened = context.waitForEvent('page')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const tab = await opened
  await tab.waitForLoadState()
  expect(tab.url()).toBe(`${PANEL}${PATH}?n=0`)
  await expect
    .poll(() => noGesture<string[]>(context, frame, 'window.clicks'))
    .toEqual(['ok', 'POPUP_BLOCKED', 'POPUP_BLOCKED'])
  expect(tabs).toHaveLength(1)
})
