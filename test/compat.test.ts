/**
 * Widgets written for the original platform run unchanged: its call forms,
 * scopes the platform names but the docs do not list, and host errors a doctor may read
 * in the panel's locale. Real SDK, real host, over a MessageChannel.
 */
import { describe, expect, it } from 'vitest'
import { type ErrorCode, type Locale, PlatformError } from '../src/events/index.js'
import { strings } from '../src/host/dialog/i18n.js'
import type { WidgetRegistration } from '../src/host/index.js'
import { serializeHostError, withDetail } from '../src/host/messages.js'
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

/** Every host error a doctor may read, with the detail its message must keep. */
const DOCTOR_CODES: [ErrorCode, string | number | undefined, Record<Locale, string>][] = [
  [
    'USER_CLOSED_POPUP',
    undefined,
    { fa: 'کادر گفتگو بدون تأیید بسته شد.', en: 'The dialog was closed without confirming.' },
  ],
  [
    'DIALOG_BUSY',
    undefined,
    {
      fa: 'پنجرهٔ دیگری در پنل باز است. آن را به پایان برسانید و دوباره تلاش کنید.',
      en: 'Another window is open in the panel. Finish it, then try again.',
    },
  ],
  [
    'DIALOG_COOLDOWN',
    42,
    {
      fa: 'پنجره‌های این ویجت مدتی متوقف شده‌اند. ۴۲ ثانیهٔ دیگر دوباره تلاش کنید.',
      en: "This widget's windows are paused for a while. Try again in 42 seconds.",
    },
  ],
  [
    'RATE_LIMITED',
    undefined,
    {
      fa: 'این ویجت درخواست‌های زیادی فرستاد. لحظه‌ای دیگر دوباره تلاش کنید.',
      en: 'This widget sent too many requests. Try again in a moment.',
    },
  ],
  [
    'INVALID_SCOPE',
    'provider.appointment.webhook',
    {
      fa: 'این دسترسی برای این ویجت فعال نیست: provider.appointment.webhook',
      en: 'This access is not enabled for this widget: provider.appointment.webhook',
    },
  ],
  [
    'TIMEOUT',
    undefined,
    {
      fa: 'درخواست بیش از حد طول کشید و متوقف شد. لطفاً دوباره تلاش کنید.',
      en: 'The request took too long and was stopped. Please try again.',
    },
  ],
  [
    'BACKEND_ERROR',
    undefined,
    {
      fa: 'پلتفرم نتوانست درخواست را انجام دهد: Backend unavailable',
      en: 'The platform could not complete the request: Backend unavailable',
    },
  ],
  [
    'WRONG_CONTEXT',
    undefined,
    {
      fa: 'این کار در این صفحهٔ پنل در دسترس نیست.',
      en: 'This action is not available on this page of the panel.',
    },
  ],
  [
    'PANEL_FRAMED',
    undefined,
    {
      fa: 'این صفحهٔ پنل درون سایت دیگری نمایش داده شده و نمی‌تواند از شما تأیید بگیرد. پنل را مستقیم باز کنید.',
      en: 'This panel page is shown inside another site, so it cannot ask you to confirm anything. Open the panel directly.',
    },
  ],
]

describe('host errors a doctor may read are in the panel locale', () => {
  it.each(
    DOCTOR_CODES.flatMap(([code, detail, messages]) =>
      (['fa', 'en'] as const).map((locale) => [code, locale, detail, messages[locale]] as const),
    ),
  )('%s in %s', (code, locale, detail, message) => {
    // The message the host code wrote (English, for developers) is replaced; the code stays.
    const error = new PlatformError(code, code === 'BACKEND_ERROR' ? 'Backend unavailable' : 'x')
    const out = serializeHostError(detail === undefined ? error : withDetail(error, detail), locale)
    expect(out).toEqual({ name: 'PlatformError', code, message })
  })

  it.each(['fa', 'en'] as const)('%s: a detail-less error gets the plain sentence', (locale) => {
    const t = strings(locale).errors
    for (const code of ['INVALID_SCOPE', 'DIALOG_COOLDOWN'] as const) {
      const out = serializeHostError(new PlatformError(code, 'x'), locale)
      expect(out.message).toBe((t[code] as (d?: string) => string)())
      expect(out.message).not.toContain('undefined')
    }
  })

  it.each(['fa', 'en'] as const)(
    '%s: a raw throw is BACKEND_ERROR with its text after',
    (locale) => {
      expect(serializeHostError(new Error('disk full'), locale)).toMatchObject({
        code: 'BACKEND_ERROR',
        message: (strings(locale).errors.BACKEND_ERROR as (d?: string) => string)('disk full'),
      })
    },
  )

  it.each<[ErrorCode, string]>([
    ['INVALID_ARGUMENT', 'scope[1]: "X" is not a scope name'],
    ['NOT_INITIALIZED', 'Call initialize() before pay()'],
    ['APP_KEY_MISMATCH', 'This iframe is bound to "demo", not "other"'],
    ['CONNECTION_CLOSED', 'The widget went away'],
    ['UNSUPPORTED', 'Unsupported SDK protocol 9'],
  ])('%s keeps its message (for the developer)', (code, message) => {
    expect(serializeHostError(new PlatformError(code, message), 'fa').message).toBe(message)
  })

  it('the catalog covers the same codes in both locales', () => {
    const codes = DOCTOR_CODES.map(([code]) => code).sort()
    expect(Object.keys(strings('fa').errors).sort()).toEqual(codes)
    expect(Object.keys(strings('en').errors).sort()).toEqual(codes)
  })
})

describe('…through the real host, in Persian', () => {
  const fa = strings('fa').errors
  const call = (f: unknown, d?: string) => (typeof f === 'function' ? f(d) : f)

  it('INVALID_SCOPE, USER_CLOSED_POPUP, DIALOG_BUSY, WRONG_CONTEXT, BACKEND_ERROR', async () => {
    const t = rig({ host: { locale: 'fa' } })
    await t.platform.initialize({ app_key: 'demo' })
    await expect(t.platform.getSessionToken({ scope: [UNLISTED_SCOPE] })).rejects.toMatchObject({
      code: 'INVALID_SCOPE',
      message: call(fa.INVALID_SCOPE, UNLISTED_SCOPE),
    })
    const closed = t.platform.getSessionToken({ scope: [PROFILE] }).catch((e) => e)
    await until(openDialog)
    await expect(t.platform.payment.pay({ product_key: 'pro' })).rejects.toMatchObject({
      code: 'DIALOG_BUSY',
      message: fa.DIALOG_BUSY,
    })
    t.pressEscape()
    expect(await closed).toMatchObject({ code: 'USER_CLOSED_POPUP', message: fa.USER_CLOSED_POPUP })
    await expect(t.platform.payment.payForDoctorService({ amount: 1000 })).rejects.toMatchObject({
      code: 'WRONG_CONTEXT',
      message: fa.WRONG_CONTEXT,
    })
    t.backend.behavior.token = 'error'
    const failed = t.platform.getSessionToken({ scope: [PROFILE] }).catch((e) => e)
    await confirmDialog()
    await t.closeFailed('بستن')
    expect(await failed).toMatchObject({
      code: 'BACKEND_ERROR',
      message: call(fa.BACKEND_ERROR, 'Backend unavailable'),
    })
    // A developer's mistake keeps its English message, naming the field.
    await expect(t.platform.getSessionToken({ scope: ['Provider.X'] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'scope[0]: "Provider.X" is not a scope name (dotted lowercase words)',
    })
  })

  it('DIALOG_COOLDOWN keeps the seconds to wait, in Persian digits', async () => {
    const t = rig({ host: { locale: 'fa' } })
    await t.platform.initialize({ app_key: 'demo' })
    for (let i = 0; i < 3; i++) {
      const asked = t.platform.getSessionToken({ scope: [PROFILE] }).catch((e) => e)
      await until(openDialog)
      t.pressEscape()
      expect(await asked).toMatchObject({ code: 'USER_CLOSED_POPUP' })
    }
    const error = await t.platform.getSessionToken({ scope: [PROFILE] }).catch((e) => e)
    expect(error.code).toBe('DIALOG_COOLDOWN')
    expect(error.message).toMatch(/^پنجره‌های این ویجت مدتی متوقف شده‌اند\. [۰-۹]+ ثانیهٔ دیگر/)
  })

  it('RATE_LIMITED', async () => {
    const t = rig({ host: { locale: 'fa', limits: { perSecond: 2 } } })
    await t.platform.initialize({ app_key: 'demo' })
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.platform.redirect.dispatch({ path: '/x' }).catch((e) => e)),
    )
    expect(results).toContainEqual(
      expect.objectContaining({ code: 'RATE_LIMITED', message: fa.RATE_LIMITED }),
    )
  })
})
