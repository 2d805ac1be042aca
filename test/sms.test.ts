import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SMS_PACKAGES } from '../src/host/index.js'
import { countDialogs, rig, until } from './support/index.js'

type Rig = ReturnType<typeof rig>

const closeWays: [string, (t: Rig) => void][] = [
  ['the cancel button', (t) => t.button('Cancel')!.click()],
  ['the close button', (t) => t.button('Close')!.click()],
  ['Escape', (t) => t.pressEscape()],
]

/** Types `value` into the custom count, as a user would. */
function typeCount(t: Rig, value: string) {
  const input = t.input('input[type=number]')!
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
  return input
}

describe('sms.activate', () => {
  it('resolves with SUCCESS at once, without a dialog, when SMS is already active', async () => {
    const t = rig()
    t.backend.smsActive = true
    const activate = vi.spyOn(t.backend, 'smsActivate')
    const dialogs = countDialogs()
    await t.init()
    await expect(t.platform.sms.activate()).resolves.toEqual({
      event: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
    })
    expect(dialogs()).toBe(0)
    expect(activate).not.toHaveBeenCalled()
  })

  it('needs initialize but no session token', async () => {
    const t = rig()
    t.backend.smsActive = true
    await expect(t.platform.sms.activate()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' })
    await t.init()
    await expect(t.platform.sms.activate()).resolves.toMatchObject({
      event: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
    })
    expect(t.backend.tokens).toEqual([])
  })

  it.each<['en' | 'fa', string[], string]>([
    ['en', ['Demo <b>widget</b>', 'in your name', 'SMS credit'], 'Activate'],
    ['fa', ['Demo <b>widget</b>', 'به نام شما', 'اعتبار پیامک'], 'فعال‌سازی'],
  ])('asks first (%s), then activates on confirm', async (locale, says, button) => {
    const t = rig({ host: { locale } })
    await t.init()
    const result = t.platform.sms.activate()
    await until(() => t.dialog())
    for (const words of says) expect(t.text()).toContain(words)
    expect(t.backend.smsActive).toBe(false)
    t.button(button)!.click()
    await expect(result).resolves.toEqual({ event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' })
    expect(t.backend.smsActive).toBe(true)
    // Now active: no second dialog.
    const dialogs = countDialogs()
    await expect(t.platform.sms.activate()).resolves.toEqual({
      event: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
    })
    expect(dialogs()).toBe(0)
  })

  it.each(closeWays)('resolves with CANCEL when closed by %s', async (_, close) => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.activate()
    await until(() => t.dialog())
    close(t)
    await expect(result).resolves.toEqual({ event: 'PLATFORM_SMS_ACTIVATE_CANCEL' })
    expect(t.backend.smsActive).toBe(false)
    expect(t.dialog()).toBeNull()
  })

  it('resolves with ERROR when the backend fails to activate', async () => {
    const t = rig()
    t.backend.behavior.smsActivate = 'error'
    const seen = vi.fn()
    await t.init()
    t.platform.on('PLATFORM_SMS_ACTIVATE_ERROR', seen)
    const result = t.platform.sms.activate()
    await until(() => t.dialog())
    t.button('Activate')!.click()
    await t.closeFailed()
    const r = await result
    expect(r).toEqual({ event: 'PLATFORM_SMS_ACTIVATE_ERROR', message: 'Backend unavailable' })
    expect(seen).toHaveBeenCalledExactlyOnceWith(r)
    expect(t.backend.smsActive).toBe(false)
    expect(t.dialog()).toBeNull()
  })

  it('resolves with ERROR, without a dialog, when the SMS status is unavailable', async () => {
    const t = rig()
    vi.spyOn(t.backend, 'smsStatus').mockRejectedValue(new Error('status down'))
    const dialogs = countDialogs()
    await t.init()
    await expect(t.platform.sms.activate()).resolves.toEqual({
      event: 'PLATFORM_SMS_ACTIVATE_ERROR',
      message: 'status down',
    })
    expect(dialogs()).toBe(0)
  })
})

describe('sms.charge', () => {
  it('offers the packages with their prices, plus a custom count', async () => {
    const t = rig()
    await t.init()
    void t.platform.sms.charge().catch(() => {})
    await until(() => t.dialog())
    for (const p of DEFAULT_SMS_PACKAGES) {
      expect(t.radio(`${p.count.toLocaleString('en-US')} SMS`)).toBeDefined()
      expect(t.text()).toContain(`${p.price.toLocaleString('en-US')} Rials`)
    }
    expect(t.radio('Custom count')).toBeDefined()
    expect(t.radio('100 SMS')!.checked).toBe(true)
    expect(t.input('input[type=number]')!.getAttribute('aria-label')).toBe('Custom count')
  })

  it('shows the packages in Persian digits for fa', async () => {
    const t = rig({ host: { locale: 'fa' } })
    await t.init()
    void t.platform.sms.charge().catch(() => {})
    await until(() => t.dialog())
    expect(t.text()).toContain('۱۰۰ پیامک')
    expect(t.text()).toContain('۱۰۰٬۰۰۰ ریال')
    expect(t.text()).toContain('تعداد دلخواه')
  })

  it.each<[string, string | undefined, number, number]>([
    ['the first package by default', undefined, 100, 100_000],
    ['the package the user picks', '500 SMS', 500, 450_000],
    ['the largest package', '1,000 SMS', 1000, 800_000],
  ])('charges %s', async (_, pick, count, price) => {
    const t = rig()
    const seen = vi.fn()
    await t.init()
    t.platform.on('PLATFORM_SMS_CHARGE_SUCCESS', seen)
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    if (pick) t.radio(pick)!.click()
    t.button('Buy')!.click()
    const r = await result
    expect(r).toEqual({
      event: 'PLATFORM_SMS_CHARGE_SUCCESS',
      count,
      price,
      receipt_id: expect.stringMatching(/^sms_/),
    })
    expect(t.backend.charges).toEqual([
      { kind: 'sms', app_key: 'demo', amount: price, receipt_id: r.receipt_id },
    ])
    expect(seen).toHaveBeenCalledExactlyOnceWith(r)
  })

  it.each<[string, number]>([
    ['250', 250],
    ['10', 10], // the minimum
    ['100000', 100_000], // the maximum
  ])('charges a valid custom count %j', async (typed, count) => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    const input = typeCount(t, typed)
    expect(t.radio('Custom count')!.checked).toBe(true) // typing selects the custom option
    expect(input.getAttribute('aria-invalid')).toBe('false')
    expect(t.input('#sms-custom-error')!.textContent).toBe('')
    t.button('Buy')!.click()
    await expect(result).resolves.toMatchObject({ count, price: count * 1000 })
    expect(t.backend.charges.map((c) => c.amount)).toEqual([count * 1000])
  })

  it.each<[string, string]>([
    ['below the minimum', '9'],
    ['zero', '0'],
    ['negative', '-20'],
    ['a fraction', '12.5'],
    ['above the maximum', '100001'],
    ['exponent notation', '1e3'],
    ['far too large', '99999999999'],
  ])('checks a custom count %s inline and keeps the dialog open', async (_, typed) => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    const input = typeCount(t, typed)
    const message = 'Enter a whole number from 10 to 100,000.'
    // Inline, as soon as it is typed.
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(t.input('#sms-custom-error')!.textContent).toBe(message)
    expect(input.getAttribute('aria-describedby')).toBe('sms-custom-error')
    // Buying is refused and the dialog stays open.
    t.button('Buy')!.click()
    await new Promise((r) => setTimeout(r, 10))
    expect(t.dialog()).not.toBeNull()
    expect(t.button('Buy')!.disabled).toBe(false)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(t.text()).toContain(message)
    expect(t.backend.charges).toEqual([])
    // Fixing it clears the error, and the purchase goes through.
    typeCount(t, '20')
    expect(input.getAttribute('aria-invalid')).toBe('false')
    expect(t.input('#sms-custom-error')!.textContent).toBe('')
    t.button('Buy')!.click()
    await expect(result).resolves.toMatchObject({ count: 20, price: 20_000 })
    expect(t.backend.charges.length).toBe(1)
  })

  it('refuses an empty custom count on Buy', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    t.radio('Custom count')!.click()
    t.button('Buy')!.click()
    await until(() => t.input('input[type=number]')!.getAttribute('aria-invalid') === 'true')
    expect(t.dialog()).not.toBeNull()
    expect(t.backend.charges).toEqual([])
    t.radio('500 SMS')!.click()
    t.button('Buy')!.click()
    await expect(result).resolves.toMatchObject({ count: 500 })
  })

  it('uses the host options for packages, unit price and custom bounds', async () => {
    const t = rig({
      host: {
        smsPackages: [{ count: 7, price: 7_700 }],
        smsPrice: 500,
        smsCustomRange: { min: 1, max: 50 },
      },
    })
    await t.init()
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    expect(t.radio('7 SMS')).toBeDefined()
    expect(t.radio('100 SMS')).toBeUndefined()
    const input = typeCount(t, '51')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(t.text()).toContain('Enter a whole number from 1 to 50.')
    typeCount(t, '50')
    expect(input.getAttribute('aria-invalid')).toBe('false')
    t.button('Buy')!.click()
    await expect(result).resolves.toMatchObject({ count: 50, price: 25_000 })
  })

  it.each(closeWays)('rejects with USER_CLOSED_POPUP when closed by %s', async (_, close) => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.charge().catch((e) => e)
    await until(() => t.dialog())
    close(t)
    expect(await result).toMatchObject({ name: 'PlatformError', code: 'USER_CLOSED_POPUP' })
    expect(t.backend.charges).toEqual([])
    expect(t.dialog()).toBeNull()
  })

  it('rejects with BACKEND_ERROR when the charge fails', async () => {
    const t = rig()
    t.backend.behavior.smsCharge = 'error'
    await t.init()
    const result = t.platform.sms.charge().catch((e) => e)
    await until(() => t.dialog())
    t.button('Buy')!.click()
    await t.closeFailed()
    expect(await result).toMatchObject({
      code: 'BACKEND_ERROR',
      message: 'The platform could not complete the request: Backend unavailable',
    })
  })

  it('charges once when Buy is double-clicked', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.charge()
    await until(() => t.dialog())
    const buy = t.button('Buy')!
    buy.click()
    buy.click()
    await result
    expect(t.backend.charges.length).toBe(1)
  })
})
