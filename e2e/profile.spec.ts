import { confirm, dialog, widget } from './demo-helpers'
import { expect, open, resetDemo, test } from './own-demo'

/**
 * `widget.addToProfile()` in the dev demo, end to end: the doctor panel's host asks, the demo
 * panel's backend adapter calls the emulator's /internal route, and the emulator records the
 * widget channel of spec 4.5 that the management API lists.
 */
test('removeFromProfile and addToProfile: the doctor confirms, and the channels API drops and then lists the doctor', async ({
  page,
  demo,
}) => {
  await resetDemo(demo)
  // This demo's own key: its secrets are made for it, in memory.
  const key = demo.apps.find((app) => app.app_key === 'demo-doctor')?.developer_key ?? ''
  const channels = async () => {
    const res = await fetch(`${demo.origins.emulator}/api/v1/apps/demo-doctor/channels/`, {
      headers: { 'x-api-key': key },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { channels: { provider_id: string }[] }).channels.map(
      (c) => c.provider_id,
    )
  }
  // The fixtures have demo-doctor on dr-1's profile: take it off, then put it back.
  expect(await channels()).toContain('dr-1')
  await open(page, demo, '/panel?lang=en')
  await widget(page, 'demo-doctor')
  const frame = await (
    await page.locator('iframe[data-app-key="demo-doctor"]').elementHandle()
  )?.contentFrame()
  if (!frame) throw new Error('no demo-doctor frame')
  const settle = (method: 'addToProfile' | 'removeFromProfile') =>
    frame.evaluate(
      (m) =>
        window.platform.widget[m]().then(
          (value: unknown) => ({ ok: true, value }),
          (e: { code: string }) => ({ ok: false, code: e.code }),
        ),
      method,
    )

  const removed = settle('removeFromProfile')
  const remove = dialog(page, 'profile-remove')
  await expect(remove).toBeVisible()
  await expect(remove.getByRole('heading')).toHaveText('Remove from your profile')
  await confirm(remove)
  expect(await removed).toEqual({ ok: true, value: { active: false } })
  expect(await channels()).not.toContain('dr-1')

  const added = settle('addToProfile')
  await confirm(dialog(page, 'profile-add'))
  expect(await added).toEqual({ ok: true, value: { active: true } })
  expect(await channels()).toContain('dr-1')
})
