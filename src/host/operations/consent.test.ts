import { describe, expect, it } from 'vitest'
import { confirmDialog, countDialogs, rig, WIDGETS } from '../../../test/support/index.js'
import type { HostContext } from '../../events/index.js'
import { strings } from '../i18n.js'

// `demo` with a patient's scope too, so the booking flow has something it may ask for.
const widgets = [
  { ...WIDGETS[0]!, scopes: [...WIDGETS[0]!.scopes, 'user.profile.read'] },
  ...WIDGETS.slice(1),
]

describe('getSessionToken by context', () => {
  it.each<[string[], string]>([
    [['provider.profile.read'], 'provider.profile.read'],
    [
      ['user.profile.read', 'provider.appointment.read', 'provider.profile.read'],
      'provider.appointment.read, provider.profile.read',
    ],
  ])('booking-flow refuses %j with INVALID_SCOPE before any dialog', async (scope, named) => {
    const t = rig({ context: 'booking-flow', widgets })
    const dialogs = countDialogs()
    await t.init()
    const error = await t.platform.getSessionToken({ scope }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'PlatformError', code: 'INVALID_SCOPE' })
    // The panel-locale message the other INVALID_SCOPE errors get, naming the scopes.
    const message = strings('en').errors.INVALID_SCOPE as (scopes?: string) => string
    expect((error as Error).message).toBe(message(named))
    expect(dialogs()).toBe(0)
    expect(t.backend.tokens).toHaveLength(0)
  })

  it('booking-flow names the scopes in Persian when the panel is in Persian', async () => {
    const t = rig({ context: 'booking-flow', widgets, host: { locale: 'fa' } })
    await t.init()
    const error = await t.platform
      .getSessionToken({ scope: ['provider.profile.read'] })
      .catch((e: unknown) => e)
    const message = strings('fa').errors.INVALID_SCOPE as (scopes?: string) => string
    expect((error as Error).message).toBe(message('provider.profile.read'))
  })

  it('booking-flow still asks for a user.* scope', async () => {
    const t = rig({ context: 'booking-flow', widgets })
    const dialogs = countDialogs()
    await t.init()
    const token = t.platform.getSessionToken({ scope: ['user.profile.read'] })
    await confirmDialog()
    await expect(token).resolves.toEqual(expect.any(String))
    expect(dialogs()).toBe(1)
    expect(t.backend.tokens).toMatchObject([{ app_key: 'demo', scopes: ['user.profile.read'] }])
  })

  it.each<HostContext>(['doctor-panel', 'doctor-profile'])(
    '%s asks for provider.* scopes as before',
    async (context) => {
      const t = rig({ context, widgets })
      const dialogs = countDialogs()
      await t.init()
      const token = t.platform.getSessionToken({ scope: ['provider.profile.read'] })
      await confirmDialog()
      await expect(token).resolves.toEqual(expect.any(String))
      expect(dialogs()).toBe(1)
      expect(t.backend.tokens).toMatchObject([
        { app_key: 'demo', scopes: ['provider.profile.read'] },
      ])
    },
  )
})
