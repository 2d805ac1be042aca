import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { HostOptions, Violation } from '../src/host/index.js'
import { createPlatform } from '../src/sdk/index.js'
import { PANEL, quietIframeErrors, ReusablePortMessenger, rig, until } from './support/index.js'

/** happy-dom loads no frame: a mounted iframe gets a stand-in window that drops what is posted. */
function standInFrames() {
  const quiet = quietIframeErrors()
  const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get: () => ({ postMessage() {} }),
  })
  onTestFinished(() => {
    quiet()
    if (descriptor) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', descriptor)
  })
}

describe('a widget whose hidden frame takes focus from a dialog', () => {
  it('is unmounted, reported to the panel, and its dialogs cool down; the dialog stays', async () => {
    standInFrames()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const violations: Violation[] = []
    const t = rig({
      host: { intentDelay: 500, onViolation: (v) => violations.push(v) },
    })
    await t.init()
    // The thief: another widget, mounted in the panel page.
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    const thief = t.host.mount(slot, 'other')
    // The victim's dialog: the thief's frame is hidden behind it.
    const paying = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    expect(thief.iframe.style.display).toBe('none')
    // What WebKit lets a frame the user clicked before do: it becomes the active element, again
    // and again (the first, so soon after the dialog opened, could have been the user's click).
    const active = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(thief.iframe)
    window.dispatchEvent(new Event('blur'))
    expect(violations).toEqual([])
    window.dispatchEvent(new Event('blur'))
    active.mockRestore()
    expect(violations).toEqual([{ app_key: 'other', kind: 'focus-theft' }])
    expect(thief.iframe.isConnected).toBe(false)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('other: took focus from a dialog'))
    // The victim's dialog is untouched: its owner can still answer it.
    expect(t.dialog()?.getAttribute('data-kind')).toBe('payment')
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
    // Its place in the panel is freed as the dialog closes.
    expect(slot.querySelector('iframe, [data-platform-frame-placeholder]')).toBeNull()
    // Mounted again, the thief's dialog requests are refused for the cool-down.
    const { port1, port2 } = new MessageChannel()
    onTestFinished(() => {
      port1.close()
      port2.close()
    })
    t.host.connect('other', () => new ReusablePortMessenger(port1))
    const again = createPlatform({
      trustedOrigins: [PANEL],
      messenger: () => new ReusablePortMessenger(port2),
      handshakeTimeout: 1000,
    })
    onTestFinished(again.destroy)
    await again.initialize({ app_key: 'other' })
    // What the doctor may read names no cause the doctor did not see (no dialog was closed).
    await expect(again.sms.charge()).rejects.toMatchObject({
      code: 'DIALOG_COOLDOWN',
      message: expect.stringMatching(
        /^This widget's windows are paused for a while\. Try again in \d+ seconds\.$/,
      ),
    })
  })

  it('a listener that throws does not stop the host ending the widget', async () => {
    standInFrames()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const reported = vi.fn()
    vi.stubGlobal('reportError', reported)
    onTestFinished(() => {
      vi.unstubAllGlobals()
      vi.restoreAllMocks()
    })
    const t = rig({
      host: {
        intentDelay: 500,
        onViolation: () => {
          throw new Error('panel bug')
        },
      },
    })
    await t.init()
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    const thief = t.host.mount(slot, 'other')
    void t.platform.sms.charge().catch(() => {})
    await until(() => t.dialog())
    const active = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(thief.iframe)
    window.dispatchEvent(new Event('blur'))
    window.dispatchEvent(new Event('blur'))
    active.mockRestore()
    expect(thief.iframe.isConnected).toBe(false)
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'panel bug' }))
  })
})

describe('a widget mounted while a dialog is open', () => {
  /** A payment dialog open, then another widget mounted by the panel (a late slot, a route). */
  async function mountedUnderADialog(host: Partial<HostOptions>) {
    standInFrames()
    const t = rig({ host: { intentDelay: 500, ...host } })
    await t.init()
    const paying = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    return { t, paying, slot, late: t.host.mount(slot, 'other') }
  }

  it('is out of the page until the dialog closes, and caught if it takes focus', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const violations: Violation[] = []
    const { t, paying, slot, late } = await mountedUnderADialog({
      onViolation: (v) => violations.push(v),
    })
    expect(late.iframe.style.display).toBe('none')
    expect(late.iframe.inert).toBe(true)
    expect(slot.querySelector('[data-platform-frame-placeholder]')).not.toBeNull()
    // Past the first grab's grace, the frame taking focus is the thief the dialog guards against.
    const active = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(late.iframe)
    window.dispatchEvent(new Event('blur'))
    window.dispatchEvent(new Event('blur'))
    active.mockRestore()
    expect(violations).toEqual([{ app_key: 'other', kind: 'focus-theft' }])
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('is shown again, where it was, when the dialog closes', async () => {
    const { t, paying, slot, late } = await mountedUnderADialog({})
    expect(late.iframe.style.display).toBe('none')
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
    expect(late.iframe.style.display).toBe('block')
    expect(late.iframe.inert).toBe(false)
    expect(slot.querySelector('[data-platform-frame-placeholder]')).toBeNull()
    late.unmount()
  })
})
