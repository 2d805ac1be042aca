// The demo panel's own chrome (sidebar, heading, page title) shows a registered
// name without its bidi controls, as the host's dialogs do. A demo of its own, with a widget of
// yours registered under a name that reverses its text.
import { expect, test } from '@playwright/test'
import { quickApp } from '../demo/lib/config'
import { freePort } from '../demo/lib/free-port'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'

let demo: Demo
test.beforeAll(async () => {
  const [panel, emulator, mine, ...widgets] = await Promise.all(Array.from({ length: 6 }, freePort))
  const app = quickApp('evil', `http://localhost:${mine}/`, 0)
  // "‮lanigiro" renders as "original" where the override is kept.
  app.name = { fa: '\u202elanigiro\u202c', en: '\u202elanigiro\u202c' }
  demo = await startDemo({
    ports: { panel: panel!, widgets, emulator: emulator! },
    apps: [app],
    secrets: memorySecretStore(),
  })
})
test.afterAll(async () => {
  await demo?.close()
})

test("the sidebar, heading and title show the widget's name without bidi controls", async ({
  page,
}) => {
  await page.goto(`${demo.origins.panel}/panel/apps/evil?lang=en`)
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1)
  const shown = await page.evaluate(() => ({
    title: document.title,
    heading: document.querySelector('h1')?.textContent ?? '',
    link: document.querySelector('a[href="/panel/apps/evil"]')?.textContent ?? '',
  }))
  expect(shown.title.startsWith('lanigiro')).toBe(true)
  expect(shown.heading).toBe('lanigiro')
  expect(shown.link.trim()).toBe('lanigiro')
  expect(JSON.stringify(shown)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
})
