import { describe, expect, it, vi } from 'vitest'
import { createMemoryBackend, createTestHost } from '../src/testing/index.js'
import { openDialog, until, WIDGETS } from './support/index.js'

/**
 * The unit rig (test/support/rig.ts) is the published test kit with the options
 * it needed, and those options do what they say for a widget's own tests too.
 */
describe("the test kit's options", () => {
  it('widgets: registers those widgets, and the SDK connects as app_key among them', async () => {
    const kit = createTestHost({ app_key: 'demo', widgets: WIDGETS, install: false })
    await kit.platform.initialize({ app_key: 'demo' })
    expect(await kit.platform.payment.pay({ product_key: 'pro' })).toMatchObject({
      event: 'PLATFORM_PAYMENT_SUCCESS',
    })
    // The price of `pro` in WIDGETS, not a product the kit made up.
    expect(kit.backend.charges).toMatchObject([{ app_key: 'demo', amount: 1_250_000 }])
    kit.destroy()
  })

  it('backend: the kit charges the backend it was given, and its smsActive stands', async () => {
    const backend = createMemoryBackend({ smsActive: true })
    const kit = createTestHost({ backend, smsActive: false, install: false })
    expect(kit.backend).toBe(backend)
    expect(kit.backend.smsActive).toBe(true)
    kit.destroy()
  })

  it('answerDialogs false: the dialog stays open for the test, and nothing is scripted', async () => {
    const kit = createTestHost({
      products: [{ key: 'pro', title: 'Pro', price: 1000 }],
      answerDialogs: false,
      install: false,
    })
    await kit.platform.initialize({ app_key: 'test-widget' })
    const paid = kit.platform.payment.pay({ product_key: 'pro' })
    const dialog = await until(openDialog)
    expect(kit.dialogs).toEqual([])
    expect(kit.backend.charges).toEqual([])
    dialog.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
    kit.destroy()
  })

  it('a hook in host replaces its recorder, and host.panelOrigin is the origin redirects use', async () => {
    const navigate = vi.fn()
    const kit = createTestHost({
      host: { panelOrigin: 'https://panel.example', navigate },
      install: false,
    })
    await kit.platform.initialize({ app_key: 'test-widget' })
    await kit.platform.redirect.dispatch({ path: '/settings' })
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://panel.example/settings')
    expect(kit.redirects).toEqual([])
    kit.destroy()
  })

  it('records redirects itself when host brings no hook (on https://panel.test)', async () => {
    const kit = createTestHost({ install: false })
    await kit.platform.initialize({ app_key: 'test-widget' })
    await kit.platform.redirect.dispatch({ path: '/settings' })
    expect(kit.redirects).toEqual([{ url: 'https://panel.test/settings', newContext: false }])
    kit.destroy()
  })
})
