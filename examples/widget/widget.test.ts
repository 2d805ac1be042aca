// An example widget test with the test kit: the real SDK and host over the real protocol.
import { createTestHost, type TestHost } from 'platform-widget-sdk/testing'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { buyPro, connectProfile, openSettings } from './widget.js'

describe('the example widget', () => {
  let kit: TestHost
  const sent: string[] = []
  const send = async (token: string) => {
    sent.push(token)
  }

  beforeEach(() => {
    sent.length = 0
    kit = createTestHost({ products: [{ key: 'pro', title: 'Pro', price: 1_000_000 }] })
  })
  afterEach(() => kit.destroy())

  it('asks for the profile scope only and sends the token to its backend', async () => {
    await expect(connectProfile(send)).resolves.toBe('connected')
    expect(kit.requestedScopes).toEqual([['provider.profile.read']])
    expect(sent).toEqual([kit.backend.tokens[0]?.token])
    expect(kit.dialogs).toEqual([{ kind: 'consent', answer: 'confirm' }])
  })

  it('reports "declined" when the doctor closes the consent window', async () => {
    kit.next('consent', 'close')
    await expect(connectProfile(send)).resolves.toBe('declined')
    expect(kit.backend.tokens).toEqual([])
  })

  it('handles success, cancel and a declined card', async () => {
    await connectProfile(send)
    await expect(buyPro()).resolves.toMatch(/^paid rcpt_/)
    kit.next('payment', 'cancel')
    await expect(buyPro()).resolves.toBe('cancelled')
    kit.backend.behavior.pay = 'decline'
    await expect(buyPro()).resolves.toBe('failed: Payment declined')
    expect(kit.backend.charges).toHaveLength(1)
  })

  it('opens the settings page in a new tab, on the doctor’s click', async () => {
    await connectProfile(send)
    // A new tab opens only on a click in the widget: the browser's activation, as after a click.
    Object.defineProperty(navigator, 'userActivation', {
      value: { isActive: true, hasBeenActive: true },
      configurable: true,
    })
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'userActivation')
    })
    await openSettings()
    expect(kit.redirects).toEqual([
      { url: 'https://panel.test/settings/widgets', newContext: true },
    ])
  })
})
