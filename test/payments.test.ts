// Long: pay, subscribe and payForDoctorService through one rig, one describe each.
import { describe, expect, it, vi } from 'vitest'
import type { Locale, PlatformEventName } from '../src/events/index.js'
import { countDialogs, type RigOptions, rig, until } from './support/index.js'

type Rig = ReturnType<typeof rig>

/** The three ways a user closes a dialog without paying. */
const closeWays: [string, (t: Rig) => void][] = [
  ['the cancel button', (t) => t.button('Cancel')!.click()],
  ['the close button', (t) => t.button('Close')!.click()],
  ['Escape', (t) => t.pressEscape()],
]

describe('payment.pay', () => {
  it('shows the product and price, charges on confirm and resolves with SUCCESS', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    expect(t.rows()).toEqual([
      ['Item', 'Pro'],
      ['Price', '1,250,000 Rials'],
    ])
    expect(t.backend.charges).toEqual([])
    t.button('Pay 1,250,000 Rials')!.click()
    const r = await result
    expect(r).toEqual({
      event: 'PLATFORM_PAYMENT_SUCCESS',
      product_key: 'pro',
      receipt_id: expect.stringMatching(/^rcpt_/),
    })
    expect(t.backend.charges).toEqual([
      {
        kind: 'pay',
        app_key: 'demo',
        amount: 1_250_000,
        receipt_id: (r as { receipt_id: string }).receipt_id,
      },
    ])
    expect(t.dialog()).toBeNull()
  })

  it('shows the price in Persian digits and Rials for the fa locale', async () => {
    const t = rig({ host: { locale: 'fa' } })
    await t.init()
    void t.platform.payment.pay({ product_key: 'pro' }).catch(() => {})
    await until(() => t.dialog())
    expect(t.rows()).toEqual([
      ['مورد', 'Pro'],
      ['مبلغ', '۱٬۲۵۰٬۰۰۰ ریال'],
    ])
    expect(t.dialog()!.getAttribute('dir')).toBe('rtl')
    expect(t.button('پرداخت ۱٬۲۵۰٬۰۰۰ ریال')).toBeDefined()
  })

  it.each(closeWays)(
    'resolves with CANCEL and charges nothing when closed by %s',
    async (_, close) => {
      const t = rig()
      await t.init()
      const result = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.dialog())
      close(t)
      await expect(result).resolves.toEqual({
        event: 'PLATFORM_PAYMENT_CANCEL',
        product_key: 'pro',
      })
      expect(t.backend.charges).toEqual([])
      expect(t.dialog()).toBeNull()
    },
  )

  it.each<['decline' | 'error', string]>([
    ['decline', 'Payment declined'],
    ['error', 'Backend unavailable'],
  ])('resolves with ERROR when the backend answers %s', async (behavior, message) => {
    const t = rig()
    t.backend.behavior.pay = behavior
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await t.closeFailed()
    await expect(result).resolves.toEqual({
      event: 'PLATFORM_PAYMENT_ERROR',
      product_key: 'pro',
      message,
    })
    expect(t.backend.charges).toEqual([])
    expect(t.dialog()).toBeNull()
  })

  it('sends PLATFORM_PAYMENT_ERROR for an unknown product, without a dialog', async () => {
    const t = rig()
    const dialogs = countDialogs()
    const seen = vi.fn()
    await t.init()
    t.platform.on('PLATFORM_PAYMENT_ERROR', seen)
    const r = await t.platform.payment.pay({ product_key: 'gold', payload: { n: 1 } })
    expect(r).toEqual({
      event: 'PLATFORM_PAYMENT_ERROR',
      product_key: 'gold',
      payload: { n: 1 },
      message: expect.stringContaining('gold'),
    })
    expect(seen).toHaveBeenCalledExactlyOnceWith(r)
    expect(dialogs()).toBe(0)
    expect(t.backend.charges).toEqual([])
  })

  it('pays a receipt by receipt_id, with the title and amount the backend knows', async () => {
    const t = rig()
    t.backend.receipts.set('inv-77', { title: 'Visit #77', amount: 450_000, app_key: 'demo' })
    await t.init()
    const result = t.platform.payment.pay({ receipt_id: 'inv-77' })
    await until(() => t.dialog())
    expect(t.rows()).toEqual([
      ['Item', 'Visit #77'],
      ['Price', '450,000 Rials'],
    ])
    t.button('Pay 450,000 Rials')!.click()
    const r = await result
    expect(r.event).toBe('PLATFORM_PAYMENT_SUCCESS')
    expect(t.backend.charges).toEqual([
      { kind: 'pay', app_key: 'demo', amount: 450_000, receipt_id: expect.any(String) },
    ])
    expect(r.receipt_id).toBe(t.backend.charges[0]!.receipt_id)
  })

  it.each<[string, string | undefined]>([
    ['an unknown receipt', undefined],
    ['a receipt of another widget', 'other'],
  ])('sends ERROR without a dialog for %s', async (_, owner) => {
    const t = rig()
    const dialogs = countDialogs()
    if (owner) t.backend.receipts.set('inv-9', { title: 'Theirs', amount: 10, app_key: owner })
    await t.init()
    await expect(t.platform.payment.pay({ receipt_id: 'inv-9' })).resolves.toEqual({
      event: 'PLATFORM_PAYMENT_ERROR',
      receipt_id: 'inv-9',
      message: expect.stringContaining('inv-9'),
    })
    expect(dialogs()).toBe(0)
  })

  it('sends ERROR when the receipt lookup fails', async () => {
    const t = rig()
    vi.spyOn(t.backend, 'lookupReceipt').mockRejectedValue(new Error('lookup down'))
    await t.init()
    await expect(t.platform.payment.pay({ receipt_id: 'inv-1' })).resolves.toMatchObject({
      event: 'PLATFORM_PAYMENT_ERROR',
      message: 'lookup down',
    })
  })

  const payload = { order: 7, tags: ['a', 'b'], at: new Date(0), bytes: new Uint8Array([1, 2]) }

  it.each<[string, (t: Rig) => void, PlatformEventName]>([
    ['success', (t) => t.button('Pay 1,250,000 Rials')!.click(), 'PLATFORM_PAYMENT_SUCCESS'],
    ['cancel', (t) => t.button('Cancel')!.click(), 'PLATFORM_PAYMENT_CANCEL'],
  ])('echoes the payload back on %s', async (_, act, event) => {
    const t = rig()
    await t.init()
    const asArgument = t.platform.payment.pay({ product_key: 'pro' }, payload)
    await until(() => t.dialog())
    act(t)
    expect(await asArgument).toMatchObject({ event, product_key: 'pro', payload })
    const inside = t.platform.payment.pay({ product_key: 'pro', payload })
    await until(() => t.dialog())
    act(t)
    expect(await inside).toMatchObject({ event, product_key: 'pro', payload })
  })

  it('does not cool a widget down for failed charges the doctor closed', async () => {
    const t = rig()
    t.backend.behavior.pay = 'decline'
    await t.init()
    // Three closes would start a cool-down (LIMITS.dismissals); closing a failure is no refusal.
    for (let i = 0; i < 3; i++) {
      const result = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.dialog())
      t.button('Pay 1,250,000 Rials')!.click()
      await t.closeFailed()
      await expect(result).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_ERROR' })
    }
    t.backend.behavior.pay = 'ok'
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await expect(paid).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
  })

  it('echoes the payload on a backend error', async () => {
    const t = rig()
    t.backend.behavior.pay = 'decline'
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' }, 'order-1')
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await t.closeFailed()
    await expect(result).resolves.toMatchObject({
      event: 'PLATFORM_PAYMENT_ERROR',
      payload: 'order-1',
    })
  })

  it('refuses a payload given twice', async () => {
    const t = rig()
    await t.init()
    await expect(
      t.platform.payment.pay({ product_key: 'pro', payload: 1 }, 2),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'payload' })
  })

  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'product_key'],
    ['neither key', {}, 'product_key'],
    ['both keys', { product_key: 'pro', receipt_id: 'r' }, 'receipt_id'],
    ['a key with a space', { product_key: 'p ro' }, 'product_key'],
    ['an extra field', { product_key: 'pro', amount: 1 }, 'amount'],
  ])('rejects %s with INVALID_ARGUMENT from the host', async (_, request, field) => {
    const t = rig()
    await t.init()
    const error = await t.platform.payment.pay(request as never).catch((e) => e)
    expect(error).toMatchObject({ name: 'PlatformError', code: 'INVALID_ARGUMENT', field })
  })

  it('charges once when confirm is double-clicked', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const confirm = t.button('Pay 1,250,000 Rials')!
    confirm.click()
    confirm.click()
    await result
    expect(t.backend.charges.length).toBe(1)
  })

  it('closes the dialog without charging when the widget goes away', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e)
    await until(() => t.dialog())
    const confirm = t.button('Pay 1,250,000 Rials')!
    t.session.destroy()
    expect(t.dialog()).toBeNull()
    confirm.click()
    expect(await result).toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(t.backend.charges).toEqual([])
  })
})

describe('one payment dialog at a time', () => {
  const second: [string, (t: Rig) => Promise<unknown>][] = [
    ['pay', (t) => t.platform.payment.pay({ product_key: 'pro' })],
    ['pay by receipt', (t) => t.platform.payment.pay({ receipt_id: 'inv-1' })],
    ['subscribe', (t) => t.platform.payment.subscribe({ plan_key: 'monthly' })],
    ['sms.charge', (t) => t.platform.sms.charge()],
    ['sms.activate', (t) => t.platform.sms.activate()],
  ]

  it.each(second)('refuses %s with DIALOG_BUSY while a payment dialog is open', async (_, call) => {
    const t = rig()
    t.backend.receipts.set('inv-1', { title: 'R', amount: 5, app_key: 'demo' })
    const dialogs = countDialogs()
    await t.init()
    const first = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    await expect(call(t)).rejects.toMatchObject({ name: 'PlatformError', code: 'DIALOG_BUSY' })
    expect(dialogs()).toBe(1)
    expect(t.rows()[0]).toEqual(['Item', 'Pro']) // the first dialog is untouched
    t.button('Pay 1,250,000 Rials')!.click()
    await expect(first).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(t.backend.charges.length).toBe(1)
    // Once it is closed, the next payment opens.
    const next = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    await expect(next).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('refuses a doctor-service payment with DIALOG_BUSY while another is open', async () => {
    const t = rig({ host: { context: 'doctor-profile' } })
    await t.init()
    const first = t.platform.payment.payForDoctorService({ amount: 1000 })
    await until(() => t.dialog())
    await expect(t.platform.payment.payForDoctorService({ amount: 1000 })).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
    })
    t.button('Cancel')!.click()
    await first
  })
})

describe('payment.subscribe', () => {
  it('subscribes to the given plan', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.subscribe({ plan_key: 'monthly', payload: { u: 1 } })
    await until(() => t.dialog())
    expect(t.rows()).toEqual([
      ['Item', 'Monthly'],
      ['Price', '300,000 Rials per month'],
    ])
    expect(t.radio('Yearly')).toBeUndefined()
    t.button('Subscribe')!.click()
    const r = await result
    expect(r).toEqual({
      event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS',
      plan_key: 'monthly',
      receipt_id: expect.stringMatching(/^sub_/),
      payload: { u: 1 },
    })
    expect(t.backend.charges).toEqual([
      {
        kind: 'subscribe',
        app_key: 'demo',
        amount: 300_000,
        receipt_id: (r as { receipt_id: string }).receipt_id,
        payload: { u: 1 },
      },
    ])
  })

  it.each<[string, string | undefined, string, number]>([
    ['the first plan when the user does not choose', undefined, 'monthly', 300_000],
    ['the plan the user picks', 'Yearly', 'yearly', 3_000_000],
    ['the first plan picked back', 'Monthly', 'monthly', 300_000],
  ])('without plan_key, subscribes to %s', async (_, pick, plan_key, amount) => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.subscribe()
    await until(() => t.dialog())
    expect(t.text()).toContain('Choose a plan')
    expect(t.text()).toContain('300,000 Rials per month')
    expect(t.text()).toContain('3,000,000 Rials per year')
    expect(t.radio('Monthly')!.checked).toBe(true)
    if (pick) {
      t.radio(pick)!.click()
      expect(t.radio('Monthly')!.checked).toBe(pick === 'Monthly')
      expect(t.radio('Yearly')!.checked).toBe(pick === 'Yearly')
    }
    t.button('Subscribe')!.click()
    await expect(result).resolves.toMatchObject({
      event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS',
      plan_key,
    })
    expect(t.backend.charges.map((c) => c.amount)).toEqual([amount])
  })

  it.each<[string, string | undefined, object]>([
    ['with a plan_key', 'yearly', { plan_key: 'yearly' }],
    ['without a plan_key', undefined, {}],
  ])('resolves with SUBSCRIBE_CANCEL on close, %s', async (_, plan_key, echo) => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.subscribe(plan_key ? { plan_key } : {})
    await until(() => t.dialog())
    t.pressEscape()
    await expect(result).resolves.toEqual({ event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL', ...echo })
    expect(t.backend.charges).toEqual([])
  })

  it('rejects with BACKEND_ERROR when the subscription fails', async () => {
    const t = rig()
    t.backend.behavior.subscribe = 'error'
    const seen = vi.fn()
    await t.init()
    t.platform.on('PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS', seen)
    t.platform.on('PLATFORM_PAYMENT_SUBSCRIBE_CANCEL', seen)
    const result = t.platform.payment.subscribe({ plan_key: 'monthly' }).catch((e) => e)
    await until(() => t.dialog())
    t.button('Subscribe')!.click()
    await t.closeFailed()
    expect(await result).toMatchObject({
      name: 'PlatformError',
      code: 'BACKEND_ERROR',
      // The panel's locale (en here), then the backend's own text.
      message: 'The platform could not complete the request: Backend unavailable',
    })
    expect(t.dialog()).toBeNull()
    expect(seen).not.toHaveBeenCalled()
  })

  it.each<[string, RigOptions, object, string]>([
    ['an unknown plan', {}, { plan_key: 'weekly' }, 'plan_key'],
    ['a widget with no plans', { app_key: 'other' }, {}, 'plan_key'],
  ])('rejects %s with INVALID_ARGUMENT and no dialog', async (_, options, request, field) => {
    const t = rig(options)
    const dialogs = countDialogs()
    await t.platform.initialize({ app_key: options.app_key ?? 'demo' })
    await expect(t.platform.payment.subscribe(request)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field,
    })
    expect(dialogs()).toBe(0)
  })
})

describe('payment.payForDoctorService', () => {
  it.each<['doctor-panel' | 'booking-flow']>([['doctor-panel'], ['booking-flow']])(
    'fails with WRONG_CONTEXT and no dialog in %s',
    async (context) => {
      const t = rig({ host: { context } })
      const dialogs = countDialogs()
      await t.init()
      await expect(
        t.platform.payment.payForDoctorService({ amount: 12_345 }),
      ).rejects.toMatchObject({
        name: 'PlatformError',
        code: 'WRONG_CONTEXT',
      })
      expect(dialogs()).toBe(0)
      expect(t.backend.charges).toEqual([])
    },
  )

  it.each<[Locale, [string, string][], string]>([
    [
      'en',
      [
        ['Service amount', '12,345 Rials'],
        ['VAT (9% of 30%)', '370 Rials'],
        ['Total payable', '12,715 Rials'],
      ],
      'Pay 12,715 Rials',
    ],
    [
      'fa',
      [
        ['مبلغ خدمت', '۱۲٬۳۴۵ ریال'],
        ['مالیات بر ارزش افزوده (۹٪ از ۳۰٪)', '۳۷۰ ریال'],
        ['مبلغ قابل پرداخت', '۱۲٬۷۱۵ ریال'],
      ],
      'پرداخت ۱۲٬۷۱۵ ریال',
    ],
  ])('shows amount, VAT and payable in %s, and charges the payable', async (locale, rows, pay) => {
    const t = rig({ host: { context: 'doctor-profile', locale } })
    await t.init()
    const result = t.platform.payment.payForDoctorService({ amount: 12_345, payload: 'visit-3' })
    await until(() => t.dialog())
    expect(t.rows().map(([, value]) => value)).toEqual(rows.map(([, value]) => value))
    expect(t.rows()[0]![0]).toBe(rows[0]![0])
    expect(t.rows()[2]![0]).toBe(rows[2]![0])
    t.button(pay)!.click()
    const r = await result
    expect(r).toEqual({
      event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS',
      amount: 12_345,
      vat: 370,
      payable: 12_715,
      payload: 'visit-3',
      receipt_id: expect.stringMatching(/^dsrv_/),
    })
    expect(t.backend.charges).toEqual([
      {
        kind: 'doctor-service',
        app_key: 'demo',
        amount: 12_715,
        receipt_id: (r as { receipt_id: string }).receipt_id,
        payload: 'visit-3',
      },
    ])
  })

  it.each<[string, (t: Rig) => void | Promise<void>, object]>([
    [
      'cancel',
      (t) => t.button('Cancel')!.click(),
      { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL' },
    ],
    [
      'a declined charge',
      async (t) => {
        t.backend.behavior.doctorService = 'decline'
        t.button('Pay 103 Rials')!.click()
        await t.closeFailed()
      },
      { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR', message: 'Payment declined' },
    ],
  ])('resolves on %s with the amounts', async (_, act, expected) => {
    const t = rig({ host: { context: 'doctor-profile' } })
    await t.init()
    const result = t.platform.payment.payForDoctorService({ amount: 100 })
    await until(() => t.dialog())
    await act(t)
    await expect(result).resolves.toEqual({ ...expected, amount: 100, vat: 3, payable: 103 })
    expect(t.backend.charges).toEqual([])
  })

  it.each<[string, unknown]>([
    ['a fraction', 100.5],
    ['zero', 0],
    ['a negative amount', -5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string', '100'],
    ['a missing amount', undefined],
    ['more than the maximum', 1_000_000_000_001],
  ])('rejects %s with INVALID_ARGUMENT amount and no dialog', async (_, amount) => {
    const t = rig({ host: { context: 'doctor-profile' } })
    const dialogs = countDialogs()
    await t.init()
    await expect(t.platform.payment.payForDoctorService({ amount } as never)).rejects.toMatchObject(
      { code: 'INVALID_ARGUMENT', field: 'amount' },
    )
    expect(dialogs()).toBe(0)
  })

  it('charges once when confirm is double-clicked', async () => {
    const t = rig({ host: { context: 'doctor-profile' } })
    await t.init()
    const result = t.platform.payment.payForDoctorService({ amount: 12_345 })
    await until(() => t.dialog())
    const confirm = t.button('Pay 12,715 Rials')!
    confirm.click()
    confirm.click()
    confirm.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await result
    expect(t.backend.charges.length).toBe(1)
  })
})

describe('results reach listeners exactly once', () => {
  it('platform.on gets each result once, and stops after unbinding', async () => {
    const t = rig()
    await t.init()
    const success = vi.fn()
    const cancel = vi.fn()
    const error = vi.fn()
    t.platform.on('PLATFORM_PAYMENT_SUCCESS', success)
    const offCancel = t.platform.on('PLATFORM_PAYMENT_CANCEL', cancel)
    t.platform.on('PLATFORM_PAYMENT_ERROR', error)

    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    const r1 = await paid
    const cancelled = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    const r2 = await cancelled
    const r3 = await t.platform.payment.pay({ product_key: 'nope' })

    expect(success).toHaveBeenCalledExactlyOnceWith(r1)
    expect(cancel).toHaveBeenCalledExactlyOnceWith(r2)
    expect(error).toHaveBeenCalledExactlyOnceWith(r3)

    offCancel()
    const again = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    await again
    expect(cancel).toHaveBeenCalledTimes(1)
    expect(success).toHaveBeenCalledTimes(1)
  })

  it('host.on gets every result with the app_key it came from', async () => {
    const t = rig({ host: { context: 'doctor-profile' } })
    const seen: [string, unknown, unknown][] = []
    t.host.on('PLATFORM_PAYMENT_SUCCESS', (result, meta) => {
      seen.push(['PLATFORM_PAYMENT_SUCCESS', result, meta])
    })
    t.host.on('PLATFORM_PAYMENT_ERROR', (result, meta) => {
      seen.push(['PLATFORM_PAYMENT_ERROR', result, meta])
    })
    t.host.on('PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', (result, meta) => {
      seen.push(['PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', result, meta])
    })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    const r1 = await paid
    const r2 = await t.platform.payment.pay({ product_key: 'nope' })
    const doctor = t.platform.payment.payForDoctorService({ amount: 10 })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    const r3 = await doctor
    expect(seen).toEqual([
      ['PLATFORM_PAYMENT_SUCCESS', r1, { app_key: 'demo', late: false }],
      ['PLATFORM_PAYMENT_ERROR', r2, { app_key: 'demo', late: false }],
      ['PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', r3, { app_key: 'demo', late: false }],
    ])
  })
})

describe('the payload reaches the platform', () => {
  const payload = { order: 'ord-7', lines: [1, 2], at: new Date(0) }

  it('goes to the backend adapter with pay, and is left out when there is none', async () => {
    const t = rig()
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro', payload })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await paid
    expect(t.backend.charges).toEqual([expect.objectContaining({ kind: 'pay', payload })])
    const plain = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await plain
    expect(t.backend.charges).toHaveLength(2)
    expect(t.backend.charges[1]).not.toHaveProperty('payload')
  })

  it('goes to the backend adapter with subscribe', async () => {
    const t = rig()
    await t.init()
    const subscribed = t.platform.payment.subscribe({ plan_key: 'monthly', payload })
    await until(() => t.dialog())
    t.button('Subscribe')!.click()
    await subscribed
    expect(t.backend.charges).toEqual([expect.objectContaining({ kind: 'subscribe', payload })])
  })

  it('goes to the backend adapter with payForDoctorService', async () => {
    const t = rig({ host: { context: 'doctor-profile' } })
    await t.init()
    const service = t.platform.payment.payForDoctorService({ amount: 10_000, payload: 'visit-9' })
    await until(() => t.dialog())
    t.button('Pay 10,300 Rials')!.click()
    await service
    expect(t.backend.charges).toEqual([
      expect.objectContaining({ kind: 'doctor-service', amount: 10_300, payload: 'visit-9' }),
    ])
  })
})
