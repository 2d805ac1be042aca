// `MountedWidget.ready` on every engine: a widget page that loads the SDK (it connects) and never
// calls initialize rejects with WIDGET_UNAVAILABLE (`no-initialize`) at the host's default time,
// and the notice takes the frame's place; one that initializes resolves.
import { initialized, openPanel, until, WIDGET_FRAME, widgetReady } from './app'
import { expect, test } from './fixtures'

const readiness = (d: Parameters<typeof openPanel>[0]) =>
  until(
    () => d.evaluate('top', () => window.readiness['test-widget'], null),
    'ready to settle',
    25_000,
  )

test('ready: a page that connects and never initializes rejects, no-initialize', async ({
  driver,
}) => {
  await openPanel(driver)
  await widgetReady(driver)
  expect(await readiness(driver)).toEqual({
    ok: false,
    code: 'WIDGET_UNAVAILABLE',
    reason: 'no-initialize',
  })
  const seen = await driver.evaluate(
    'top',
    (frame) => ({
      notice: document.querySelector('[data-platform-no-answer]')?.textContent,
      hidden: (document.querySelector(frame) as HTMLElement).style.display,
    }),
    WIDGET_FRAME,
  )
  expect(seen).toEqual({
    notice: 'Test <img src=x onerror=alert(1)> Widget loaded but did not start.',
    hidden: 'none',
  })
})

test('ready: a page that initializes resolves', async ({ driver }) => {
  await initialized(driver)
  expect(await readiness(driver)).toEqual({ ok: true })
})
