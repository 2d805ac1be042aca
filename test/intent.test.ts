import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { ErrorCode, type PlatformError } from '../src/events/index.js'
import { createHost } from '../src/host/index.js'
import { createSlot } from '../src/host-kit/dialog/slot.js'
import { createMemoryBackend } from '../src/testing/index.js'
import { flush, PANEL, rawPeer, rig, until, WIDGETS } from './support/index.js'

/**
 * In the unit rig: the intent delay, back-off, fairness, flood limits, one origin per
 * widget and bidi-safe names. The e2e suite (e2e/hostile-widget.spec.ts) runs the same attacks
 * with real clicks and the real 500 ms delay.
 */

const DELAY = 150
const confirmOf = (t: ReturnType<typeof rig>) =>
  t.dialog()!.querySelector<HTMLButtonElement>('[data-action=confirm]')!
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: PlatformError) => e.code,
  )

describe('intent: the confirm button waits until the dialog has been seen', () => {
  it('ignores clicks before the delay, says so accessibly, and works after it', async () => {
    const t = rig({ host: { intentDelay: DELAY } })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const confirm = confirmOf(t)
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    const hint = t.dialog()!.querySelector(`#${confirm.getAttribute('aria-describedby')}`)
    expect(hint?.textContent).toMatch(/Not active yet/)
    confirm.click()
    await flush(10)
    expect(t.backend.charges).toEqual([])
    expect(t.dialog()).not.toBeNull()
    await until(() => !confirm.hasAttribute('aria-disabled'))
    expect(confirm.hasAttribute('aria-describedby')).toBe(false)
    confirm.click()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
    expect(t.backend.charges).toHaveLength(1)
  })

  it('does not count a press that began before the button was active', async () => {
    const t = rig({ host: { intentDelay: DELAY } })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const confirm = confirmOf(t)
    confirm.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await until(() => !confirm.hasAttribute('aria-disabled'))
    confirm.click() // the release of the early press
    await flush(10)
    expect(t.backend.charges).toEqual([])
    confirm.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    confirm.click()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
  })

  it('Cancel works at once', async () => {
    const t = rig({ host: { intentDelay: DELAY } })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Cancel')!.click()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('a new dialog does not show within the delay after the previous one closed', async () => {
    const t = rig({ host: { intentDelay: DELAY } })
    await t.init()
    const first = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    // Taken before the Esc that closes it: the host's own close time is never earlier, whatever
    // the reply's trip back to the widget costs under load.
    const closed = performance.now()
    t.pressEscape()
    await first
    const second = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    expect(performance.now() - closed).toBeGreaterThanOrEqual(DELAY - 5)
    t.pressEscape()
    await second
  })

  it('names the widget and its origin in a band the host draws', async () => {
    const t = rig({ host: { locale: 'fa' } })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const from = t.dialog()!.querySelector('[data-from]')!
    expect(from.textContent).toBe('درخواست از طرف Demo <b>widget</b> · widget.example')
    expect([...from.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
      'Demo <b>widget</b>',
      'widget.example',
    ])
    t.pressEscape()
    await paid
  })
})

describe('back-off and fairness', () => {
  it('cools a widget down after 3 dismissals in a minute, then lets it ask again', async () => {
    const t = rig({ host: { limits: { cooldown: 200 } } })
    await t.init()
    for (let i = 0; i < 3; i++) {
      const paid = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.dialog())
      t.pressEscape()
      await paid
    }
    const refused = codeOf(t.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    expect(await refused).toBe(ErrorCode.DIALOG_COOLDOWN)
    expect(await codeOf(t.platform.payment.pay({ product_key: 'pro' }))).toBe(
      ErrorCode.DIALOG_COOLDOWN,
    )
    expect(t.dialog()).toBeNull()
    await flush(250)
    const again = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.pressEscape()
    expect(await again).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('a confirm forgives the dismissals so far', async () => {
    const t = rig()
    await t.init()
    for (const answer of ['cancel', 'cancel', 'confirm', 'cancel', 'cancel']) {
      const paid = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.dialog())
      t.dialog()!.querySelector<HTMLButtonElement>(`[data-action=${answer}]`)!.click()
      await paid
    }
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.pressEscape()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('one pending consent per widget: the second is refused at once', async () => {
    const t = rig()
    await t.init()
    const first = codeOf(t.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    await until(() => t.dialog())
    expect(await codeOf(t.platform.getSessionToken({ scope: ['provider.appointment.read'] }))).toBe(
      ErrorCode.DIALOG_BUSY,
    )
    t.pressEscape()
    expect(await first).toBe(ErrorCode.USER_CLOSED_POPUP)
  })

  it('the slot gives the next turn to another widget before the holder’s own next request', async () => {
    const slot = createSlot()
    const signal = new AbortController().signal
    const order: string[] = []
    const releaseA = await slot.acquire({ queue: true, signal, timeout: 1000, owner: 'a' })
    const a2 = slot.acquire({ queue: true, signal, timeout: 1000, owner: 'a' }).then((release) => {
      order.push('a')
      release()
    })
    const b1 = slot.acquire({ queue: true, signal, timeout: 1000, owner: 'b' }).then((release) => {
      order.push('b')
      release()
    })
    releaseA()
    await Promise.all([a2, b1])
    expect(order).toEqual(['b', 'a'])
  })
})

describe('flood control', () => {
  it('refuses calls beyond 16 in flight with RATE_LIMITED, before any work', async () => {
    const t = rig()
    let lookups = 0
    t.backend.lookupReceipt = () => {
      lookups++
      return new Promise(() => {})
    }
    await t.init()
    const calls = Array.from({ length: 20 }, (_, i) =>
      codeOf(t.platform.payment.pay({ receipt_id: `r-${i}` })),
    )
    const refused = await Promise.all(calls.slice(16))
    expect(refused).toEqual(Array(4).fill(ErrorCode.RATE_LIMITED))
    expect(lookups).toBe(16)
  })

  it('refuses calls beyond the per-second limit, and answers only so many refusals', async () => {
    // The limits count whole seconds of Date.now(): hold the clock inside one.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.UTC(2026, 0, 1, 0, 0, 0, 100))
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const t = await rawPeer({ host: { limits: { perSecond: 3, refusalsPerSecond: 2 } } })
    await t.call('initialize', { app_key: 'demo', protocol: 1 })
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('redirect', { path: '/x' }, 300).then(
          (r) => ((r as { ok: boolean; error?: { code: string } }).ok ? 'ok' : 'refused'),
          () => 'no answer',
        ),
      ),
    )
    // initialize took one of the 3 calls of this second.
    expect(outcomes).toEqual(['ok', 'ok', 'refused', 'refused', 'no answer', 'no answer'])
    expect(t.navigations).toHaveLength(2)
  })

  it('shares identical backend look-ups in flight', async () => {
    const t = rig()
    let lookups = 0
    let answer!: (receipt: { title: string; amount: number }) => void
    t.backend.lookupReceipt = () => {
      lookups++
      return new Promise((resolve) => {
        answer = resolve
      })
    }
    await t.init()
    const calls = [1, 2, 3].map(() =>
      t.platform.payment.pay({ receipt_id: 'same' }).catch(() => {}),
    )
    await until(() => lookups > 0)
    await flush(10)
    expect(lookups).toBe(1)
    answer({ title: 'Visit', amount: 1000 })
    await until(() => t.dialog())
    t.pressEscape()
    await Promise.all(calls)
  })
})

describe('the registry', () => {
  it('refuses two widgets on one origin', () => {
    let error: PlatformError | undefined
    try {
      createHost({
        context: 'doctor-panel',
        backend: createMemoryBackend(),
        panelOrigin: PANEL,
        widgets: [WIDGETS[0]!, { ...WIDGETS[1]!, url: 'https://widget.example/other' }],
      })
    } catch (e) {
      error = e as PlatformError
    }
    expect(error).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, field: 'url' })
    expect(error?.message).toMatch(/already the origin of demo/)
  })

  it('removes bidi controls from names and titles, and isolates them in the dialog', async () => {
    const t = rig({
      widgets: [
        {
          ...WIDGETS[0]!,
          name: 'Clinic\u202E (no data is shared) \u202C\u2066x\u2069',
          products: [{ key: 'pro', title: 'Refund \u202E(0 Rials)\u202C', price: 9_900_000 }],
        },
        WIDGETS[1]!,
      ],
    })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const text = t.dialog()!.textContent ?? ''
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    expect(t.dialog()!.querySelector('[data-from] bdi')?.textContent).toBe(
      'Clinic (no data is shared) x',
    )
    expect(t.dialog()!.querySelector('td bdi')?.textContent).toBe('Refund (0 Rials)')
    t.pressEscape()
    await paid
  })
})
