import { describe, expect, it } from 'vitest'
import example from '../demo/config.example.json' with { type: 'json' }
import { ErrorCode, PlatformError } from '../src/events/index.js'
import { createTestHost, type DevConfig, widgetFromConfig } from '../src/testing/index.js'
import { openDialog, until } from './support/index.js'

/** The test kit registers a widget from the same file as the dev panel. */
describe('createTestHost({ config })', () => {
  it("registers the file's widget: its products, plans, name, context and scopes", async () => {
    const kit = createTestHost({ config: example, install: false })
    await kit.platform.initialize({ app_key: 'hello-widget' })
    expect(kit.host).toBeDefined()
    expect(await kit.platform.payment.pay({ product_key: 'pro' })).toMatchObject({
      event: 'PLATFORM_PAYMENT_SUCCESS',
    })
    await kit.platform.payment.subscribe({ plan_key: 'monthly' })
    // The file's prices (990,000 and 300,000), not the kit's or the dev command's defaults.
    expect(kit.backend.charges.map((c) => c.amount)).toEqual([990_000, 300_000])
    expect(kit.backend.charges[0]).toMatchObject({ app_key: 'hello-widget' })
    // A scope the file does not enable is refused, as in the dev panel.
    await expect(
      kit.platform.getSessionToken({ scope: ['provider.appointment.read'] }),
    ).rejects.toMatchObject({ code: 'INVALID_SCOPE' })
    kit.destroy()
  })

  it("names the widget in the dialogs in the kit's locale", async () => {
    for (const [locale, name] of [
      ['en', 'Hello widget'],
      ['fa', 'ویجت سلام'],
    ] as const) {
      const kit = createTestHost({ config: example, locale, answerDialogs: false, install: false })
      await kit.platform.initialize({ app_key: 'hello-widget' })
      const token = kit.platform.getSessionToken({ scope: ['provider.profile.read'] })
      const dialog = await until(openDialog)
      expect(dialog.textContent).toContain(name)
      dialog.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click()
      await expect(token).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
      kit.destroy()
    }
  })

  it("takes the context from the first of the widget's contexts", () => {
    const config: DevConfig = {
      apps: [{ app_key: 'b', contexts: ['booking-flow', 'doctor-panel'] }],
    }
    expect(widgetFromConfig(config).context).toBe('booking-flow')
  })

  it('with several widgets, app_key says which; without it, the error lists them', () => {
    const config: DevConfig = {
      apps: [
        { app_key: 'one', name: 'One' },
        { app_key: 'two', name: { fa: 'دو', en: 'Two' }, scopes: ['user.profile.read'] },
      ],
    }
    expect(widgetFromConfig(config, { app_key: 'two', locale: 'fa' })).toMatchObject({
      app_key: 'two',
      name: 'دو',
      scopes: ['user.profile.read'],
    })
    expect(() => createTestHost({ config, install: false })).toThrow(
      /registers 2 widgets \(one, two\): say which with app_key/,
    )
    expect(() => createTestHost({ config, app_key: 'three', install: false })).toThrow(
      /no widget "three" in the config \(it has: one, two\)/,
    )
  })

  it('an option given to the kit wins over the file', async () => {
    const kit = createTestHost({
      config: example,
      products: [{ key: 'pro', title: 'Pro', price: 5_000 }],
      install: false,
    })
    await kit.platform.initialize({ app_key: 'hello-widget' })
    await kit.platform.payment.pay({ product_key: 'pro' })
    expect(kit.backend.charges.map((c) => c.amount)).toEqual([5_000])
    kit.destroy()
  })

  it('a malformed part is INVALID_ARGUMENT naming its field', () => {
    const cases: [unknown, string][] = [
      [{}, 'config.apps'],
      [{ apps: {} }, 'config.apps'],
      [
        { apps: [{ app_key: 'a', products: [{ key: 'p', price: -1 }] }] },
        'config.apps[0].products[0].price',
      ],
      [
        { apps: [{ app_key: 'a', plans: [{ key: 'm', price: 1, period: 'day' }] }] },
        'config.apps[0].plans[0].period',
      ],
      [{ apps: [{ app_key: 'a', scopes: ['Not A Scope'] }] }, 'config.apps[0].scopes[0]'],
      [{ apps: [{ app_key: 'a', contexts: ['lobby'] }] }, 'config.apps[0].contexts[0]'],
      [{ apps: [{ app_key: 'a', name: { fa: 'الف' } }] }, 'config.apps[0].name'],
    ]
    for (const [config, field] of cases) {
      let error: unknown
      try {
        widgetFromConfig(config as DevConfig)
      } catch (e) {
        error = e
      }
      expect(error, field).toBeInstanceOf(PlatformError)
      expect(error).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, field })
    }
  })
})
