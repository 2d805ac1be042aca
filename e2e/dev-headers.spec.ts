// Clickjacking the dev command: another site frames the dev panel's pages, or the
// copies of them the package carries under dist/dev/, which mount widgets. Chromium, the demo
// that playwright.config.ts starts.
import { expect, test } from '@playwright/test'
import { DEMO } from './demo-helpers'
import { THIRD } from './helpers'

test('another site can frame no dev page: the panel, its /dist copies, the emulator, a sample widget', async ({
  page,
}) => {
  const targets = [
    `${DEMO.panel}/profile`,
    `${DEMO.panel}/panel`,
    `${DEMO.panel}/dist/dev/panel/pages/profile.html`,
    `${DEMO.emulator}/`,
    `${DEMO.widgets['demo-profile']}/profile-widget/`,
  ]
  // Another site on this machine (about:blank would be refused local frames by Chromium's own
  // local-network protection, whatever the headers): the e2e server's third origin, a JSON
  // document there, which has no policy of its own to block the frames.
  await page.goto(`${THIRD}/package.json`)
  await page.evaluate((urls) => {
    for (const url of urls) {
      const frame = document.createElement('iframe')
      frame.src = url
      document.body.append(frame)
    }
  }, targets)
  const frames = () => page.frames().slice(1)
  await expect.poll(() => frames().length).toBe(targets.length)
  for (const [i, url] of targets.entries()) {
    // Chromium replaces a frame its embedder may not show with an error page.
    await expect
      .poll(() => frames()[i]!.url(), { message: `${url} framed by another site` })
      .toBe('chrome-error://chromewebdata/')
  }
  // And the copies are gone, not only unframeable: no page, no fixtures.
  for (const path of ['/dist/dev/panel/pages/profile.html', '/dist/dev/emulator/fixtures.json']) {
    expect((await page.request.get(`${DEMO.panel}${path}`)).status(), path).toBe(404)
  }
})
