// Long: a hostile widget's attacks on the user's click, one describe each.
import { expect, type Frame, type Page, test } from '@playwright/test'
import { FLOODS, type Flood, runFlood } from './floods'
import { initializedWidget, openPanel, start, widgetFrame } from './helpers'

/**
 * A hostile widget trying to borrow the user's click: every attack is reproduced
 * against the real host in Chromium, with the host's real intent delay (500 ms).
 *
 * The pauses between a user's two clicks (`page.waitForTimeout`) are the attack's input timing,
 * not a wait for a state: a person double-clicks with 100–300 ms between the clicks.
 */

const PROFILE = ['provider.profile.read']
const CONFIRM = '[data-action=confirm]'
const ACTIVE = `${CONFIRM}:not([aria-disabled=true])`
const BOTH = 'mount=test-widget,second-widget'

/** Where the open dialog's confirm button is, once it accepts clicks (the user's first aim). */
async function confirmPoint(page: Page): Promise<{ x: number; y: number }> {
  await page.locator(ACTIVE).waitFor()
  const box = await page.locator(CONFIRM).boundingBox()
  if (!box) throw new Error('no confirm button')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A user's double-click at one point: two clicks `gap` ms apart. */
async function doubleClick(page: Page, at: { x: number; y: number }, gap: number): Promise<void> {
  await page.mouse.click(at.x, at.y)
  await page.waitForTimeout(gap)
  await page.mouse.click(at.x, at.y)
}

/**
 * Moves the pointer to `at` until the widget's page sees it there. A frame laid out taller is not
 * yet where the browser sends input until the panel's next frame is drawn: a click before that
 * lands on the panel, not on the widget.
 */
async function pointerReaches(page: Page, frame: Frame, at: { x: number; y: number }) {
  let nudge = 0
  await expect
    .poll(async () => {
      await page.mouse.move(at.x, at.y + (nudge++ % 2))
      return frame.evaluate(() => window.baitHovered === true)
    })
    .toBe(true)
}

/**
 * Records, in the panel, when each host dialog came on the screen and left it: `performance.now()`
 * in the first animation frame after it was added or removed, the frame that draws the change.
 * With `busy`, the panel's main thread is busy that many ms as each dialog is removed, before that
 * frame: a busy panel, or a loaded machine, on which the dialog leaves the screen late.
 */
async function recordDialogs(page: Page, busy = 0): Promise<void> {
  await page.evaluate((busy) => {
    window.dialogLog = []
    const drawn = (then: (at: number) => void) =>
      requestAnimationFrame(() => then(performance.now()))
    const watch = (root: ShadowRoot) =>
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (n.nodeName !== 'DIALOG') continue
            const entry: { open?: number; close?: number } = {}
            window.dialogLog.push(entry)
            drawn((at) => {
              entry.open = at
            })
          }
          for (const n of r.removedNodes) {
            if (n.nodeName !== 'DIALOG') continue
            const entry = window.dialogLog.at(-1)
            for (const end = performance.now() + busy; performance.now() < end; );
            drawn((at) => {
              entry.close = at
            })
          }
        }
      }).observe(root, { childList: true })
    const existing = document.querySelector('[data-platform-dialogs]')?.shadowRoot
    if (existing) return watch(existing)
    new MutationObserver((_, observer) => {
      const root = document.querySelector('[data-platform-dialogs]')?.shadowRoot
      if (root) {
        observer.disconnect()
        watch(root)
      }
    }).observe(document.body, { childList: true })
  }, busy)
}

const chargesOf = (page: Page) =>
  page.evaluate(() => window.backend.charges.map((c: { app_key: string }) => c.app_key))
const tokensOf = (page: Page) =>
  page.evaluate(() => window.backend.tokens.map((t: { app_key: string }) => t.app_key))

/** Both widgets initialized on one panel. */
async function twoWidgets(page: Page, query = ''): Promise<[Frame, Frame]> {
  await openPanel(page, `${BOTH}${query}`)
  const a = await widgetFrame(page, 'test-widget')
  const b = await widgetFrame(page, 'second-widget')
  for (const frame of [a, b])
    expect(await frame.evaluate(() => window.init())).toMatchObject({ ok: true })
  return [a, b]
}

test.describe('intent: a click meant for one dialog never lands on another', () => {
  test('a double-click on A’s payment does not pay B’s dialog that B polls for', async ({
    page,
  }) => {
    const [a, b] = await twoWidgets(page)
    const paid = start(a, 'payment.pay', { product_key: 'pro' })
    const at = await confirmPoint(page)
    // B polls pay() every 5 ms until its dialog opens.
    await b.evaluate(() => {
      window.polled = (async () => {
        for (;;) {
          const r = await window.callApi('payment.pay', { product_key: 'pro' })
          if (r.ok || !['DIALOG_BUSY', 'RATE_LIMITED'].includes(r.code)) return r
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      })()
    })
    await doubleClick(page, at, 150)
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_SUCCESS' } })
    // B's dialog opens in its turn (or, without the defence, B's call already ended paid).
    await Promise.race([page.locator(ACTIVE).waitFor(), b.evaluate(() => window.polled)])
    expect(await chargesOf(page)).toEqual(['test-widget'])
    await page.keyboard.press('Escape')
    expect(await b.evaluate(() => window.polled)).toMatchObject({
      value: { event: 'PLATFORM_PAYMENT_CANCEL' },
    })
    expect(await chargesOf(page)).toEqual(['test-widget'])
  })

  test('a double-click on A’s Allow does not approve B’s queued consent', async ({ page }) => {
    const [a, b] = await twoWidgets(page)
    const granted = start(a, 'getSessionToken', { scope: PROFILE })
    const at = await confirmPoint(page)
    const queued = start(b, 'getSessionToken', { scope: ['provider.sms.write'] })
    await doubleClick(page, at, 150)
    expect(await granted).toMatchObject({ ok: true })
    await Promise.race([page.locator(ACTIVE).waitFor(), queued])
    expect(await tokensOf(page)).toEqual(['test-widget'])
    await page.keyboard.press('Escape')
    expect(await queued).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
    expect(await tokensOf(page)).toEqual(['test-widget'])
  })

  test('a bait button on the widget’s own page does not pay the dialog it opens on mousedown', async ({
    page,
  }) => {
    // Four panel loads and three double-clicks, each dialog with the real 500 ms delay.
    test.setTimeout(40_000)
    // Where the confirm button appears, measured on a first load of the same panel.
    let frame = await initializedWidget(page)
    const measuring = start(frame, 'payment.pay', { product_key: 'pro' })
    const at = await confirmPoint(page)
    await page.keyboard.press('Escape')
    await measuring
    for (const gap of [40, 120, 250]) {
      // Each load stands for a new panel: the panel keeps a widget's dismissals in its storage
      // (sessionStorage, and localStorage for its other tabs), and four cancels within a minute
      // would end in DIALOG_COOLDOWN.
      await page.evaluate(() => {
        sessionStorage.clear()
        localStorage.clear()
      })
      frame = await initializedWidget(page)
      // The widget fills the page and calls pay() on mousedown anywhere on it.
      await frame.evaluate(() => {
        window.setFiller(3000)
        const bait = document.createElement('button')
        bait.textContent = 'Double-click!'
        Object.assign(bait.style, { position: 'fixed', inset: '0', width: '100%' })
        // The first mousedown's call is the one whose dialog opens; a second mousedown that reaches
        // the page before the dialog hides it gets DIALOG_BUSY, and must not replace it.
        bait.addEventListener('mousedown', () => {
          window.baited ??= window
            .callApi('payment.pay', { product_key: 'pro' })
            .then((outcome: unknown) => {
              window.baitEnded = true
              return outcome
            })
        })
        bait.addEventListener('pointermove', () => {
          window.baitHovered = true
        })
        document.body.append(bait)
      })
      await pointerReaches(page, frame, at)
      await doubleClick(page, at, gap)
      // The bait's dialog is open (or, without the defence, the bait's call already ended).
      await Promise.race([
        page.locator(CONFIRM).waitFor(),
        frame.waitForFunction(() => window.baitEnded === true),
      ])
      expect(await chargesOf(page), `${gap} ms between the clicks`).toEqual([])
      // Cancel with the pointer: the clicks left focus in the widget's frame (see focus theft).
      await page.locator('[data-action=cancel]').click()
      expect(await frame.evaluate(() => window.baited)).toMatchObject({
        value: { event: 'PLATFORM_PAYMENT_CANCEL' },
      })
    }
  })

  test('the user’s own deliberate double-click on one dialog charges once', async ({ page }) => {
    const frame = await initializedWidget(page)
    const paid = start(frame, 'payment.pay', { product_key: 'pro' })
    const at = await confirmPoint(page)
    await page.mouse.dblclick(at.x, at.y)
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_SUCCESS' } })
    expect(await chargesOf(page)).toEqual(['test-widget'])
  })

  test('the confirm button says it is not active yet, and Cancel works at once', async ({
    page,
  }) => {
    const frame = await initializedWidget(page)
    const paid = start(frame, 'payment.pay', { product_key: 'pro' })
    const confirm = page.locator(CONFIRM)
    await expect(confirm).toHaveAttribute('aria-disabled', 'true')
    const hint = await confirm.evaluate((b) => {
      const ids = (b.getAttribute('aria-describedby') ?? '').split(' ')
      const root = b.getRootNode() as ShadowRoot
      return ids.map((id) => root.getElementById(id)?.textContent ?? '').join(' ')
    })
    expect(hint).toMatch(/not active yet/i)
    await page.locator('[data-action=cancel]').click()
    expect(await paid).toMatchObject({ value: { event: 'PLATFORM_PAYMENT_CANCEL' } })
  })
})

/**
 * A widget asks for consent in a loop; the user dismisses each dialog with Esc. No dialog shows
 * within the intent delay (500 ms, with 50 ms for the frames' own timing) of the previous one
 * leaving the screen, and the fourth ask is refused with a cool-down.
 */
async function dialogLoop(page: Page, busy: number): Promise<void> {
  const frame = await initializedWidget(page)
  await recordDialogs(page, busy)
  await frame.evaluate(() => {
    window.loopCodes = []
    window.loop = (async () => {
      for (let i = 0; i < 6; i++) {
        const r = await window.callApi('getSessionToken', { scope: ['provider.profile.read'] })
        window.loopCodes.push(r.ok ? 'ok' : r.code)
        if (r.code === 'DIALOG_COOLDOWN') return
      }
    })()
  })
  for (let i = 0; i < 3; i++) {
    await page.locator('dialog[open]').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('dialog').waitFor({ state: 'detached' })
  }
  // Each entry is complete once the frame after the last close has been drawn.
  await expect
    .poll(() =>
      page.evaluate(() => window.dialogLog.every((e: object) => 'open' in e && 'close' in e)),
    )
    .toBe(true)
  const log: { open: number; close: number }[] = await page.evaluate(() => window.dialogLog)
  for (let i = 1; i < log.length; i++) {
    expect(
      log[i]!.open - log[i - 1]!.close,
      'ms from one leaving the screen to the next showing',
    ).toBeGreaterThan(450)
  }
  await frame.evaluate(() => window.loop)
  expect(await frame.evaluate(() => window.loopCodes)).toEqual([
    'USER_CLOSED_POPUP',
    'USER_CLOSED_POPUP',
    'USER_CLOSED_POPUP',
    'DIALOG_COOLDOWN',
  ])
  expect(await page.evaluate(() => window.dialogLog.length)).toBe(3)
}

test.describe('back-off and fairness', () => {
  for (const busy of [0, 200]) {
    const title = busy ? `, on a panel busy ${busy} ms as each dialog closes` : ''
    test(`a dialog loop: no dialog shows within the delay of the previous one leaving the screen, and after 3 dismissals the widget cools down${title}`, async ({
      page,
    }) => {
      await dialogLoop(page, busy)
    })
  }

  test('500 queued consents: one pending per widget, and another widget is not blocked', async ({
    page,
  }) => {
    const [a, b] = await twoWidgets(page)
    await recordDialogs(page)
    await a.evaluate(() => {
      for (let i = 0; i < 500; i++) {
        window.callApi('getSessionToken', { scope: ['provider.profile.read'] })
      }
    })
    await page.locator('dialog[open]').waitFor()
    await page.keyboard.press('Escape')
    // B is not held up behind A's other 499 requests: its payment is the next dialog.
    const paid = start(b, 'payment.pay', { product_key: 'pro' })
    await page.locator(ACTIVE).waitFor()
    expect(await page.locator('dialog').getAttribute('data-kind')).toBe('payment')
    await page.keyboard.press('Escape')
    expect(await paid).toMatchObject({ ok: true, value: { event: 'PLATFORM_PAYMENT_CANCEL' } })
    // A's dialog was the only one of its 500 (one pending consent per widget).
    expect(await page.evaluate(() => window.dialogLog.length)).toBe(2)
    expect(await tokensOf(page)).toEqual([])
  })
})

/**
 * A freeze guard, not the 200 ms target, which `npm run bench -- --only floods` measures: there
 * each flood's median longest panel task was 0–192 ms at load 5–10 on this 2-core machine, while
 * single runs reached 339 ms and, at load 14–19, 813 ms (the panel's thread waiting for a core: a
 * trace shows such tasks using a few ms of CPU). An e2e bound at 200 ms would cry wolf (DEVELOPERS.md,
 * Flakes). The bound is 10× the typical value; each test records the longest task it saw as an
 * annotation ("longest panel task") in the report.
 */
const FREEZE_GUARD_MS = 2_000

/** Runs flood `f` on a fresh test panel, records its longest panel task, checks the guard. */
async function floodPanel(page: Page, f: Flood): Promise<void> {
  const frame = await initializedWidget(page)
  const ms = await runFlood(page, frame, f)
  test.info().annotations.push({ type: 'longest panel task', description: `${ms} ms` })
  expect(ms).toBeLessThan(FREEZE_GUARD_MS)
}

test.describe('floods never freeze the panel', () => {
  test(FLOODS.token.title, async ({ page }) => {
    await floodPanel(page, FLOODS.token)
    // Without the limits every call asked the backend for the consent: 20,000 look-ups.
    expect(await page.evaluate(() => window.lookups.consent)).toBeLessThan(1000)
  })

  test(FLOODS.resize.title, async ({ page }) => {
    await floodPanel(page, FLOODS.resize)
  })

  test(FLOODS.pay.title, async ({ page }) => {
    await floodPanel(page, FLOODS.pay)
    // Without the limits every call looked the receipt up: 5,000 look-ups; with the guard alone,
    // 100 for each second the flood lasts (300–500 under load). The host keeps a receipt found for
    // a second: one look-up a second, at most 46 within the test's 45 s timeout.
    const lookups = await page.evaluate(() => window.lookups.receipt)
    test.info().annotations.push({ type: 'receipt look-ups', description: String(lookups) })
    expect(lookups).toBeLessThan(100)
    await page.keyboard.press('Escape')
  })

  test(FLOODS.destroy.title, async ({ page }) => {
    await floodPanel(page, FLOODS.destroy)
  })
})

test('a dialog hides every widget frame behind a placeholder, and brings it back as it was', async ({
  page,
}) => {
  const frame = await initializedWidget(page, 'smsActive')
  const iframe = page.locator('iframe[data-app-key="test-widget"]')
  const charged = start(frame, 'sms.charge')
  await page.locator('input[type=number]').click()
  // The widget is out of the page's rendering for the time of the dialog, its place kept.
  await expect(iframe).toBeHidden()
  const placeholder = await page.locator('[data-platform-frame-placeholder]').boundingBox()
  expect(placeholder?.height).toBeGreaterThan(0)
  // The widget's page grows while hidden.
  await frame.evaluate(() => document.body.append(document.createElement('input')))
  await page.keyboard.type('1234567890')
  await expect(page.locator('input[type=number]')).toHaveValue('1234567890')
  await page.keyboard.press('Escape')
  expect(await charged).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  // It comes back as it was: same page, at the height its page reported (the field added while
  // hidden included). Focus theft: e2e/focus-theft.spec.ts.
  await expect(iframe).toBeVisible()
  await expect(page.locator('[data-platform-frame-placeholder]')).toHaveCount(0)
  const content = await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  )
  expect((await iframe.boundingBox())?.height).toBe(content)
})

test('same-origin twins: the host refuses two widgets on one origin', async ({ page }) => {
  await openPanel(page)
  const refused = await page.evaluate(async () => {
    const { createHost } = await import('/dist/host.js' as string)
    const { createMemoryBackend } = await import('/dist/testing.js' as string)
    try {
      createHost({
        context: 'doctor-panel',
        backend: createMemoryBackend(),
        widgets: [
          { app_key: 'a', url: 'https://twins.example/a', name: 'A', scopes: [] },
          { app_key: 'b', url: 'https://twins.example/b', name: 'B', scopes: [] },
        ],
      })
      return 'accepted'
    } catch (error) {
      return `${(error as { code: string }).code} ${(error as { field: string }).field}`
    }
  })
  expect(refused).toBe('INVALID_ARGUMENT url')
  // The test panel's two widgets are on two origins: one cannot script the other.
  const [a] = await twoWidgets(page)
  expect(
    await a.evaluate(() => {
      try {
        return typeof (parent.frames[1] as unknown as { platform: unknown }).platform
      } catch (error) {
        return (error as Error).name
      }
    }),
  ).toBe('SecurityError')
})

test('a DAG payload and a sparse array count in full', async ({ page }) => {
  const frame = await initializedWidget(page)
  const results = await frame.evaluate(async () => {
    let dag: unknown = 'x'
    for (let i = 0; i < 15; i++) dag = Array(100).fill(dag)
    const sparse = new Array(2 ** 32 - 1)
    return Promise.all(
      [dag, sparse].map((payload) =>
        window.callApi('payment.pay', { product_key: 'pro', payload }),
      ),
    )
  })
  for (const r of results)
    expect(r).toMatchObject({ ok: false, code: 'INVALID_ARGUMENT', field: 'payload' })
  await expect(page.locator('dialog')).toHaveCount(0)
})

test('bidi controls in names and titles are removed, and every widget text is isolated', async ({
  page,
}) => {
  const name = 'Clinic assistant\u202E (no data is shared) \u202C'
  const title = `Refund free \u202E(0 Rials)\u202C ${'W'.repeat(300)}`
  const frame = await initializedWidget(
    page,
    `name=${encodeURIComponent(name)}&productTitle=${encodeURIComponent(title)}`,
  )
  const iframeTitle = await page.locator('iframe[data-app-key=test-widget]').getAttribute('title')
  expect(iframeTitle).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
  const paid = start(frame, 'payment.pay', { product_key: 'pro' })
  const dialog = page.locator('dialog')
  await dialog.waitFor()
  expect(await dialog.textContent()).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
  // The registered name is shown by the host, in an isolate.
  await expect(page.locator('dialog [data-from] bdi').first()).toHaveText(/Clinic assistant/)
  await expect(page.locator('dialog td bdi').first()).toHaveText(/Refund free/)
  // The long title wraps: the price stays inside the dialog.
  const box = (await dialog.boundingBox())!
  const price = (await page.locator('dialog tr.total td').boundingBox())!
  expect(price.x).toBeGreaterThanOrEqual(box.x)
  expect(price.x + price.width).toBeLessThanOrEqual(box.x + box.width)
  await page.keyboard.press('Escape')
  await paid
})

test('redirect refuses percent-encoded C1 controls and line separators', async ({ page }) => {
  const frame = await initializedWidget(page)
  for (const path of ['/a%C2%85b', '/a%E2%80%A8b', '/a%e2%80%a9b']) {
    expect(await start(frame, 'redirect.dispatch', { path })).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
      field: 'path',
    })
  }
  expect(await page.evaluate(() => window.navigations)).toEqual([])
})
