import { describe, expect, it } from 'vitest'
import { PlatformError } from '../src/events/index.js'
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
