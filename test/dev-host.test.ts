import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HostOptions } from '../src/host/index.js'
import * as hostEntry from '../src/host/index.js'
import { createDevHost, createMemoryBackend, createTestHost } from '../src/testing/index.js'
import { flush, PANEL, rig, until, WIDGETS } from './support/index.js'

/**
 * The options that switch a defence off (`intentDelay`, `limits`) are not
 * production `createHost` options. Only the test kit's door (`createTestHost`, `createDevHost`)
 * takes them, and the development host says so on the console.
 */

const confirmOf = (t: ReturnType<typeof rig>) =>
  t.dialog()!.querySelector<HTMLButtonElement>('[data-action=confirm]')!

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the production createHost', () => {
  it('ignores an intentDelay smuggled past the types: the confirm still waits', async () => {
    const t = rig({ production: true, host: { intentDelay: 0 } as Partial<HostOptions> })
    await t.init()
    const paid = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const confirm = confirmOf(t)
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    confirm.click()
    await flush(10)
    expect(t.backend.charges).toEqual([])
    t.pressEscape()
    expect(await paid).toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('ignores smuggled limits: three dismissals still cool the widget down', async () => {
    const t = rig({
      production: true,
      host: { limits: { dismissals: 1e9 } } as Partial<HostOptions>,
    })
    await t.init()
    for (let i = 0; i < 3; i++) {
      const paid = t.platform.payment.pay({ product_key: 'pro' })
      await until(() => t.dialog(), 3000)
      t.pressEscape()
      await paid
    }
    const refused = await t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e.code)
    expect(refused).toBe('DIALOG_COOLDOWN')
  })

  it('is the only host factory of the ./host entry', () => {
    expect(Object.keys(hostEntry).filter((name) => /host/i.test(name))).toEqual(['createHost'])
    expect(hostEntry).not.toHaveProperty('createHostRelaxed')
  })
})

describe("the test kit's door", () => {
  it('createDevHost relaxes the delay and announces it once on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = createDevHost({
      context: 'doctor-panel',
      locale: 'en',
      widgets: WIDGETS,
      backend: createMemoryBackend(),
      panelOrigin: PANEL,
      intentDelay: 0,
      limits: { dismissals: 1e9 },
    })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /development mode \(createDevHost\): defences relaxed: confirm delay 0 ms, limits \{"dismissals":1000000000\}; a production panel uses createHost$/,
    )
    host.destroy()
  })

  it('createDevHost that relaxes nothing says so, with no empty {}', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = createDevHost({
      context: 'doctor-panel',
      locale: 'en',
      widgets: WIDGETS,
      backend: createMemoryBackend(),
      panelOrigin: PANEL,
    })
    expect(String(warn.mock.calls[0]![0])).toBe(
      '[platform host] development mode (createDevHost): no defence relaxed; a production panel uses createHost',
    )
    host.destroy()
  })

  it('createTestHost still confirms at once (intentDelay 0), announcing nothing', async () => {
    const warn = vi.spyOn(console, 'warn')
    const kit = createTestHost({ products: [{ key: 'pro', title: 'Pro', price: 1000 }] })
    await kit.platform.initialize({ app_key: 'test-widget' })
    expect(await kit.platform.payment.pay({ product_key: 'pro' })).toMatchObject({
      event: 'PLATFORM_PAYMENT_SUCCESS',
    })
    expect(warn).not.toHaveBeenCalled()
    kit.destroy()
  })
})
