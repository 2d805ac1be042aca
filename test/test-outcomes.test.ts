import { describe, expect, it } from 'vitest'
import type { HostOptions } from '../src/host/index.js'
import {
  createMemoryBackend,
  createTestHost,
  type PaymentOutcome,
  type TestOutcomes,
} from '../src/testing/index.js'
import { flush, rig, until } from './support/index.js'

/**
 * Payment test outcomes: a development host (`testOutcomes`, only through the test kit's door)
 * lists them beside the confirm of the payment, subscribe and doctor-service dialogs, and pays
 * through `withOutcome(chosen)`; the production `createHost` shows none, even when smuggled.
 */

const ALL: PaymentOutcome[] = [
  'succeed',
  'declined',
  'insufficient_funds',
  'platform_error',
  'timeout',
]

/** Outcomes over a memory backend: each payment records its outcome; any but succeed fails. */
function outcomes(offered: PaymentOutcome[] = ALL) {
  const backend = createMemoryBackend()
  const chosen: PaymentOutcome[] = []
  const calls = (outcome: PaymentOutcome) => {
    const run =
      <R>(fn: (request: R) => Promise<{ receipt_id: string }>) =>
      async (request: R) => {
        chosen.push(outcome)
        if (outcome !== 'succeed') throw new Error(`The card: ${outcome}`)
        return fn(request)
      }
    return {
      pay: run(backend.pay),
      subscribe: run(backend.subscribe),
      payForDoctorService: run(backend.payForDoctorService),
    }
  }
  const testOutcomes: TestOutcomes = { outcomes: offered, withOutcome: calls }
  return { backend, chosen, testOutcomes }
}

const labels = (dialog: HTMLDialogElement | null | undefined) =>
  [...(dialog?.querySelectorAll('[data-test-outcomes] label') ?? [])].map((l) => l.textContent)

describe('a development host with test outcomes', () => {
  it('lists them in the payment dialog, the first chosen, as a labelled radio group', async () => {
    const o = outcomes()
    const t = rig({ host: { backend: o.backend, testOutcomes: o.testOutcomes } as never })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    const dialog = await until(() => t.dialog())
    const field = dialog.querySelector('fieldset[data-test-outcomes]')!
    expect(field.querySelector('legend')?.textContent).toBe('Test outcome (development panel only)')
    expect(labels(dialog)).toEqual([
      'Succeeds',
      'Card declined',
      'Insufficient funds',
      'The platform fails',
      'Timeout (charged, no answer)',
    ])
    expect(t.radio('Succeeds')!.checked).toBe(true)
    t.button('Pay 1,250,000 Rials')!.click()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(o.chosen).toEqual(['succeed'])
    expect(o.backend.charges).toHaveLength(1)
  })

  it('pays with the outcome chosen: declined ends as the documented error event', async () => {
    const o = outcomes()
    const t = rig({ host: { backend: o.backend, testOutcomes: o.testOutcomes } as never })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.radio('Card declined')!.click()
    t.button('Pay 1,250,000 Rials')!.click()
    await t.closeFailed()
    expect(await paid).toEqual({
      event: 'PLATFORM_PAYMENT_ERROR',
      product_key: 'pro',
      message: 'The card: declined',
    })
    expect(o.chosen).toEqual(['declined'])
    expect(o.backend.charges).toEqual([])
  })

  it('the subscribe dialog offers them beside its plans', async () => {
    const o = outcomes(['succeed', 'insufficient_funds'])
    const t = rig({ host: { backend: o.backend, testOutcomes: o.testOutcomes } as never })
    await t.init()
    const subscribed = t.platform.payment.subscribe({ plan_key: 'monthly' })
    await until(() => t.dialog())
    expect(labels(t.dialog())).toEqual(['Succeeds', 'Insufficient funds'])
    t.radio('Insufficient funds')!.click()
    t.button('Subscribe')!.click()
    await t.closeFailed()
    await expect(subscribed).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
  })

  it('the doctor-service dialog offers them, in Persian too', async () => {
    const p = outcomes(['succeed', 'timeout'])
    const profile = rig({
      context: 'doctor-profile',
      host: { locale: 'fa', backend: p.backend, testOutcomes: p.testOutcomes } as never,
    })
    await profile.init()
    const service = profile.platform.payment.payForDoctorService({ amount: 500_000 })
    await until(() => profile.dialog())
    expect(profile.dialog()!.querySelector('legend')?.textContent).toBe(
      'نتیجهٔ آزمایشی (فقط در پنل توسعه)',
    )
    expect(labels(profile.dialog())).toEqual(['موفق', 'پایان مهلت (پرداخت شد، بی‌پاسخ)'])
    profile.radio('پایان مهلت')!.click()
    profile.dialog()!.querySelector<HTMLButtonElement>('[data-action=confirm]')!.click()
    await profile.closeFailed('بستن')
    expect(await service).toMatchObject({ event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR' })
    expect(p.chosen).toEqual(['timeout'])
  })

  it('keeps the intent delay: a confirm clicked before it arms pays nothing, whatever is chosen', async () => {
    const o = outcomes()
    const t = rig({
      host: { backend: o.backend, testOutcomes: o.testOutcomes, intentDelay: 60_000 } as never,
    })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.radio('Timeout')!.click()
    const confirm = t.dialog()!.querySelector<HTMLButtonElement>('[data-action=confirm]')!
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    confirm.click()
    await flush(10)
    expect(o.chosen).toEqual([])
    t.pressEscape()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it("the test kit's scripted user picks one: next(kind, { outcome })", async () => {
    const o = outcomes()
    const kit = createTestHost({
      products: [{ key: 'pro', title: 'Pro', price: 1000 }],
      backend: o.backend,
      host: { testOutcomes: o.testOutcomes },
      install: false,
    })
    await kit.platform.initialize({ app_key: 'test-widget' })
    kit.next('payment', { outcome: 'platform_error' })
    expect(await kit.platform.payment.pay({ product_key: 'pro' })).toMatchObject({
      event: 'PLATFORM_PAYMENT_ERROR',
      message: 'The card: platform_error',
    })
    expect(o.chosen).toEqual(['platform_error'])
    kit.destroy()
  })

  it('next refuses an outcome the host does not offer, rather than pay as if it did', () => {
    const kit = createTestHost({ install: false })
    expect(() => kit.next('payment', { outcome: 'declined' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    )
    kit.destroy()
  })
})

describe('the production createHost', () => {
  it('shows no outcome and pays through its backend, even with testOutcomes smuggled in', async () => {
    const o = outcomes()
    const t = rig({
      production: true,
      host: { backend: o.backend, testOutcomes: o.testOutcomes } as Partial<HostOptions>,
    })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    const dialog = await until(() => t.dialog())
    expect(dialog.querySelector('[data-test-outcomes]')).toBeNull()
    expect(dialog.querySelectorAll('input[type=radio]')).toHaveLength(0)
    t.pressEscape()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
    expect(o.chosen).toEqual([])
  })
})
