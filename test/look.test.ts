import { describe, expect, it } from 'vitest'
import type { LookChanged } from '../src/events/index.js'
import { DEFAULT_SMS_PACKAGES } from '../src/host-kit/sms-defaults.js'
import { createMemoryBackend, createTestHost } from '../src/testing/index.js'
import { openDialog, rig, until, WIDGETS } from './support/index.js'

/** The shadow host of the dialogs: where the theme's colour scheme is set. */
const dialogsHost = () => document.querySelector('[data-platform-dialogs]') as HTMLElement | null
/** The theme's sheet, the second of the shadow root's (the first is the dialogs' own CSS). */
const themeCss = () => {
  const root = dialogsHost()?.shadowRoot
  const sheets = root?.adoptedStyleSheets ?? []
  const sheet = sheets[1]
  if (sheet) return [...sheet.cssRules].map((r) => r.cssText).join('\n')
  return [...(root?.querySelectorAll('style') ?? [])].map((s) => s.textContent).join('\n')
}

describe('host.setLocale and host.setTheme', () => {
  it('redraw an open dialog in the new locale, keeping what the user chose', async () => {
    const t = rig({ widgets: WIDGETS })
    await t.init()
    const charge = t.platform.sms.charge()
    const dialog = await until(openDialog)
    expect(dialog.getAttribute('dir')).toBe('ltr')
    expect(t.text()).toContain('Top up SMS credit')
    // The user picks the second package, then the panel switches to Persian.
    const second = dialog.querySelectorAll<HTMLInputElement>('input[type=radio]')[1]!
    second.click()
    t.host.setLocale('fa')
    // The Persian words are a chunk of their own: the dialog redraws once they have loaded.
    await until(() => dialog.getAttribute('dir') === 'rtl')
    expect(openDialog()).toBe(dialog)
    expect(dialog.getAttribute('dir')).toBe('rtl')
    expect(dialog.getAttribute('lang')).toBe('fa')
    expect(t.text()).toContain('افزایش اعتبار پیامک')
    expect(t.text()).toContain('درخواست از طرف')
    expect(t.text()).not.toContain('Top up')
    expect(dialog.querySelector('[data-action=confirm]')?.textContent).toBe('خرید')
    expect(second.isConnected && second.checked).toBe(true)
    expect(t.host.locale).toBe('fa')
    ;(dialog.querySelector('[data-action=confirm]') as HTMLButtonElement).click()
    const result = await charge
    // The package chosen before the switch is the one bought.
    expect(result.count).toBe(DEFAULT_SMS_PACKAGES[1]!.count)
    expect(dialog.isConnected).toBe(false)
  })

  it('draws later dialogs in the new locale and names a widget per locale', async () => {
    const widgets = [
      { ...WIDGETS[0]!, name: { fa: 'نوبت‌دهی', en: 'Booking' } },
      ...WIDGETS.slice(1),
    ]
    const t = rig({ widgets })
    await t.init()
    t.host.setLocale('fa')
    const activate = t.platform.sms.activate()
    const dialog = await until(openDialog)
    expect(dialog.getAttribute('dir')).toBe('rtl')
    expect(dialog.querySelector('[data-from]')?.textContent).toContain('نوبت‌دهی')
    t.host.setLocale('en')
    await until(() => dialog.getAttribute('dir') === 'ltr')
    expect(dialog.querySelector('[data-from]')?.textContent).toContain('Requested by Booking')
    expect(t.text()).toContain('Booking will send SMS messages')
    t.button('Cancel')!.click()
    expect((await activate).event).toBe('PLATFORM_SMS_ACTIVATE_CANCEL')
  })

  it('changes the colours of an open dialog and of later ones', async () => {
    const t = rig({ widgets: WIDGETS, host: { theme: { accent: '#0f766e' } } })
    await t.init()
    const activate = t.platform.sms.activate()
    await until(openDialog)
    expect(themeCss()).toContain('#0f766e')
    expect(dialogsHost()?.hasAttribute('data-color-scheme')).toBe(false)
    t.host.setTheme({ accent: '#b91c1c', colorScheme: 'dark' })
    expect(themeCss()).toContain('#b91c1c')
    expect(themeCss()).not.toContain('#0f766e')
    expect(dialogsHost()?.getAttribute('data-color-scheme')).toBe('dark')
    t.button('Cancel')!.click()
    await activate
    t.host.setTheme({ colorScheme: 'light' })
    const again = t.platform.sms.activate()
    await until(openDialog)
    expect(dialogsHost()?.getAttribute('data-color-scheme')).toBe('light')
    t.button('Cancel')!.click()
    await again
  })

  it.each([
    ['locale', (h: ReturnType<typeof rig>['host']) => h.setLocale('de' as never)],
    ['theme.accent', (h: ReturnType<typeof rig>['host']) => h.setTheme({ accent: 'red; x' })],
  ])('refuses a bad value with INVALID_ARGUMENT naming %s', async (field, set) => {
    const t = rig({ widgets: WIDGETS })
    expect(() => set(t.host)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field }))
    expect(t.host.locale).toBe('en')
  })
})

describe('the widget learns the panel look', () => {
  it('from initialize, then from PLATFORM_LOOK_CHANGED on each change', async () => {
    const t = rig({
      widgets: WIDGETS,
      host: { locale: 'fa', theme: { colorScheme: 'light' } },
    })
    const info = await t.init()
    expect(info).toMatchObject({ locale: 'fa', dir: 'rtl', colorScheme: 'light' })
    const seen: LookChanged[] = []
    t.platform.on('PLATFORM_LOOK_CHANGED', (look) => seen.push(look))
    t.host.setLocale('en')
    await until(() => seen.length === 1)
    expect(seen[0]).toEqual({
      event: 'PLATFORM_LOOK_CHANGED',
      locale: 'en',
      dir: 'ltr',
      colorScheme: 'light',
    })
    t.host.setTheme({ colorScheme: 'dark' })
    await until(() => seen.length === 2)
    expect(seen[1]).toMatchObject({ locale: 'en', colorScheme: 'dark' })
    // Nothing a widget sees changed: no event.
    t.host.setTheme({ colorScheme: 'dark', accent: '#123456' })
    t.host.setLocale('en')
    // `initialize` again answers the look of now.
    expect(await t.init()).toMatchObject({ locale: 'en', dir: 'ltr', colorScheme: 'dark' })
    expect(seen).toHaveLength(2)
  })

  it('follows the panel window when the theme leaves the colour scheme to the user', async () => {
    const listeners: (() => void)[] = []
    let dark = false
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      media: query,
      get matches() {
        return dark
      },
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia
    try {
      const t = rig({ widgets: WIDGETS })
      expect(await t.init()).toMatchObject({ colorScheme: 'light' })
      const seen: LookChanged[] = []
      t.platform.on('PLATFORM_LOOK_CHANGED', (look) => seen.push(look))
      dark = true
      for (const fn of listeners) fn()
      await until(() => seen.length === 1)
      expect(seen[0]).toMatchObject({ colorScheme: 'dark', locale: 'en' })
      t.cleanup()
    } finally {
      window.matchMedia = original
    }
  })

  it('in the test kit: set with colorScheme and locale, changed through kit.host', async () => {
    const kit = createTestHost({
      locale: 'fa',
      colorScheme: 'dark',
      install: false,
      backend: createMemoryBackend(),
    })
    try {
      expect(await kit.platform.initialize({ app_key: 'test-widget' })).toMatchObject({
        locale: 'fa',
        dir: 'rtl',
        colorScheme: 'dark',
      })
      const seen: LookChanged[] = []
      kit.platform.on('PLATFORM_LOOK_CHANGED', (look) => seen.push(look))
      kit.host.setTheme({ colorScheme: 'light' })
      await until(() => seen.length === 1)
      expect(seen[0]).toMatchObject({ locale: 'fa', dir: 'rtl', colorScheme: 'light' })
    } finally {
      kit.destroy()
    }
  })
})

describe('product and plan titles per locale', () => {
  const widgets = [
    {
      ...WIDGETS[0]!,
      products: [{ key: 'pro', title: { fa: 'نسخهٔ حرفه‌ای', en: 'Pro edition' }, price: 1_250_000 }],
      plans: [
        {
          key: 'monthly',
          title: { fa: 'ماهانه', en: 'Monthly' },
          price: 300_000,
          period: 'month' as const,
        },
        { key: 'yearly', title: 'Yearly', price: 3_000_000, period: 'year' as const },
      ],
    },
    ...WIDGETS.slice(1),
  ]

  it('an open payment dialog shows the product in the locale the panel switches to', async () => {
    const t = rig({ widgets })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    const dialog = await until(openDialog)
    expect(t.text()).toContain('Pro edition')
    t.host.setLocale('fa')
    await until(() => dialog.getAttribute('dir') === 'rtl')
    expect(t.text()).toContain('نسخهٔ حرفه‌ای')
    expect(t.text()).not.toContain('Pro edition')
    t.button('انصراف')!.click()
    expect((await paid).event).toBe('PLATFORM_PAYMENT_CANCEL')
  })

  it('the subscription dialog names each plan in the panel’s locale, one title for all kept', async () => {
    const t = rig({ widgets })
    await t.init()
    t.host.setLocale('fa')
    const subscribed = t.platform.payment.subscribe()
    await until(openDialog)
    expect(t.text()).toContain('ماهانه')
    expect(t.text()).toContain('Yearly')
    t.button('انصراف')!.click()
    expect((await subscribed).event).toBe('PLATFORM_PAYMENT_SUBSCRIBE_CANCEL')
  })

  it.each([
    ['widgets[0].products[0].title.en', { products: [{ key: 'p', title: { fa: 'x' }, price: 1 }] }],
    [
      'widgets[0].plans[1].title',
      { plans: [widgets[0]!.plans![0]!, { key: 'y', title: 7, price: 1, period: 'year' }] },
    ],
  ])('createHost refuses a bad title at %s', (field, change) => {
    expect(() =>
      rig({ widgets: [{ ...WIDGETS[0]!, ...(change as object) }, ...WIDGETS.slice(1)] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field }))
  })
})

describe('registration names per locale', () => {
  it.each([
    ['widgets[0].name.en', { fa: 'نوبت‌دهی' }],
    ['widgets[0].name.de', { fa: 'a', en: 'b', de: 'c' }],
    ['widgets[0].name', 42],
    ['widgets[0].name.fa', { fa: 1, en: 'b' }],
  ])('createHost refuses a bad name at %s', (field, name) => {
    expect(() =>
      rig({ widgets: [{ ...WIDGETS[0]!, name: name as never }, ...WIDGETS.slice(1)] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field }))
  })
})
