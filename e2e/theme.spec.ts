// The dialogs' design tokens, dark mode and reduced motion, in the test panel (`?theme=` is passed
// to createHost as its `theme` option).
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { initializedWidget, start } from './helpers'

/** Opens the test panel with `theme`, starts a payment and returns its open dialog. */
async function paymentDialog(page: Page, theme?: object): Promise<Locator> {
  const query = theme ? `theme=${encodeURIComponent(JSON.stringify(theme))}` : ''
  const frame = await initializedWidget(page, query)
  void start(frame, 'payment.pay', { product_key: 'basic' }).catch(() => {})
  const dialog = page.locator('dialog[data-kind="payment"]')
  await expect(dialog).toBeVisible()
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  return dialog
}

const style = (el: Locator, property: string) =>
  el.evaluate((node, p) => getComputedStyle(node).getPropertyValue(p), property)

const LIGHT = { surface: 'rgb(255, 255, 255)', accent: 'rgb(10, 108, 255)' }
const DARK = { surface: 'rgb(28, 35, 45)', accent: 'rgb(127, 176, 255)' }

async function colours(dialog: Locator) {
  return {
    surface: await style(dialog, 'background-color'),
    accent: await style(dialog.locator('[data-action="confirm"]'), 'background-color'),
  }
}

async function closeDialog(dialog: Locator) {
  await dialog.locator('[data-action="close"]').click()
  await expect(dialog).toHaveCount(0)
}

test.describe('colour scheme', () => {
  test('follows prefers-color-scheme when the panel does not set it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const dialog = await paymentDialog(page)
    expect(await colours(dialog)).toEqual(LIGHT)
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await colours(dialog)).toEqual(DARK)
    expect(await style(dialog, 'color-scheme')).toBe('dark')
    await closeDialog(dialog)
  })

  test('stays light when the panel pins light, whatever the user prefers', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    const dialog = await paymentDialog(page, { colorScheme: 'light' })
    expect(await colours(dialog)).toEqual(LIGHT)
    await closeDialog(dialog)
  })

  test('is dark when the panel pins dark, whatever the user prefers', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const dialog = await paymentDialog(page, { colorScheme: 'dark' })
    expect(await colours(dialog)).toEqual(DARK)
    await closeDialog(dialog)
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the ${colorScheme} dialog has no axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      const dialog = await paymentDialog(page)
      const { violations } = await new AxeBuilder({ page })
        .include('[data-platform-dialogs]')
        .analyze()
      expect(
        violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      ).toEqual([])
      await closeDialog(dialog)
    })
  }
})

test.describe('design tokens', () => {
  const theme = {
    accent: '#0f766e',
    accentText: '#ffffff',
    surface: '#fffdf8',
    text: '#1f2a2a',
    radius: '6px',
    font: 'Georgia, serif',
    dark: { accent: '#5eead4', accentText: '#042f2e' },
  }

  test('the panel theme sets accent, surface, text, radius and font', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const dialog = await paymentDialog(page, theme)
    const confirm = dialog.locator('[data-action="confirm"]')
    expect(await colours(dialog)).toEqual({
      surface: 'rgb(255, 253, 248)',
      accent: 'rgb(15, 118, 110)',
    })
    expect(await style(confirm, 'color')).toBe('rgb(255, 255, 255)')
    expect(await style(dialog, 'color')).toBe('rgb(31, 42, 42)')
    expect(await style(dialog, 'border-radius')).toBe('6px')
    expect(await style(dialog, 'font-family')).toBe('Georgia, serif')
    const { violations } = await new AxeBuilder({ page })
      .include('[data-platform-dialogs]')
      .analyze()
    expect(violations.map((v) => v.id)).toEqual([])
    // Its dark colours apply under the dark preference; the surface keeps the host's dark default.
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await colours(dialog)).toEqual({ surface: DARK.surface, accent: 'rgb(94, 234, 212)' })
    expect(await style(confirm, 'color')).toBe('rgb(4, 47, 46)')
    await closeDialog(dialog)
  })

  test('a token carrying CSS of its own is refused by createHost', async ({ page }) => {
    await page.goto('/e2e/fixtures/host.html?mount=')
    await page.waitForFunction(() => window.hostReady === true)
    const refusals = await page.evaluate(async () => {
      const { createHost } = await import('/dist/host.js' as string)
      const { createMemoryBackend } = await import('/dist/testing.js' as string)
      const tries = [
        { accent: 'red; } dialog { display: none' },
        { surface: 'url(https://evil.example/x.png)' },
        { font: 'x; } :host { display: none' },
        { radius: '0; } dialog { opacity: 0' },
      ]
      return tries.map((theme) => {
        try {
          createHost({
            context: 'doctor-panel',
            widgets: [],
            backend: createMemoryBackend(),
            theme,
          })
          return 'accepted'
        } catch (error) {
          return `${(error as { code: string }).code} ${(error as { field: string }).field}`
        }
      })
    })
    expect(refusals).toEqual([
      'INVALID_ARGUMENT theme.accent',
      'INVALID_ARGUMENT theme.surface',
      'INVALID_ARGUMENT theme.font',
      'INVALID_ARGUMENT theme.radius',
    ])
  })
})

test.describe('motion', () => {
  test('the dialog fades in by default', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    const dialog = await paymentDialog(page)
    expect(await style(dialog, 'animation-name')).toBe('platform-in')
    await closeDialog(dialog)
  })

  test('and does not move at all when the user asks for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const frame = await initializedWidget(page)
    void start(frame, 'payment.pay', { product_key: 'basic' }).catch(() => {})
    const dialog = page.locator('dialog[data-kind="payment"]')
    await expect(dialog).toBeVisible()
    // Checked at once on opening: no animation was ever started on it or its backdrop.
    expect(await dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0)
    expect(await style(dialog, 'animation-name')).toBe('none')
    await closeDialog(dialog)
  })
})
