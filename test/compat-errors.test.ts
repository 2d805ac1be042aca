/**
 * Widgets written for the original platform run unchanged: host errors a doctor may read are in
 * the panel's locale. Real SDK, real host, over a MessageChannel.
 */
import { describe, expect, it } from 'vitest'
import { type ErrorCode, type Locale, PlatformError } from '../src/events/index.js'
import { loadWords } from '../src/host-kit/dialog/catalog.js'
import { strings } from '../src/host-kit/dialog/i18n.js'
import { serializeHostError, withDetail } from '../src/host-kit/messages.js'
import { confirmDialog, openDialog, rig, until } from './support/index.js'

// The words load with the host's dialogs; these tests read them before any dialog.
await Promise.all([loadWords('fa'), loadWords('en')])

/** A well-formed scope name the dev platform does not list (the live platform may have more). */
const UNLISTED_SCOPE = 'provider.future_thing.v2'
const PROFILE = 'provider.profile.read'

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
