/**
 * Widgets written for the original platform run unchanged: its call forms and scopes the
 * platform names but the docs do not list (host errors a doctor may read: compat-errors.test.ts). Real SDK, real host, over a MessageChannel.
 */
import { describe, expect, it } from 'vitest'
import { type Locale, PlatformError } from '../src/events/index.js'
import type { WidgetRegistration } from '../src/host/index.js'
import { appKeyOf } from '../src/sdk/compat.js'
import { createTestHost } from '../src/testing/index.js'
import { confirmDialog, openDialog, rig, until, WIDGETS } from './support/index.js'

/** A well-formed scope name the dev platform does not list (the live platform may have more). */
const UNLISTED_SCOPE = 'provider.future_thing.v2'
const PROFILE = 'provider.profile.read'
/** `demo` with a scope the docs do not list enabled, as the live platform has. */
const UNLISTED: WidgetRegistration[] = [
  { ...WIDGETS[0]!, scopes: [PROFILE, UNLISTED_SCOPE] },
  WIDGETS[1]!,
]

/** The `getSessionToken` requests that reached the host, as sent. */
const tokenRequests = (t: ReturnType<typeof rig>) =>
  t.received.flatMap((m) =>
    m.type === 'CALL' && m.methodPath[0] === 'getSessionToken' ? [m.args[0]] : [],
  )

describe('initialize: the original SDK call forms', () => {
  it.each<[string, unknown]>([
    ['{ app_key }', { app_key: 'demo' }],
    ['{ clientKey }', { clientKey: 'demo' }],
    ['the key as a string', 'demo'],
    ['{ app_key, clientKey } (app_key wins)', { app_key: 'demo', clientKey: 'ignored' }],
  ])('accepts %s', async (_, init) => {
    const t = rig()
    await expect(t.platform.initialize(init as never)).resolves.toMatchObject({ app_key: 'demo' })
    // The same key again, in another form: the same session, not ALREADY_INITIALIZED.
    await expect(t.platform.initialize('demo')).resolves.toMatchObject({ app_key: 'demo' })
    await expect(t.platform.initialize({ clientKey: 'other' })).rejects.toMatchObject({
      code: 'ALREADY_INITIALIZED',
    })
  })

  it.each<[string, unknown, string]>([
    ['nothing', undefined, 'app_key'],
    ['null', null, 'app_key'],
    ['a number', 7, 'app_key'],
    ['{ app_key: 7 }', { app_key: 7 }, 'app_key'],
    ['{ clientKey: 7 }', { clientKey: 7 }, 'clientKey'],
    ['{ clientKey: null }', { clientKey: null }, 'clientKey'],
    ['{ client_key } (not a form)', { client_key: 'demo' }, 'app_key'],
  ])('refuses %s with INVALID_ARGUMENT naming %s', (_, init, field) => {
    let error: unknown
    try {
      appKeyOf(init)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
    expect((error as Error).message).toContain(field)
  })

  it('a key the host did not mount, in the clientKey form: APP_KEY_MISMATCH', async () => {
    const t = rig()
    await expect(t.platform.initialize({ clientKey: 'other' })).rejects.toMatchObject({
      code: 'APP_KEY_MISMATCH',
    })
  })
})

describe('getSessionToken: the original SDK call forms', () => {
  it.each<[string, unknown, string[]]>([
    ['an array', { scope: [PROFILE, UNLISTED_SCOPE] }, [PROFILE, UNLISTED_SCOPE]],
    [
      'one space-separated string',
      { scope: `${PROFILE} ${UNLISTED_SCOPE}` },
      [PROFILE, UNLISTED_SCOPE],
    ],
    [
      'a string with extra spaces',
      { scope: `  ${UNLISTED_SCOPE}   ${PROFILE} ` },
      [UNLISTED_SCOPE, PROFILE],
    ],
    ['one scope as a string', { scope: PROFILE }, [PROFILE]],
    ['with timeout', { scope: [PROFILE], timeout: 30_000 }, [PROFILE]],
    ['with appId (ignored)', { scope: PROFILE, appId: 'someone-else' }, [PROFILE]],
    [
      'with timeout and appId',
      { scope: [UNLISTED_SCOPE], timeout: 600_000, appId: 12 },
      [UNLISTED_SCOPE],
    ],
  ])('accepts scope as %s', async (_, options, scopes) => {
    const t = rig({ widgets: UNLISTED })
    await t.platform.initialize({ app_key: 'demo' })
    const token = t.platform.getSessionToken(options as never)
    await confirmDialog()
    await expect(token).resolves.toMatch(/^st_/)
    expect(t.backend.tokens.map((k) => k.scopes)).toEqual([scopes])
    // The SDK sends the request as given (the script stays small); the host reads the forms.
    expect(tokenRequests(t)).toEqual([options])
  })

  it.each<[string, unknown, string, RegExp]>([
    ['an empty string', { scope: '' }, 'scope', /at least one/],
    ['only spaces', { scope: '   ' }, 'scope', /at least one/],
    ['a malformed name in a string', { scope: `${PROFILE} Provider.X` }, 'scope[1]', /Provider/],
    [
      'a comma-separated string',
      { scope: `${PROFILE},${UNLISTED_SCOPE}` },
      'scope[0]',
      /scope name/,
    ],
    ['a number', { scope: 7 }, 'scope', /expected an array or a space-separated string/],
    ['timeout a string', { scope: [PROFILE], timeout: '30000' }, 'timeout', /milliseconds/],
    ['timeout negative', { scope: [PROFILE], timeout: -1 }, 'timeout', /milliseconds/],
    ['timeout NaN', { scope: [PROFILE], timeout: Number.NaN }, 'timeout', /milliseconds/],
    ['an unknown option', { scope: [PROFILE], ttl: 5 }, 'ttl', /not a known field/],
    ['a bare string', PROFILE, 'getSessionToken', /expected an object/],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_, options, field, says) => {
    const t = rig({ widgets: UNLISTED })
    await t.platform.initialize({ app_key: 'demo' })
    const error = await t.platform.getSessionToken(options as never).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field })
    expect(error.message).toMatch(says)
    expect(openDialog()).toBeNull()
    expect(t.backend.tokens).toEqual([])
  })
})

describe('a scope the docs do not list', () => {
  it.each<[Locale, string]>([
    ['fa', 'دسترسی تعریف‌شده در پلتفرم با نام:'],
    ['en', 'Access named by the platform:'],
  ])('enabled: the consent dialog names it, after a generic line, in %s', async (locale, line) => {
    const t = rig({ widgets: UNLISTED, host: { locale } })
    await t.platform.initialize({ app_key: 'demo' })
    const token = t.platform.getSessionToken({ scope: [PROFILE, UNLISTED_SCOPE] })
    const dialog = await until(openDialog)
    const item = dialog.querySelector(`li[data-scope="${UNLISTED_SCOPE}"]`)!
    expect(item.textContent).toBe(`${line} ${UNLISTED_SCOPE}`)
    // The name as it is, isolated left to right, in a code element: never HTML, never reordered.
    const code = item.querySelector('bdi[dir="ltr"] > code')
    expect(code?.textContent).toBe(UNLISTED_SCOPE)
    // A listed scope keeps its plain words.
    const known = dialog.querySelector(`li[data-scope="${PROFILE}"]`)!
    expect(known.textContent).toBe(
      locale === 'fa'
        ? 'مشاهدهٔ پروفایل، تخصص و مراکز شما'
        : 'See your profile, expertise and centers',
    )
    expect(known.querySelector('code')).toBeNull()
    await confirmDialog()
    await expect(token).resolves.toMatch(/^st_/)
    expect(t.backend.tokens[0]?.scopes).toEqual([PROFILE, UNLISTED_SCOPE])
  })

  it.each<[Locale, RegExp]>([
    ['fa', /^این دسترسی برای این ویجت فعال نیست: provider\.future_thing\.v2$/],
    ['en', /^This access is not enabled for this widget: provider\.future_thing\.v2$/],
  ])('not enabled: INVALID_SCOPE naming it, no dialog (%s)', async (locale, message) => {
    const t = rig({ host: { locale } }) // demo: profile and appointment.read only
    await t.platform.initialize({ app_key: 'demo' })
    const error = await t.platform
      .getSessionToken({ scope: [PROFILE, UNLISTED_SCOPE] })
      .catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_SCOPE' })
    expect(error.message).toMatch(message)
    expect(openDialog()).toBeNull()
    expect(t.backend.tokens).toEqual([])
  })
})

describe('scope names through the SDK', () => {
  const NAMES = ['provider.appointment.webhook', 'provider.future_thing.v2', 'app.x']
  it.each(NAMES)(
    'a well-formed name the docs do not list, enabled: %s gets a token',
    async (name) => {
      const t = rig({ widgets: [{ ...WIDGETS[0]!, scopes: [name] }, WIDGETS[1]!] })
      await t.platform.initialize({ app_key: 'demo' })
      const token = t.platform.getSessionToken({ scope: [name] })
      await confirmDialog()
      await expect(token).resolves.toMatch(/^st_/)
      expect(t.backend.tokens[0]?.scopes).toEqual([name])
    },
  )

  it.each(NAMES)('a well-formed name not enabled: %s is INVALID_SCOPE', async (name) => {
    const t = rig()
    await t.platform.initialize({ app_key: 'demo' })
    await expect(t.platform.getSessionToken({ scope: [name] })).rejects.toMatchObject({
      code: 'INVALID_SCOPE',
      message: `This access is not enabled for this widget: ${name}`,
    })
  })

  it.each(['Provider.X', 'provider', 'provider.*', 'provider..read', 'provider.2fa', ''])(
    'a malformed name, %j, is INVALID_ARGUMENT scope[0], also when enabled',
    async (name) => {
      const t = rig({ widgets: [{ ...WIDGETS[0]!, scopes: [name] }, WIDGETS[1]!] })
      await t.platform.initialize({ app_key: 'demo' })
      await expect(t.platform.getSessionToken({ scope: [name] })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: 'scope[0]',
      })
      expect(openDialog()).toBeNull()
    },
  )
})

describe('the test kit takes the same forms', () => {
  it('initialize(key), a scope string, timeout and appId, and an unlisted scope', async () => {
    const kit = createTestHost({
      app_key: 'cal-sync',
      scopes: [PROFILE, UNLISTED_SCOPE],
      install: false,
    })
    try {
      await expect(kit.platform.initialize('cal-sync')).resolves.toMatchObject({
        app_key: 'cal-sync',
      })
      await expect(kit.platform.initialize({ clientKey: 'cal-sync' })).resolves.toBeTruthy()
      await expect(
        kit.platform.getSessionToken({
          scope: `${PROFILE} ${UNLISTED_SCOPE}`,
          timeout: 30_000,
          appId: 9,
        }),
      ).resolves.toMatch(/^st_/)
      expect(kit.requestedScopes).toEqual([[PROFILE, UNLISTED_SCOPE]])
      expect(kit.dialogs).toEqual([{ kind: 'consent', answer: 'confirm' }])
      expect(kit.backend.tokens[0]?.scopes).toEqual([PROFILE, UNLISTED_SCOPE])
    } finally {
      kit.destroy()
    }
  })
})
