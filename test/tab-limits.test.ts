import { describe, expect, it, onTestFinished } from 'vitest'
import { ErrorCode, type PlatformError } from '../src/events/index.js'
import { memoryTabStore } from '../src/host-kit/tab-limits.js'
import { rig, until } from './support/index.js'

/**
 * A widget that sends the panel to another page of the tab (`redirect.dispatch` to its own
 * `/panel/apps/…`, a reload) meets a new host: its cool-down, dismissals and profile purges carry
 * over. Each rig below is one panel page; two rigs on one store are one tab.
 */

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: PlatformError) => e.code,
  )

/** Dismisses three of the widget's payment dialogs with Esc. */
async function dismissThree(t: ReturnType<typeof rig>) {
  for (let i = 0; i < 3; i++) {
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.pressEscape()
    await paid
  }
}

describe('limits across the panel’s pages in one tab', () => {
  it('the next page refuses the widget’s dialogs with DIALOG_COOLDOWN', async () => {
    const tabs = memoryTabStore()
    const first = rig({ tabs })
    await first.init()
    await dismissThree(first)
    first.cleanup()
    const next = rig({ tabs })
    await next.init()
    expect(await codeOf(next.platform.payment.pay({ product_key: 'pro' }))).toBe(
      ErrorCode.DIALOG_COOLDOWN,
    )
    expect(next.dialog()).toBeNull()
  })

  it('the production host keeps them in the panel origin’s localStorage: another tab finds them', async () => {
    sessionStorage.clear()
    localStorage.clear()
    onTestFinished(() => {
      sessionStorage.clear()
      localStorage.clear()
    })
    const first = rig({ production: true })
    await first.init()
    // The production delay: each dialog's Esc still counts as a dismissal.
    await dismissThree(first)
    first.cleanup()
    // Another tab of the panel: an empty sessionStorage, the origin's localStorage.
    sessionStorage.clear()
    const next = rig({ production: true })
    await next.init()
    expect(await codeOf(next.platform.getSessionToken({ scope: ['provider.profile.read'] }))).toBe(
      ErrorCode.DIALOG_COOLDOWN,
    )
  })

  it('a test panel of its own starts fresh (each test panel is a panel of its own)', async () => {
    const first = rig()
    await first.init()
    await dismissThree(first)
    first.cleanup()
    const other = rig()
    await other.init()
    const paid = other.platform.payment.pay({ product_key: 'pro' })
    await until(() => other.dialog())
    other.pressEscape()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('refreshProfile on the next page waits for the interval the last page’s purge started', async () => {
    const tabs = memoryTabStore()
    const first = rig({ tabs })
    await first.init()
    await expect(first.platform.widget.refreshProfile()).resolves.toEqual({ refreshed: true })
    expect(first.backend.profilePurges).toBe(1)
    first.cleanup()
    const next = rig({ tabs, backend: first.backend })
    await next.init()
    let answered = false
    next.platform.widget.refreshProfile().then(
      () => {
        answered = true
      },
      () => undefined,
    )
    await until(() => next.calls.includes('profile'))
    await new Promise((r) => setTimeout(r, 200))
    // Held for the rest of the 10 s: no second purge, no answer.
    expect(first.backend.profilePurges).toBe(1)
    expect(answered).toBe(false)
  })
})
