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

/** `frame` becomes the panel's active element, and the window blurs, `times` times. */
function focusedByScript(frame: HTMLElement, times: number) {
  const active = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(frame)
  for (let i = 0; i < times; i++) window.dispatchEvent(new Event('blur'))
  active.mockRestore()
}

/** A pointerdown in `target` as the user's: happy-dom lets a test set `isTrusted`. */
function userPress(target: Element) {
  const event = new PointerEvent('pointerdown', { bubbles: true, composed: true })
  Object.defineProperty(event, 'isTrusted', { value: true })
  target.dispatchEvent(event)
}

const note = (dialog: Element | null | undefined) =>
  dialog?.querySelector<HTMLElement>('p[role=status]') ?? undefined

describe('a hidden widget frame focused by script while a dialog is open', () => {
  // Any frame can focus another (`parent.frames[i].focus()`): the focused frame's widget may be
  // innocent, so nothing is done to it; the dialog keeps the keys and pauses.
  it('is put back and stays mounted, unreported and not cooled down; the dialog pauses, saying why', async () => {
    standInFrames()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const violations: Violation[] = []
    const t = rig({
      host: { intentDelay: 500, dev: true, onViolation: (v) => violations.push(v) },
    })
    await t.init()
    // Another widget, mounted in the panel page: its frame is hidden behind the dialog.
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    const focused = t.host.mount(slot, 'other')
    const paying = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    expect(focused.iframe.style.display).toBe('none')
    const confirm = t.dialog()!.querySelector('[data-action=confirm]')!
    expect(note(t.dialog())?.hidden).toBe(true)
    // The first, within the intent delay of the opening, could be a double-click's second press:
    // only put back.
    focusedByScript(focused.iframe, 1)
    expect(note(t.dialog())?.hidden).toBe(true)
    // Again, and again.
    focusedByScript(focused.iframe, 3)
    expect(focused.iframe.isConnected).toBe(true)
    expect(violations).toEqual([])
    expect(note(t.dialog())).toMatchObject({
      hidden: false,
      textContent: expect.stringMatching(/took the keyboard from this window/),
    })
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    expect(confirm.getAttribute('aria-describedby')).toBe(note(t.dialog())?.id)
    // The console names the frame, once, as focused: not as the one that did it.
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('other: its hidden frame was focused'),
    )
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('unmounted'))
    // The widget's owner can still answer its dialog.
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
    expect(focused.iframe.style.display).toBe('block')
    // Its dialogs are not cooled down: the focused widget asks, and a dialog opens.
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
    const charging = again.sms.charge()
    await until(() => t.dialog()?.getAttribute('data-kind') === 'sms-charge')
    t.pressEscape()
    await expect(charging).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
    expect(violations).toEqual([])
  })

  it('keeps the confirm paused until the user presses in the dialog, then counts the delay again', async () => {
    standInFrames()
    const t = rig({ host: { intentDelay: 500 } })
    await t.init()
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    const focused = t.host.mount(slot, 'other')
    const paying = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    const dialog = t.dialog()!
    const confirm = dialog.querySelector('[data-action=confirm]')!
    const wait = dialog.querySelector<HTMLElement>('.wait:not([role])')!
    focusedByScript(focused.iframe, 2)
    expect(note(dialog)?.hidden).toBe(false)
    // A script's click or key, in the panel or dispatched at the dialog, does not end it.
    dialog.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }))
    expect(note(dialog)?.hidden).toBe(false)
    // Past the delay, still paused: only the user ends it.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    // The user's press: the note goes, "not active yet" shows, and the delay counts from here.
    userPress(t.dialog()!.querySelector('h2')!)
    expect(note(dialog)).toMatchObject({ hidden: true, textContent: '' })
    expect(wait.hidden).toBe(false)
    expect(confirm.getAttribute('aria-describedby')).toBe(wait.id)
    await until(() => !confirm.hasAttribute('aria-disabled'), 2000)
    // Paused again by another focus; a press on the confirm itself ends the pause, not confirms.
    focusedByScript(focused.iframe, 1)
    expect(note(dialog)?.hidden).toBe(false)
    userPress(confirm)
    ;(confirm as HTMLButtonElement).click()
    expect(t.dialog()).toBe(dialog)
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
  })

  it('is said in Persian too', async () => {
    standInFrames()
    const t = rig({ host: { locale: 'fa', intentDelay: 500 } })
    await t.init()
    const slot = document.createElement('div')
    document.body.append(slot)
    onTestFinished(() => slot.remove())
    const focused = t.host.mount(slot, 'other')
    const paying = t.platform.payment.pay({ product_key: 'pro' })
    await until(() => t.dialog())
    focusedByScript(focused.iframe, 2)
    expect(note(t.dialog())?.textContent).toMatch(/صفحه‌کلید/)
    t.pressEscape()
    await expect(paying).resolves.toMatchObject({ event: 'PLATFORM_PAYMENT_CANCEL' })
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

  it('is out of the page until the dialog closes; focused by script, it is put back and the dialog pauses', async () => {
    const violations: Violation[] = []
    const { t, paying, slot, late } = await mountedUnderADialog({
      onViolation: (v) => violations.push(v),
    })
    expect(late.iframe.style.display).toBe('none')
    expect(late.iframe.inert).toBe(true)
    expect(slot.querySelector('[data-platform-frame-placeholder]')).not.toBeNull()
    // Past the first grab's grace, the dialog guards the late frame as it guards the others.
    focusedByScript(late.iframe, 2)
    expect(note(t.dialog())?.hidden).toBe(false)
    expect([violations, late.iframe.isConnected]).toEqual([[], true])
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
