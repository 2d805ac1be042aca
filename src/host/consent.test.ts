import { beforeAll, describe, expect, it } from 'vitest'
import { confirmDialog, countDialogs, rig, WIDGETS } from '../../test/support/index.js'
import type { HostContext } from '../events/index.js'
import { loadWords } from '../host-kit/dialog/catalog.js'
import { type ScopeReason, strings } from '../host-kit/dialog/i18n.js'
import { createMemoryBackend } from '../testing/index.js'
import type { HostOptions } from './types.js'

// The host loads each locale's words with its dialogs; these tests read them directly.
beforeAll(() => Promise.all([loadWords('en'), loadWords('fa')]))

type ScopeMessage = (scopes?: string, reason?: ScopeReason) => string

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
    const message = strings('en').errors.INVALID_SCOPE as ScopeMessage
    expect((error as Error).message).toBe(message(named, 'patient'))
    expect(dialogs()).toBe(0)
    expect(t.backend.tokens).toHaveLength(0)
  })

  it('booking-flow names the scopes in Persian when the panel is in Persian', async () => {
    const t = rig({ context: 'booking-flow', widgets, host: { locale: 'fa' } })
    await t.init()
    const error = await t.platform
      .getSessionToken({ scope: ['provider.profile.read'] })
      .catch((e: unknown) => e)
    const message = strings('fa').errors.INVALID_SCOPE as ScopeMessage
    expect((error as Error).message).toBe(message('provider.profile.read', 'patient'))
  })

  it.each<[HostContext, HostOptions['profile'], string]>([
    ['booking-flow', undefined, 'user.profile.read'],
    ['doctor-panel', undefined, 'provider.profile.read'],
    ['doctor-profile', { provider_id: 'dr-1', user_id: 'dr-1' }, 'provider.profile.read'],
  ])(
    '%s asks for the scopes its user may give as before (%j, %s)',
    async (context, profile, scope) => {
      const t = rig({ context, widgets, host: profile ? { profile } : {} })
      const dialogs = countDialogs()
      await t.init()
      const token = t.platform.getSessionToken({ scope: [scope] })
      await confirmDialog()
      await expect(token).resolves.toEqual(expect.any(String))
      expect(dialogs()).toBe(1)
      expect(t.backend.tokens).toMatchObject([{ app_key: 'demo', scopes: [scope] }])
    },
  )
})

describe("getSessionToken on a doctor's profile", () => {
  it.each<[string, HostOptions['profile']]>([
    ['a patient looking', { provider_id: 'dr-1', user_id: 'pt-1' }],
    ['another doctor looking', { provider_id: 'dr-1', user_id: 'dr-2' }],
    ['nobody signed in', { provider_id: 'dr-1' }],
    ['a panel that does not say who looks', undefined],
    ['an empty provider_id', { provider_id: '', user_id: '' }],
  ])('refuses provider.* with INVALID_SCOPE before any dialog: %s', async (_, profile) => {
    const backend = createMemoryBackend()
    // Even a consent given before (on the doctor's own page, say) does not let it through.
    await backend.recordConsent('demo', ['provider.profile.read', 'provider.appointment.read'])
    const t = rig({
      context: 'doctor-profile',
      widgets,
      host: { backend, ...(profile && { profile }) },
    })
    const dialogs = countDialogs()
    await t.init()
    const error = await t.platform
      .getSessionToken({ scope: ['user.profile.read', 'provider.appointment.read'] })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'PlatformError', code: 'INVALID_SCOPE' })
    const message = strings('en').errors.INVALID_SCOPE as ScopeMessage
    expect((error as Error).message).toBe(message('provider.appointment.read', 'viewer'))
    expect(dialogs()).toBe(0)
    expect(backend.tokens).toHaveLength(0)
  })

  it('asks a patient for a user.* scope as everywhere else', async () => {
    const t = rig({
      context: 'doctor-profile',
      widgets,
      host: { profile: { provider_id: 'dr-1', user_id: 'pt-1' } },
    })
    const dialogs = countDialogs()
    await t.init()
    const token = t.platform.getSessionToken({ scope: ['user.profile.read'] })
    await confirmDialog()
    await expect(token).resolves.toEqual(expect.any(String))
    expect(dialogs()).toBe(1)
  })
})

describe('a provider scope refused for who is looking says why, in the page’s language', () => {
  it.each<['en' | 'fa', HostContext, Partial<HostOptions>, ScopeReason]>([
    ['en', 'doctor-profile', { profile: { provider_id: 'dr-1', user_id: 'pt-1' } }, 'viewer'],
    ['fa', 'doctor-profile', { profile: { provider_id: 'dr-1', user_id: 'pt-1' } }, 'viewer'],
    ['en', 'booking-flow', {}, 'patient'],
    ['fa', 'booking-flow', {}, 'patient'],
  ])(
    '%s, %s: INVALID_SCOPE saying who may give it, not "not enabled"',
    async (locale, context, host, reason) => {
      const t = rig({ context, widgets, host: { ...host, locale } })
      await t.init()
      const error = await t.platform
        .getSessionToken({ scope: ['provider.profile.read'] })
        .catch((e: unknown) => e)
      const message = strings(locale).errors.INVALID_SCOPE as ScopeMessage
      expect(error).toMatchObject({ code: 'INVALID_SCOPE' })
      expect((error as Error).message).toBe(message('provider.profile.read', reason))
      expect((error as Error).message).not.toBe(message('provider.profile.read'))
      expect((error as Error).message).not.toMatch(/not enabled|فعال نیست/)
    },
  )
})
