// axe-core on every demo page and on every host dialog while it is open, in Persian and English.
// AxeBuilder injects axe through the DevTools protocol, which the pages' strict CSP (no inline
// script, no eval) does not block, and it scans the widget frames too.
import type { Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { test as axeTest } from './axe'
import { clickInWidget, confirm, openDialog, widget } from './demo-helpers'
import { initializedWidget, start } from './helpers'
import { expect, open, resetDemo } from './own-demo'

/** Every rule axe has for WCAG 2.x A and AA, plus its best practices (landmarks among them). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** `violations(page, include?)`: axe's violations, one line each, naming the rule and the elements. */
const test = axeTest.extend<{ violations: (page: Page, include?: string) => Promise<string[]> }>({
  violations: async ({ scan }, use) => {
    await use(async (page, include) => {
      const { violations }: AxeResults = await scan(page, { tags: TAGS, include })
      return violations.flatMap((v) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}): ${JSON.stringify(n.target)} ${n.failureSummary}`,
        ),
      )
    })
  },
})

const PAGES = [
  '/panel',
  '/panel/appointments',
  '/panel/patients',
  '/panel/settings',
  '/panel/apps/demo-doctor',
  '/panel/no-such-page',
  '/booking',
  '/booking/receipt',
  '/booking/online-visit',
  '/profile',
  '/no-such-page',
]

for (const lang of ['fa', 'en'] as const) {
  test.describe(`axe, ${lang}`, () => {
    for (const path of PAGES) {
      test(`${path} has no violations`, async ({ page, demo, violations }) => {
        if (path === '/no-such-page') {
          // The server's own 404 page: static, no script.
          await page.goto(`${demo.origins.panel}${path}`)
          expect(await violations(page)).toEqual([])
          return
        }
        await open(page, demo, `${path}?lang=${lang}`)
        // The widgets' frames are scanned too: wait until they have rendered.
        for (const frame of await page.locator('iframe[data-app-key]').all()) {
          const key = await frame.getAttribute('data-app-key')
          if (key) await widget(page, key)
        }
        await expect(page.locator('html')).toHaveAttribute('lang', lang)
        expect(await violations(page)).toEqual([])
      })
    }

    test('consent, payment, SMS activation and top-up dialogs have no violations', async ({
      page,
      demo,
      violations,
    }) => {
      // Four dialogs, each with a backend round trip, the host's real 500 ms intent delay and gap,
      // and an axe run: more than 20 s on a loaded 2-core machine (seen: 21 s), so thrice the budget.
      test.slow()
      await resetDemo(demo)
      await open(page, demo, `/panel?lang=${lang}`)
      const frame = await widget(page, 'demo-doctor')
      // Each step: the widget's button, the dialog it opens, what the widget shows once it is done.
      const status = frame.locator('#sms-status')
      const steps: [string, string, () => Promise<void>][] = [
        ['#connect', 'consent', () => expect(frame.locator('#profile dd').first()).toBeVisible()],
        [
          '#buy',
          'payment',
          async () => {
            await expect(frame.locator('#pro-result')).toHaveAttribute('data-state', 'ok')
            // The widget then polls its backend for the webhook and shows it: wait for that too,
            // or the widget changes size while the next button is clicked.
            await expect(frame.locator('#pro-webhook')).toHaveAttribute('data-state', 'ok')
          },
        ],
        ['#sms-activate', 'sms-activate', () => expect(status).toContainText('—')],
        ['#sms-charge', 'sms-charge', () => expect(status).toContainText(/100|۱۰۰/)],
      ]
      for (const [button, kind, done] of steps) {
        await clickInWidget(page, 'demo-doctor', button)
        const dialog = await openDialog(page, kind)
        await expect(dialog).toHaveAttribute('lang', lang)
        expect(await violations(page), kind).toEqual([])
        await confirm(dialog)
        await done()
      }
    })

    test('the doctor-service dialog has no violations', async ({ page, demo, violations }) => {
      await open(page, demo, `/profile?lang=${lang}`)
      await widget(page, 'demo-profile')
      await clickInWidget(page, 'demo-profile', '#pay')
      await openDialog(page, 'doctor-service')
      expect(await violations(page)).toEqual([])
    })

    test("the demo's second theme (clinic) has no violations, nor its payment dialog, light or dark", async ({
      page,
      demo,
      violations,
    }) => {
      await open(page, demo, `/panel/settings?lang=${lang}&theme=clinic`)
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'clinic')
      expect(await violations(page)).toEqual([])
      for (const scheme of ['light', 'dark']) {
        await open(page, demo, `/panel?lang=${lang}&theme=clinic&scheme=${scheme}`)
        await widget(page, 'demo-doctor')
        await clickInWidget(page, 'demo-doctor', '#buy')
        const dialog = await openDialog(page, 'payment')
        expect(await violations(page), scheme).toEqual([])
        await dialog.locator('[data-action="cancel"]').click()
        await expect(dialog).toHaveCount(0)
      }
    })

    test('the subscribe dialog has no violations', async ({ page, violations }) => {
      // No sample widget subscribes: the test panel's widget asks, and only the dialog is scanned.
      const frame = await initializedWidget(page, `locale=${lang}`)
      const subscribe = start(frame, 'payment.subscribe')
      const dialog = await openDialog(page, 'subscribe')
      expect(await violations(page, '[data-platform-dialogs]')).toEqual([])
      await dialog.locator('[data-action="close"]').click()
      expect(await subscribe).toMatchObject({
        ok: true,
        value: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL' },
      })
    })
  })
}
