import type { Messenger } from 'penpal'
import { describe, expect, it, vi } from 'vitest'
import { PlatformError } from '../src/events/index.js'
import { link, ready } from '../src/sdk/bridge.js'
import { rig, until } from './support/index.js'

describe('SDK ↔ host over a MessageChannel', () => {
  it('initializes and tells the widget its context and locale', async () => {
    const t = rig()
    await expect(t.platform.initialize({ app_key: 'demo' })).resolves.toMatchObject({
      app_key: 'demo',
      context: 'doctor-panel',
      locale: 'en',
    })
    t.cleanup()
  })

  it('rebuilds host errors as PlatformError with code and field', async () => {
    const t = rig()
    await t.platform.initialize({ app_key: 'demo' })
    const error = await t.platform
      .getSessionToken({ scope: ['provider.profile.read', 'nope' as never] })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'scope[1]' })
    expect(error.message).toContain('nope')
    t.cleanup()
  })

  it('issues a token after consent, and reuses consent for a subset', async () => {
    const t = rig()
    await t.platform.initialize({ app_key: 'demo' })
    const token = t.platform.getSessionToken({
      scope: ['provider.profile.read', 'provider.appointment.read'],
    })
    await until(() => t.button('Allow'))
    t.button('Allow')!.click()
    await expect(token).resolves.toMatch(/^st_/)
    await expect(t.platform.getSessionToken({ scope: ['provider.profile.read'] })).resolves.toMatch(
      /^st_/,
    )
    expect(t.dialog()).toBeNull()
    expect(t.backend.tokens.map((x) => x.scopes)).toEqual([
      ['provider.profile.read', 'provider.appointment.read'],
      ['provider.profile.read'],
    ])
    t.cleanup()
  })

  it('rejects with CONNECTION_CLOSED when the host is destroyed mid-call', async () => {
    const t = rig()
    await t.platform.initialize({ app_key: 'demo' })
    const token = t.platform.getSessionToken({ scope: ['provider.profile.read'] }).catch((e) => e)
    await until(() => t.dialog())
    t.host.destroy()
    expect(await token).toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(t.dialog()).toBeNull()
    t.cleanup()
  })
})

describe('the bridge’s own deadlines (src/sdk/bridge.ts)', () => {
  /** A messenger whose host answers the handshake and then never replies. */
  const silentHost = () => {
    const sent: { type: string; id?: number }[] = []
    let deliver: (message: unknown) => void = () => {}
    const messenger = {
      initialize() {},
      sendMessage: (message: { type: string; id?: number }) => void sent.push(message),
      addMessageHandler: (handler: (message: unknown) => void) => {
        deliver = handler
      },
      removeMessageHandler() {},
      destroy() {},
    } as unknown as Messenger
    return { messenger, sent, reply: (m: Record<string, unknown>) => deliver(m) }
  }

  it('rejects each unanswered call with TIMEOUT at its own deadline, on one timer', async () => {
    vi.useFakeTimers()
    try {
      const host = silentHost()
      const connection = link(host.messenger)
      host.reply({ namespace: 'penpal', type: 'ACK1', methodPaths: [] })
      const bridge = await ready(connection, 1000)
      const slow = bridge.call('getSessionToken', { scope: [] }, 300).catch((e) => e)
      const fast = bridge.call('profile', { action: 'add' }, 100).catch((e) => e)
      expect(vi.getTimerCount()).toBe(1)
      await vi.advanceTimersByTimeAsync(100)
      await expect(fast).resolves.toMatchObject({
        code: 'TIMEOUT',
        message: 'profile() got no answer in 100 ms',
      })
      expect(vi.getTimerCount()).toBe(1)
      await vi.advanceTimersByTimeAsync(200)
      await expect(slow).resolves.toMatchObject({ code: 'TIMEOUT' })
      expect(vi.getTimerCount()).toBe(0)
      // A reply after the deadline settles nothing.
      const call = host.sent.find((m) => m.type === 'CALL')
      host.reply({ namespace: 'penpal', type: 'REPLY', callId: call?.id, value: { ok: true } })
      bridge.destroy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('is ready on ACK1 and owes ACK2 until the next task, or until the first CALL, once', async () => {
    vi.useFakeTimers()
    try {
      const types = (host: ReturnType<typeof silentHost>) => host.sent.map((m) => m.type)
      // Nothing calls: ACK2 goes in the next task.
      const idle = silentHost()
      const first = link(idle.messenger)
      idle.reply({ namespace: 'penpal', type: 'ACK1', methodPaths: [] })
      const quiet = await ready(first, 1000)
      expect(types(idle)).toEqual(['SYN'])
      await vi.advanceTimersByTimeAsync(0)
      expect(types(idle)).toEqual(['SYN', 'ACK2'])
      quiet.destroy()
      // A call as soon as it is ready: ACK2 goes first, on the same port, and not again.
      const busy = silentHost()
      const second = link(busy.messenger)
      busy.reply({ namespace: 'penpal', type: 'ACK1', methodPaths: [] })
      const bridge = await ready(second, 1000)
      void bridge.call('profile', { action: 'add' }, 100).catch(() => {})
      expect(types(busy)).toEqual(['SYN', 'ACK2', 'CALL'])
      await vi.advanceTimersByTimeAsync(0)
      expect(types(busy)).toEqual(['SYN', 'ACK2', 'CALL'])
      bridge.destroy()
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('destroy rejects what is pending with CONNECTION_CLOSED and leaves no timer', async () => {
    vi.useFakeTimers()
    try {
      const host = silentHost()
      const connection = link(host.messenger)
      host.reply({ namespace: 'penpal', type: 'ACK1', methodPaths: [] })
      const bridge = await ready(connection, 1000)
      const pending = bridge.call('profile', { action: 'add' }, 100).catch((e) => e)
      bridge.destroy()
      await expect(pending).resolves.toMatchObject({ code: 'CONNECTION_CLOSED' })
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
