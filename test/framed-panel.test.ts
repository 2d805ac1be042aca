import { afterEach, describe, expect, it } from 'vitest'
import { type RigOptions, rig, until } from './support/index.js'

const EVIL = 'https://evil.example'
const PORTAL = 'https://portal.example'

/**
 * Makes the test window look framed: a parent of another origin, named by `ancestorOrigins`
 * (as Chromium and WebKit do), or unreadable and unnamed (as a browser without it).
 */
function frameThePanel(ancestor: string | null) {
  const parent = {
    location: {
      get origin(): string {
        throw new DOMException('Blocked a frame', 'SecurityError')
      },
    },
  } as unknown as Window & { parent: Window }
  parent.parent = parent
  Object.defineProperty(window, 'parent', { value: parent, configurable: true })
  if (ancestor !== null) {
    Object.defineProperty(window.location, 'ancestorOrigins', {
      value: { length: 1, item: () => ancestor },
      configurable: true,
    })
  }
}

const saved = {
  parent: Object.getOwnPropertyDescriptor(window, 'parent'),
  ancestorOrigins: Object.getOwnPropertyDescriptor(window.location, 'ancestorOrigins'),
}
afterEach(() => {
  const restore = (target: object, key: keyof typeof saved) => {
    const descriptor = saved[key]
    if (descriptor) Object.defineProperty(target, key, descriptor)
    else Reflect.deleteProperty(target, key)
  }
  restore(window, 'parent')
  restore(window.location, 'ancestorOrigins')
})

type Rig = ReturnType<typeof rig>
const dialogCalls: [string, (t: Rig) => Promise<unknown>][] = [
  ['getSessionToken', (t) => t.platform.getSessionToken({ scope: ['provider.profile.read'] })],
  ['payment.pay', (t) => t.platform.payment.pay({ product_key: 'pro' })],
  ['payment.subscribe', (t) => t.platform.payment.subscribe({ plan_key: 'monthly' })],
  ['sms.activate', (t) => t.platform.sms.activate()],
  ['sms.charge', (t) => t.platform.sms.charge()],
  ['openLink', (t) => t.platform.openLink({ url: 'https://accounts.example/consent' })],
]

describe('a panel page framed by another site shows no dialog', () => {
  it.each(dialogCalls)('%s rejects with PANEL_FRAMED and no dialog opens', async (_, call) => {
    frameThePanel(EVIL)
    const t = rig({ host: { intentDelay: 500 } })
    await t.init()
    await expect(call(t)).rejects.toMatchObject({ code: 'PANEL_FRAMED' })
    expect(t.dialog()).toBeNull()
    expect([t.backend.charges, t.backend.tokens, t.windows]).toEqual([[], [], []])
  })

  it('names the framing origin to the developer and says it in the panel locale to the doctor', async () => {
    frameThePanel(EVIL)
    const t = rig({ host: { locale: 'fa' } })
    await t.init()
    const error = await t.platform.payment.pay({ product_key: 'pro' }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'PANEL_FRAMED',
      message: expect.stringContaining('درون سایت دیگری'),
    })
  })

  it.each<[string, string | null, RigOptions['host']]>([
    ['unnamed by the browser, even with frameAncestors', null, { frameAncestors: [PORTAL] }],
    ['named, not listed', EVIL, { frameAncestors: [PORTAL] }],
  ])('refuses when the framing origin is %s', async (_, ancestor, host) => {
    frameThePanel(ancestor)
    const t = rig({ host })
    await t.init()
    await expect(t.platform.sms.charge()).rejects.toMatchObject({ code: 'PANEL_FRAMED' })
  })

  it('shows the dialog when frameAncestors lists the framing origin', async () => {
    frameThePanel(PORTAL)
    const t = rig({ host: { frameAncestors: [`${PORTAL}/`] } })
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    t.button('Pay 1,250,000 Rials')!.click()
    expect(await result).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS' })
  })

  it.each([['https://portal.example/path'], ['not an origin'], ['https://portal.example?x']])(
    'createHost refuses frameAncestors entry %s with INVALID_ARGUMENT',
    (entry) => {
      expect(() => rig({ host: { frameAncestors: [PORTAL, entry] } })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'frameAncestors[1]' }),
      )
    },
  )

  it('a top-level panel is not affected', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.sms.activate()
    await until(() => t.dialog())
    expect(t.dialog()?.getAttribute('data-kind')).toBe('sms-activate')
    t.pressEscape()
    await expect(result).resolves.toMatchObject({ event: 'PLATFORM_SMS_ACTIVATE_CANCEL' })
  })
})
