// Regenerates docs/screenshots/*.png: every demo page and every dialog, in Persian, and a few in
// English. Run after `npm run build`:  npx tsx scripts/screenshots.ts
// Persian glyphs need a font with Arabic script on the machine (Debian: fonts-noto-core).

import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type FrameLocator, type Page } from '@playwright/test'
import { portsFrom } from '../demo/lib/config.js'
import { memorySecretStore } from '../demo/lib/secrets.js'
import { startDemo } from '../demo/start.js'
import { chromiumLaunchOptions } from '../e2e/browser.js'
import { createEmulatorControl } from '../server/src/control.js'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots')
const base = Number(process.env.SCREENSHOT_PORT ?? 5401)

const demo = await startDemo({ ports: portsFrom(base), apps: [], secrets: memorySecretStore() })
const control = createEmulatorControl({ baseUrl: demo.origins.emulator })
const browser = await chromium.launch(chromiumLaunchOptions())
mkdirSync(out, { recursive: true })
const taken: string[] = []

async function open(page: Page, pathAndQuery: string): Promise<void> {
  await page.goto(`${demo.origins.panel}${pathAndQuery}`)
  await page.locator('body[data-ready="true"]').waitFor()
}

async function widget(page: Page, app_key: string): Promise<FrameLocator> {
  const frame = page.frameLocator(`iframe[data-app-key="${app_key}"]`)
  await frame.locator('body[data-ready="true"]').waitFor()
  return frame
}

/** `fullPage: false`: the viewport only (a phone's screen, a dialog over the page). */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // Let fonts, iframe resizes and the dialog's opening settle.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(400)
  const viewport = page.viewportSize()!
  if (fullPage) {
    // Grow the viewport to the whole page rather than use `fullPage`, which leaves parts of
    // iframes below the fold unpainted.
    await page.evaluate(() => window.scrollTo(0, 0))
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) })
    await page.waitForTimeout(400)
  }
  await page.screenshot({ path: path.join(out, `${name}.png`) })
  if (fullPage) await page.setViewportSize(viewport)
  taken.push(name)
}

async function dialogShot(page: Page, kind: string, name: string): Promise<void> {
  await page.locator(`dialog[data-kind="${kind}"]`).waitFor()
  // The dialog is fixed in the viewport; show the page from its top behind it.
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, name, { fullPage: false })
}

async function confirm(page: Page, kind: string): Promise<void> {
  const dialog = page.locator(`dialog[data-kind="${kind}"]`)
  await dialog.locator('[data-action="confirm"]').click()
  await dialog.waitFor({ state: 'detached' })
}

async function doctorJourney(page: Page, lang: 'fa' | 'en'): Promise<void> {
  await open(page, `/panel?lang=${lang}`)
  const frame = await widget(page, 'demo-doctor')
  await frame.locator('#connect').click()
  if (lang === 'fa') await dialogShot(page, 'consent', `consent.${lang}`)
  await confirm(page, 'consent')
  await frame.locator('#profile dd').first().waitFor()
  await frame.locator('#search').click()
  await frame.locator('#items li').first().waitFor()
  await shot(page, `doctor-panel.${lang}`)

  await frame.locator('#buy').click()
  await dialogShot(page, 'payment', `payment.${lang}`)
  await confirm(page, 'payment')
  await frame.locator('#pro-result[data-state="ok"]').waitFor()
  await frame.locator('#pro-webhook[data-state="ok"]').waitFor()

  // A declined payment: the dialog says so until the doctor closes it. The success's toast
  // goes first, or the picture would say both.
  await page.locator('.toast').waitFor({ state: 'detached' })
  await control.setScenario({ decline_next_payments: 1 })
  await frame.locator('#buy').click()
  const payment = page.locator('dialog[data-kind="payment"]')
  await payment.locator('[data-action="confirm"]').click()
  await payment.locator('[role="alert"]:not(:empty)').waitFor()
  await dialogShot(page, 'payment', `payment-declined.${lang}`)
  await payment.locator('[data-action="cancel"]').click()
  await frame.locator('#pro-result[data-state="error"]').waitFor()

  if (lang === 'fa') {
    await frame.locator('#sms-activate').click()
    await dialogShot(page, 'sms-activate', `sms-activate.${lang}`)
    await confirm(page, 'sms-activate')
    await frame.locator('#sms-charge').click()
    await dialogShot(page, 'sms-charge', `sms-charge.${lang}`)
    await confirm(page, 'sms-charge')
    await frame.locator('#sms-send').click()
    await frame.locator('#sms-result[data-state="ok"]').waitFor()
    await frame.locator('#read-user').click()
    await frame.locator('#scope-result[data-state="error"]').waitFor()
    await shot(page, `doctor-widget-done.${lang}`)
    await open(page, '/panel/appointments')
    await shot(page, `appointments.${lang}`)
  }
}

/** Phones, with touch: the screen as a patient or a doctor sees it (not the whole page). */
async function phoneJourney(): Promise<void> {
  await fetch(`${demo.origins.emulator}/internal/reset`, {
    method: 'POST',
    headers: { origin: demo.origins.panel },
  })
  const phone = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...phone })
  const page = await context.newPage()
  await open(page, '/booking?lang=fa')
  await widget(page, 'demo-booking')
  await shot(page, 'phone-booking.fa', { fullPage: false })
  await open(page, '/profile?lang=fa')
  const profile = await widget(page, 'demo-profile')
  await shot(page, 'phone-doctor-profile.fa', { fullPage: false })
  await profile.locator('#pay').tap()
  await dialogShot(page, 'doctor-service', 'phone-doctor-service.fa')
  await page.locator('dialog [data-action="cancel"]').tap()
  await open(page, '/panel?lang=fa')
  await widget(page, 'demo-doctor')
  await shot(page, 'phone-doctor-panel.fa', { fullPage: false })
  await page.locator('.menu-button').tap()
  await shot(page, 'phone-doctor-panel-menu.fa', { fullPage: false })
  await context.close()

  const small = await browser.newContext({ viewport: { width: 360, height: 740 }, ...phone })
  const page2 = await small.newPage()
  await open(page2, '/panel?lang=en')
  const frame = await widget(page2, 'demo-doctor')
  await frame.locator('#sms-activate').tap()
  await confirm(page2, 'sms-activate')
  await frame.locator('#sms-charge').tap()
  await dialogShot(page2, 'sms-charge', 'phone-sms-charge.en')
  await small.close()
}

/** The demo's second theme, and the dialogs in the dark scheme. */
async function themes(): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  await open(page, '/panel/settings?lang=en&theme=clinic')
  await shot(page, 'theme-clinic-settings.en', { fullPage: false })
  await open(page, '/panel?lang=fa&theme=clinic')
  const frame = await widget(page, 'demo-doctor')
  await frame.locator('#buy').click()
  await dialogShot(page, 'payment', 'theme-clinic-payment.fa')
  await page.locator('dialog [data-action="cancel"]').click()
  await open(page, '/profile?lang=en&theme=default&scheme=dark')
  const profile = await widget(page, 'demo-profile')
  await profile.locator('#pay').click()
  await dialogShot(page, 'doctor-service', 'theme-dark-doctor-service.en')
  await context.close()
}

/**
 * The openLink dialog for a long look-alike host, in both languages: the real site first. The
 * widget's call is made from its frame without a click, so the host asks.
 */
async function openLinkShots(): Promise<void> {
  const host = `accounts.google.com.${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(50)}.evil.example`
  for (const lang of ['fa', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    await open(page, `/panel?lang=${lang}`)
    await widget(page, 'demo-doctor')
    const frame = await page.locator('iframe[data-app-key="demo-doctor"]').contentFrame()
    await frame.locator('body[data-ready="true"]').waitFor()
    const handle = await page.locator('iframe[data-app-key="demo-doctor"]').elementHandle()
    const inner = await handle!.contentFrame()
    await inner!.evaluate((url) => {
      void window.platform.openLink({ url }).catch(() => undefined)
    }, `https://${host}/signin?continue=https%3A%2F%2Fmail.google.com%2F`)
    await dialogShot(page, 'open-link', `open-link-long-host.${lang}`)
    await context.close()
  }
}

/** Every page and the other dialogs, both languages, phones and themes. */
async function pagesAndDialogs(): Promise<void> {
  await themes()
  await phoneJourney()
  for (const lang of ['fa', 'en'] as const) {
    // Each language walks the journey from the fixtures: consent is asked again, SMS is off.
    await fetch(`${demo.origins.emulator}/internal/reset`, {
      method: 'POST',
      headers: { origin: demo.origins.panel },
    })
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    await doctorJourney(page, lang)

    await open(page, `/profile?lang=${lang}`)
    const profile = await widget(page, 'demo-profile')
    await shot(page, `doctor-profile.${lang}`)
    await profile.locator('#pay').click()
    await dialogShot(page, 'doctor-service', `doctor-service.${lang}`)
    await confirm(page, 'doctor-service')

    if (lang === 'fa') {
      await open(page, `/booking?lang=${lang}`)
      const addon = await widget(page, 'demo-booking')
      await addon.locator('#who').click()
      await confirm(page, 'consent')
      await addon.locator('#who-result[data-state="ok"]').waitFor()
      await shot(page, `booking.${lang}`)
      await addon.locator('#to-receipt').click()
      await page.waitForURL('**/booking/receipt')
      await page.locator('body[data-ready="true"]').waitFor()
      await shot(page, `booking-receipt.${lang}`)
      await open(page, '/booking/online-visit')
      await shot(page, `booking-online-visit.${lang}`)
    }
    await context.close()
  }
}

try {
  await openLinkShots()
  // SCREENSHOT_ONLY=open-link: only the shots above.
  if (process.env.SCREENSHOT_ONLY !== 'open-link') await pagesAndDialogs()
  console.log(`Saved ${taken.length} screenshots in ${path.relative(process.cwd(), out)}:`)
  for (const name of taken) console.log(`  ${name}.png`)
} finally {
  await browser.close()
  await demo.close()
}
