import { describe, expect, it, vi } from 'vitest'
import { validateProfile } from '../src/operations/profile/validate.js'
import { createMemoryBackend } from '../src/testing/index.js'
import { countDialogs, rig, until } from './support/index.js'

describe('widget.addToProfile and removeFromProfile', () => {
  it.each<['en' | 'fa', string, string, string]>([
    ['en', 'Add', 'Remove', 'public profile'],
    ['fa', 'افزودن', 'برداشتن', 'پروفایل عمومی'],
  ])('ask the doctor (%s), then change the profile', async (locale, add, remove, words) => {
    const t = rig({ host: { locale } })
    await t.init()
    const added = t.platform.widget.addToProfile()
    await until(() => t.dialog())
    expect(t.dialog()!.dataset.kind).toBe('profile-add')
    expect(t.text()).toContain(words)
    expect(t.text()).toContain('Demo <b>widget</b>')
    expect(t.dialog()!.querySelector('.body bdi')!.textContent).toBe('Demo <b>widget</b>')
    expect(t.backend.profileWidgets.has('demo')).toBe(false)
    t.button(add)!.click()
    await expect(added).resolves.toEqual({ active: true })
    expect([...t.backend.profileWidgets]).toEqual(['demo'])

    const removed = t.platform.widget.removeFromProfile()
    await until(() => t.dialog())
    expect(t.dialog()!.dataset.kind).toBe('profile-remove')
    t.button(remove)!.click()
    await expect(removed).resolves.toEqual({ active: false })
    expect(t.backend.profileWidgets.size).toBe(0)
  })

  it.each(['addToProfile', 'removeFromProfile'] as const)(
    '%s rejects with USER_CLOSED_POPUP when declined, and changes nothing',
    async (method) => {
      const t = rig()
      t.backend.profileWidgets.add('demo')
      await t.init()
      const result = t.platform.widget[method]()
      await until(() => t.dialog())
      t.button('Cancel')!.click()
      await expect(result).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
      expect([...t.backend.profileWidgets]).toEqual(['demo'])
    },
  )

  it('works in the doctor profile', async () => {
    const t = rig({ context: 'doctor-profile' })
    await t.init()
    const result = t.platform.widget.addToProfile()
    await until(() => t.dialog())
    t.button('Add')!.click()
    await expect(result).resolves.toEqual({ active: true })
  })

  it.each(['addToProfile', 'removeFromProfile', 'refreshProfile'] as const)(
    '%s rejects with WRONG_CONTEXT in the booking flow, without a dialog',
    async (method) => {
      const t = rig({ context: 'booking-flow' })
      const dialogs = countDialogs()
      await t.init()
      await expect(t.platform.widget[method]()).rejects.toMatchObject({ code: 'WRONG_CONTEXT' })
      expect(dialogs()).toBe(0)
      expect(t.backend.profileWidgets.size).toBe(0)
      expect(t.backend.profilePurges).toBe(0)
    },
  )

  it('rejects with BACKEND_ERROR, with its message, when the backend fails', async () => {
    const t = rig()
    t.backend.behavior.profile = 'error'
    await t.init()
    const result = t.platform.widget.addToProfile()
    await until(() => t.dialog())
    t.button('Add')!.click()
    await t.closeFailed()
    await expect(result).rejects.toMatchObject({
      code: 'BACKEND_ERROR',
      message: 'The platform could not complete the request: Backend unavailable',
    })
  })

  it('refuses with DIALOG_BUSY while another dialog is open', async () => {
    const t = rig()
    await t.init()
    const first = t.platform.widget.addToProfile()
    await until(() => t.dialog())
    await expect(t.platform.widget.removeFromProfile()).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
    })
    t.button('Cancel')!.click()
    await expect(first).rejects.toMatchObject({ code: 'USER_CLOSED_POPUP' })
  })

  it('rejects with UNSUPPORTED when the panel’s backend cannot change profiles', async () => {
    const backend = createMemoryBackend()
    Reflect.deleteProperty(backend, 'addToProfile')
    Reflect.deleteProperty(backend, 'purgeProfileCache')
    const t = rig({ backend })
    const dialogs = countDialogs()
    await t.init()
    await expect(t.platform.widget.addToProfile()).rejects.toMatchObject({ code: 'UNSUPPORTED' })
    await expect(t.platform.widget.refreshProfile()).rejects.toMatchObject({ code: 'UNSUPPORTED' })
    expect(dialogs()).toBe(0)
  })
})

describe('widget.refreshProfile', () => {
  it('purges the profile cache without a dialog; refreshPorifle is the same call', async () => {
    const t = rig({ host: { limits: { profileRefresh: 50 } } })
    const dialogs = countDialogs()
    await t.init()
    await expect(t.platform.widget.refreshProfile()).resolves.toEqual({ refreshed: true })
    await expect(t.platform.widget.refreshPorifle()).resolves.toEqual({ refreshed: true })
    expect(t.backend.profilePurges).toBe(2)
    expect(dialogs()).toBe(0)
    expect(t.calls.filter((c) => c === 'profile')).toHaveLength(2)
  })

  it('works in the doctor profile, and rejects with BACKEND_ERROR when the purge fails', async () => {
    const t = rig({ context: 'doctor-profile', host: { limits: { profileRefresh: 50 } } })
    await t.init()
    await expect(t.platform.widget.refreshProfile()).resolves.toEqual({ refreshed: true })
    t.backend.behavior.profile = 'error'
    await expect(t.platform.widget.refreshProfile()).rejects.toMatchObject({
      code: 'BACKEND_ERROR',
      message: 'The platform could not complete the request: Backend unavailable',
    })
  })

  it('purges at most once per 10 s by default: a second call waits for the next purge', async () => {
    const t = rig()
    await t.init()
    await expect(t.platform.widget.refreshProfile()).resolves.toEqual({ refreshed: true })
    let second: unknown
    // Left waiting: the test's end closes the bridge, which rejects it.
    t.platform.widget.refreshProfile().then(
      (r) => {
        second = r
      },
      () => undefined,
    )
    // The call reached the host, and is held there: no purge, no answer yet.
    await until(() => t.calls.filter((c) => c === 'profile').length === 2)
    await new Promise((r) => setTimeout(r, 200))
    expect(t.backend.profilePurges).toBe(1)
    expect(second).toBeUndefined()
  })

  it('coalesces a flood into one purge per interval, and every call resolves after a purge it asked for', async () => {
    const t = rig({ host: { limits: { profileRefresh: 300 } } })
    await t.init()
    const first = Date.now()
    await expect(t.platform.widget.refreshProfile()).resolves.toEqual({ refreshed: true })
    expect(t.backend.profilePurges).toBe(1)
    // Twelve at once (under the 16 in flight): none refused, one purge for all of them.
    const purgedAt: number[] = []
    const purge = t.backend.purgeProfileCache!.bind(t.backend)
    t.backend.purgeProfileCache = async () => {
      purgedAt.push(Date.now())
      await purge()
    }
    const results = await Promise.all(
      Array.from({ length: 12 }, () => t.platform.widget.refreshProfile()),
    )
    expect(results).toEqual(Array(12).fill({ refreshed: true }))
    expect(t.backend.profilePurges).toBe(2)
    // The shared purge started once the interval since the first had passed (timers never fire early).
    expect(purgedAt[0]! - first).toBeGreaterThanOrEqual(290)
  })

  it('runs at once again after the interval, and a failed shared purge rejects every call with BACKEND_ERROR', async () => {
    const t = rig({ host: { limits: { profileRefresh: 100 } } })
    await t.init()
    await t.platform.widget.refreshProfile()
    await new Promise((r) => setTimeout(r, 150))
    await t.platform.widget.refreshProfile()
    expect(t.backend.profilePurges).toBe(2)
    t.backend.behavior.profile = 'error'
    const results = await Promise.allSettled([
      t.platform.widget.refreshProfile(),
      t.platform.widget.refreshProfile(),
    ])
    expect(results.map((r) => r.status === 'rejected' && r.reason.code)).toEqual([
      'BACKEND_ERROR',
      'BACKEND_ERROR',
    ])
  })

  it('needs initialize', async () => {
    const t = rig()
    const purge = vi.spyOn(t.backend, 'purgeProfileCache')
    await expect(t.platform.widget.refreshProfile()).rejects.toMatchObject({
      code: 'NOT_INITIALIZED',
    })
    expect(purge).not.toHaveBeenCalled()
  })
})

describe('the profile request rule', () => {
  it.each(['add', 'remove', 'refresh'])('accepts %s', (action) => {
    expect(validateProfile({ action })).toEqual({ action })
  })
  it.each<unknown>([{ action: 'delete' }, { action: 1 }, {}, { action: 'add', x: 1 }, null])(
    'refuses %j with INVALID_ARGUMENT',
    (value) => {
      expect(() => validateProfile(value)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      )
    },
  )
})
