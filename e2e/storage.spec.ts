import { expect, type Frame, type Page, test } from '@playwright/test'
import { settled } from './demo-helpers'
import { initializedWidget, PANEL, WIDGET } from './helpers'

/**
 * Storage in the panel's frame: the panel (127.0.0.1) and the widget (localhost) are different
 * sites, so the widget's frame is a third-party context. What Chromium 156 does there with its
 * own defaults (storage partitioning and the popup blocker on: e2e/browser.ts), with the frame
 * `host.mount` makes; docs/widget.md ("Storage in the panel's frame") states the same facts, and
 * e2e/engines/storage.journeys.ts measures every engine. `grantPermissions(['storage-access'])`
 * stands in for the user's yes to the browser's prompt (headless Chromium shows none, and
 * without it the request is refused).
 */

/** What the widget's origin stores as the top-level page, before the panel mounts it. */
async function seedAsFirstParty(page: Page) {
  await page.goto(`${WIDGET}/e2e/fixtures/outside.html?storage`)
  await page.evaluate(() => {
    localStorage.setItem('seed', 'top')
    // biome-ignore lint/suspicious/noDocumentCookie: what a widget written for cookies does
    document.cookie = 'seed=top; SameSite=None; Secure; Path=/'
  })
}

/** Adds a button to the widget that asks for storage access on click, and clicks it for real. */
async function askOnClick(page: Page, frame: Frame) {
  await frame.evaluate(() => {
    const button = document.createElement('button')
    button.id = 'ask'
    button.textContent = 'Connect'
    button.addEventListener('click', () => {
      window.access = document.requestStorageAccess().then(
        () => 'resolved',
        (error: Error) => `${error.name}`,
      )
    })
    document.body.prepend(button)
  })
  await settled(page, 'test-widget')
  const box = (await (await frame.$('#ask'))!.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  return frame.evaluate(() => window.access as Promise<string>)
}

/**
 * What the widget can use right now: localStorage (`shared` when it sees what the widget stored
 * as the top-level page, `partitioned` when it works apart from that), whether a cross-site
 * cookie is kept and whether it is the first-party one, and hasStorageAccess.
 */
function probe(frame: Frame) {
  return frame.evaluate(async () => {
    let local: string
    try {
      localStorage.setItem('k', 'v')
      local =
        localStorage.getItem('k') !== 'v'
          ? 'lost'
          : localStorage.getItem('seed') === 'top'
            ? 'shared'
            : 'partitioned'
    } catch (error) {
      local = (error as Error).name
    }
    // biome-ignore lint/suspicious/noDocumentCookie: what a widget written for cookies does
    document.cookie = 'sid=1; SameSite=None; Secure; Path=/'
    return {
      local,
      cookie: document.cookie.includes('sid=1'),
      firstPartyCookie: document.cookie.includes('seed=top'),
      access: await document.hasStorageAccess(),
    }
  })
}

/**
 * The widget's origin seeded as a first party, then the test panel with its widget initialized
 * (it reports its height from then on).
 */
async function mounted(page: Page) {
  await seedAsFirstParty(page)
  return initializedWidget(page)
}

test('the frame may ask: allow="storage-access" and allow-storage-access-by-user-activation', async ({
  page,
}) => {
  await mounted(page)
  const iframe = page.locator('iframe[data-app-key="test-widget"]')
  expect((await iframe.getAttribute('sandbox'))?.split(' ')).toContain(
    'allow-storage-access-by-user-activation',
  )
  expect((await iframe.getAttribute('allow'))?.split('; ')).toContain('storage-access')
  expect(new URL(WIDGET).hostname).not.toBe(new URL(PANEL).hostname)
})

test('Chromium: localStorage works in the cross-site frame, partitioned, and cookies are not kept', async ({
  page,
}) => {
  const frame = await mounted(page)
  expect(await probe(frame)).toEqual({
    local: 'partitioned',
    cookie: false,
    firstPartyCookie: false,
    access: false,
  })
})

test('Chromium: without the user’s yes, requestStorageAccess() after a click is refused', async ({
  page,
}) => {
  const frame = await mounted(page)
  expect(await askOnClick(page, frame)).toBe('NotAllowedError')
  expect(await probe(frame)).toEqual({
    local: 'partitioned',
    cookie: false,
    firstPartyCookie: false,
    access: false,
  })
})

test('Chromium: with the user’s yes, requestStorageAccess() after a click resolves: its own cookies, localStorage stays partitioned', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['storage-access'])
  const frame = await mounted(page)
  expect(await askOnClick(page, frame)).toBe('resolved')
  // The widget's own (unpartitioned) cookie jar: the cookie it set as a first party is read, and
  // a SameSite=None; Secure cookie is kept and sent. `localStorage` stays the partitioned one.
  expect(await probe(frame)).toEqual({
    local: 'partitioned',
    cookie: true,
    firstPartyCookie: true,
    access: true,
  })
  expect(
    await frame.evaluate(() =>
      // Storage Access API beyond cookies (Chromium's `requestStorageAccess({ localStorage })`):
      // a handle on the widget's first-party localStorage.
      (
        document.requestStorageAccess as unknown as (types: object) => Promise<{
          localStorage: Storage
        }>
      )({ localStorage: true })
        .then((handle) =>
          handle.localStorage.getItem('seed') === 'top' ? 'shared' : 'partitioned',
        )
        .catch((error: Error) => error.name),
    ),
  ).toBe('shared')
  expect((await context.cookies(WIDGET)).map((c) => [c.name, c.partitionKey]).sort()).toEqual([
    ['seed', undefined],
    ['sid', undefined],
  ])
})
