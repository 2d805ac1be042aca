import { afterEach, describe, expect, it, vi } from 'vitest'
import { rig, until } from './support/index.js'

// A listener is someone else's code: when it throws, the call that emitted the result keeps its
// result, the listeners after it still run, and the error is reported, not swallowed.
describe('a throwing listener', () => {
  const reported: unknown[] = []
  const original = globalThis.reportError
  afterEach(() => {
    globalThis.reportError = original
    reported.length = 0
  })
  const capture = () => {
    globalThis.reportError = (error: unknown) => reported.push(error)
  }

  it('on the host: the charged payment still resolves SUCCESS, once, and later listeners run', async () => {
    capture()
    const t = rig()
    await t.init()
    const later = vi.fn()
    t.host.on('PLATFORM_PAYMENT_SUCCESS', () => {
      throw new Error('audit failed')
    })
    t.host.on('PLATFORM_PAYMENT_SUCCESS', later)
    const widgetSeen = vi.fn()
    t.platform.on('PLATFORM_PAYMENT_SUCCESS', widgetSeen)
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await expect(result).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(t.backend.charges).toHaveLength(1)
    expect(later).toHaveBeenCalledTimes(1)
    expect(widgetSeen).toHaveBeenCalledTimes(1)
    expect(reported).toEqual([expect.objectContaining({ message: 'audit failed' })])
    t.cleanup()
  })

  it('in the widget: pay() still resolves SUCCESS, once, and later listeners run', async () => {
    capture()
    const t = rig()
    await t.init()
    const later = vi.fn()
    t.platform.on('PLATFORM_PAYMENT_SUCCESS', () => {
      throw new TypeError('widget bug')
    })
    t.platform.on('PLATFORM_PAYMENT_SUCCESS', later)
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    await expect(result).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(t.backend.charges).toHaveLength(1)
    expect(later).toHaveBeenCalledTimes(1)
    expect(reported).toEqual([expect.objectContaining({ message: 'widget bug' })])
    t.cleanup()
  })

  it('is reported with console.error where reportError does not exist', async () => {
    // @ts-expect-error: a browser without reportError
    globalThis.reportError = undefined
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const t = rig()
    await t.init()
    t.platform.on('PLATFORM_SMS_ACTIVATE_SUCCESS', () => {
      throw new Error('boom')
    })
    const result = t.platform.sms.activate()
    await until(() => t.dialog())
    t.button('Activate')!.click()
    await expect(result).resolves.toMatchObject({ event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' })
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }))
    error.mockRestore()
    t.cleanup()
  })
})
