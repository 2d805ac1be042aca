import type { ErrorCode, Locale, Scope } from '../../events/index.js'

/** How a payment made in a development panel ends. */
export type PaymentOutcome =
  | 'succeed'
  | 'declined'
  | 'insufficient_funds'
  | 'platform_error'
  | 'timeout'

/** A doctor-facing message for an error code; `detail` is what the error carries (see `messages.ts`). */
/** Why a scope was refused, where the message says more than "not enabled" (see `consent.ts`). */
export type ScopeReason = 'viewer' | 'patient'

type ErrorMessages = Partial<
  Record<ErrorCode, string | ((detail?: string, reason?: ScopeReason) => string)>
>

/** Every string the host shows, in one catalog. `fa` is the default and reads right to left. */
const catalog = {
  en: {
    close: 'Close',
    cancel: 'Cancel',
    processing: 'Processing…',
    failed: 'This did not go through: the platform reported an error. Close this window.',
    requestedBy: 'Requested by',
    notActiveYet: 'Not active yet: the button works in a moment.',
    focusPaused:
      'Paused: something on this page took the keyboard from this window. Check what you typed, then click or type here to go on.',
    consentTitle: (name: string) => `${name} asks for access`,
    consentIntro: 'This widget will be able to:',
    consentAllow: 'Allow',
    paymentTitle: 'Payment',
    paymentItem: 'Item',
    paymentPrice: 'Price',
    payButton: (price: string) => `Pay ${price}`,
    subscribeTitle: 'Subscribe',
    subscribePick: 'Choose a plan',
    subscribeButton: 'Subscribe',
    period: { month: 'per month', year: 'per year', week: 'per week' } as Record<string, string>,
    doctorTitle: 'Pay for the doctor service',
    doctorAmount: 'Service amount',
    doctorVat: 'VAT (10% of 30%)',
    doctorPayable: 'Total payable',
    testOutcome: 'Test outcome (development panel only)',
    testOutcomes: {
      succeed: 'Succeeds',
      declined: 'Card declined',
      insufficient_funds: 'Insufficient funds',
      platform_error: 'The platform fails',
      timeout: 'Timeout (charged, no answer)',
    } as Record<PaymentOutcome, string>,
    smsActivateOutcomes: { succeed: 'Activated', declined: 'The platform declines' },
    smsActivateTitle: 'Activate SMS',
    smsActivateBody: (name: string) =>
      `${name} will send SMS messages in your name, paid from your SMS credit.`,
    smsActivateButton: 'Activate',
    smsChargeTitle: 'Top up SMS credit',
    smsPackages: 'Packages',
    smsCount: (n: string) => `${n} SMS`,
    smsCustom: 'Custom count',
    smsCustomInvalid: (min: string, max: string) => `Enter a whole number from ${min} to ${max}.`,
    smsBuy: 'Buy',
    linkTitle: 'Open an outside page',
    linkBody: (site: string) => `This widget wants to open ${site} in a new tab.`,
    linkOpen: 'Open',
    linkHost: 'Site address',
    linkUrl: 'Full link',
    linkPunycode:
      'Letters outside the Latin alphabet are shown encoded (xn--…), so a look-alike name cannot pass for another.',
    profileAddTitle: 'Add to your profile',
    profileAddBody: (name: string) => `${name} will show on your public profile.`,
    profileAddButton: 'Add',
    profileRemoveTitle: 'Remove from your profile',
    profileRemoveBody: (name: string) => `${name} will no longer show on your public profile.`,
    profileRemoveButton: 'Remove',
    currency: 'Rials',
    widgetFrame: (name: string) => `${name} widget`,
    noAnswer: (name: string) => `${name} did not respond.`,
    /** A widget that did not come up, by why (`no-handshake` says `noAnswer`); `status`: HTTP. */
    unavailable: {
      'no-initialize': (name: string) => `${name} loaded but did not start.`,
      'app-key-mismatch': (name: string) =>
        `${name} started as another widget and was not connected.`,
      'http-error': (name: string, status?: number) =>
        `${name} could not load its page (HTTP ${status ?? '?'}).`,
      'refused-framing': (name: string) => `${name} does not allow this panel to show it.`,
      unreachable: (name: string) => `${name} could not be reached.`,
    },
    scopeUnlisted: 'Access named by the platform:',
    /** Messages of host errors a doctor may read, by code (see `messages.ts`). */
    errors: {
      USER_CLOSED_POPUP: 'The dialog was closed without confirming.',
      DIALOG_BUSY: 'Another window is open in the panel. Finish it, then try again.',
      DIALOG_COOLDOWN: (seconds?: string) =>
        `This widget's windows are paused for a while. Try again in ${seconds ? `${seconds} seconds` : 'a minute'}.`,
      RATE_LIMITED: 'This widget sent too many requests. Try again in a moment.',
      INVALID_SCOPE: (scopes?: string, reason?: ScopeReason) =>
        `${reason === 'viewer' ? 'Only the doctor whose profile this is can give this access, and you are not signed in as that doctor' : reason === 'patient' ? 'This access is not given in the booking flow, where the user is a patient' : 'This access is not enabled for this widget'}${scopes ? `: ${scopes}` : '.'}`,
      TIMEOUT: 'The request took too long and was stopped. Please try again.',
      BACKEND_ERROR: (detail?: string) =>
        `The platform could not complete the request${detail ? `: ${detail}` : '.'}`,
      WRONG_CONTEXT: 'This action is not available on this page of the panel.',
      PANEL_FRAMED:
        'This panel page is shown inside another site, so it cannot ask you to confirm anything. Open the panel directly.',
    } as ErrorMessages,
  },
  fa: {
    close: 'بستن',
    cancel: 'انصراف',
    processing: 'در حال انجام…',
    failed: 'این کار انجام نشد: سامانه خطا گزارش کرد. این پنجره را ببندید.',
    requestedBy: 'درخواست از طرف',
    notActiveYet: 'هنوز فعال نیست: دکمه تا لحظه‌ای دیگر فعال می‌شود.',
    focusPaused:
      'متوقف شد: بخشی از این صفحه صفحه‌کلید را از این پنجره گرفت. آنچه نوشته‌اید را بررسی کنید، سپس برای ادامه در همین پنجره کلیک کنید یا چیزی بنویسید.',
    consentTitle: (name: string) => `«${name}» درخواست دسترسی دارد`,
    consentIntro: 'این ویجت می‌تواند:',
    consentAllow: 'اجازه می‌دهم',
    paymentTitle: 'پرداخت',
    paymentItem: 'مورد',
    paymentPrice: 'مبلغ',
    payButton: (price: string) => `پرداخت ${price}`,
    subscribeTitle: 'اشتراک',
    subscribePick: 'یک طرح انتخاب کنید',
    subscribeButton: 'خرید اشتراک',
    period: { month: 'ماهانه', year: 'سالانه', week: 'هفتگی' } as Record<string, string>,
    doctorTitle: 'پرداخت هزینهٔ خدمت پزشک',
    doctorAmount: 'مبلغ خدمت',
    doctorVat: 'مالیات بر ارزش افزوده (۱۰٪ از ۳۰٪)',
    doctorPayable: 'مبلغ قابل پرداخت',
    testOutcome: 'نتیجهٔ آزمایشی (فقط در پنل توسعه)',
    testOutcomes: {
      succeed: 'موفق',
      declined: 'کارت رد شد',
      insufficient_funds: 'موجودی ناکافی',
      platform_error: 'خطای سامانه',
      timeout: 'پایان مهلت (پرداخت شد، بی‌پاسخ)',
    } as Record<PaymentOutcome, string>,
    smsActivateOutcomes: { succeed: 'فعال شد', declined: 'سامانه رد می‌کند' },
    smsActivateTitle: 'فعال‌سازی پیامک',
    smsActivateBody: (name: string) =>
      `«${name}» به نام شما و از اعتبار پیامک شما پیامک ارسال خواهد کرد.`,
    smsActivateButton: 'فعال‌سازی',
    smsChargeTitle: 'افزایش اعتبار پیامک',
    smsPackages: 'بسته‌ها',
    smsCount: (n: string) => `${n} پیامک`,
    smsCustom: 'تعداد دلخواه',
    smsCustomInvalid: (min: string, max: string) => `یک عدد صحیح از ${min} تا ${max} وارد کنید.`,
    smsBuy: 'خرید',
    linkTitle: 'باز کردن صفحه‌ای بیرونی',
    linkBody: (site: string) => `این ویجت می‌خواهد ${site} را در زبانه‌ای تازه باز کند.`,
    linkOpen: 'باز کردن',
    linkHost: 'نشانی سایت',
    linkUrl: 'پیوند کامل',
    linkPunycode:
      'حرف‌های غیرلاتین این نشانی رمزشده (xn--…) نمایش داده می‌شوند تا نامی همانند، خود را جای نام دیگری جا نزند.',
    profileAddTitle: 'افزودن به پروفایل شما',
    profileAddBody: (name: string) => `«${name}» در پروفایل عمومی شما نمایش داده می‌شود.`,
    profileAddButton: 'افزودن',
    profileRemoveTitle: 'برداشتن از پروفایل شما',
    profileRemoveBody: (name: string) => `«${name}» دیگر در پروفایل عمومی شما نمایش داده نمی‌شود.`,
    profileRemoveButton: 'برداشتن',
    currency: 'ریال',
    widgetFrame: (name: string) => `ویجت ${name}`,
    noAnswer: (name: string) => `ویجت ${name} پاسخ نداد.`,
    unavailable: {
      'no-initialize': (name: string) => `ویجت ${name} بارگذاری شد اما راه‌اندازی نشد.`,
      'app-key-mismatch': (name: string) =>
        `ویجت ${name} با کلید ویجت دیگری راه‌اندازی شد و به پنل وصل نشد.`,
      'http-error': (name: string, status?: number) =>
        `صفحهٔ ویجت ${name} بارگذاری نشد (HTTP ${status ?? '?'}).`,
      'refused-framing': (name: string) => `ویجت ${name} اجازهٔ نمایش در این پنل را نمی‌دهد.`,
      unreachable: (name: string) => `سرور ویجت ${name} در دسترس نیست.`,
    },
    scopeUnlisted: 'دسترسی تعریف‌شده در پلتفرم با نام:',
    errors: {
      USER_CLOSED_POPUP: 'کادر گفتگو بدون تأیید بسته شد.',
      DIALOG_BUSY: 'پنجرهٔ دیگری در پنل باز است. آن را به پایان برسانید و دوباره تلاش کنید.',
      DIALOG_COOLDOWN: (seconds?: string) =>
        `پنجره‌های این ویجت مدتی متوقف شده‌اند. ${seconds ? `${seconds} ثانیهٔ` : 'یک دقیقهٔ'} دیگر دوباره تلاش کنید.`,
      RATE_LIMITED: 'این ویجت درخواست‌های زیادی فرستاد. لحظه‌ای دیگر دوباره تلاش کنید.',
      INVALID_SCOPE: (scopes?: string, reason?: ScopeReason) =>
        `${reason === 'viewer' ? 'این دسترسی را فقط پزشکِ صاحب این پروفایل می‌تواند بدهد و شما با حساب آن پزشک وارد نشده‌اید' : reason === 'patient' ? 'این دسترسی در مسیر نوبت‌گیری، که کاربر بیمار است، داده نمی‌شود' : 'این دسترسی برای این ویجت فعال نیست'}${scopes ? `: ${scopes}` : '.'}`,
      TIMEOUT: 'درخواست بیش از حد طول کشید و متوقف شد. لطفاً دوباره تلاش کنید.',
      BACKEND_ERROR: (detail?: string) =>
        `پلتفرم نتوانست درخواست را انجام دهد${detail ? `: ${detail}` : '.'}`,
      WRONG_CONTEXT: 'این کار در این صفحهٔ پنل در دسترس نیست.',
      PANEL_FRAMED:
        'این صفحهٔ پنل درون سایت دیگری نمایش داده شده و نمی‌تواند از شما تأیید بگیرد. پنل را مستقیم باز کنید.',
    } as ErrorMessages,
  },
} satisfies Record<Locale, unknown>

export type Strings = (typeof catalog)['en']

/** The strings of `locale`. */
export function strings(locale: Locale): Strings {
  return catalog[locale]
}

/** Plain words for each scope, shown in the consent dialog. */
const scopeWords: Record<Locale, Record<Scope, string>> = {
  en: {
    'provider.profile.read': 'See your profile, expertise and centers',
    'provider.profile.write': 'Edit your profile',
    'provider.appointment.read': 'See your appointments',
    'provider.appointment.write': 'Cancel your appointments',
    'provider.appointment.webhook': 'Be told when your appointments change',
    'provider.management.read': 'See your work hours and vacations',
    'provider.management.write': 'Change your work hours and vacations',
    'provider.prescription.read': 'Search the prescription catalog and check insurance',
    'provider.sms.read': 'See your SMS credit',
    'provider.sms.write': 'Send SMS in your name',
    'app.chatbot.messaging': 'Send you messages through its bot',
    'user.profile.read': 'See your user information',
    'user.profile.write': 'Edit your user information',
    'user.appointment.read': 'See your bookings',
    'user.appointment.write': 'Cancel your bookings',
  },
  fa: {
    'provider.profile.read': 'مشاهدهٔ پروفایل، تخصص و مراکز شما',
    'provider.profile.write': 'ویرایش پروفایل شما',
    'provider.appointment.read': 'مشاهدهٔ نوبت‌های شما',
    'provider.appointment.write': 'لغو نوبت‌های شما',
    'provider.appointment.webhook': 'آگاهی از تغییر نوبت‌های شما',
    'provider.management.read': 'مشاهدهٔ ساعات کاری و مرخصی‌های شما',
    'provider.management.write': 'تغییر ساعات کاری و مرخصی‌های شما',
    'provider.prescription.read': 'جست‌وجو در فهرست اقلام نسخه و استعلام بیمه',
    'provider.sms.read': 'مشاهدهٔ اعتبار پیامک شما',
    'provider.sms.write': 'ارسال پیامک به نام شما',
    'app.chatbot.messaging': 'ارسال پیام به شما از طریق بات',
    'user.profile.read': 'مشاهدهٔ اطلاعات کاربری شما',
    'user.profile.write': 'ویرایش اطلاعات کاربری شما',
    'user.appointment.read': 'مشاهدهٔ نوبت‌های رزروشدهٔ شما',
    'user.appointment.write': 'لغو نوبت‌های رزروشدهٔ شما',
  },
}

/** The plain words for `scope`, or undefined for a scope the host has no words for. */
export function describeScope(scope: string, locale: Locale): string | undefined {
  const words = scopeWords[locale]
  return Object.hasOwn(words, scope) ? words[scope as Scope] : undefined
}

const numberFormats = new Map<Locale, Intl.NumberFormat>()

/** A whole number in the locale's digits: `12,715` or `۱۲٬۷۱۵`. */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US', {
      maximumFractionDigits: 0,
    })
    numberFormats.set(locale, format)
  }
  return format.format(value)
}

/** A price in Rials: `12,715 Rials` or `۱۲٬۷۱۵ ریال`. */
export function formatRials(value: number, locale: Locale): string {
  return `${formatNumber(value, locale)} ${catalog[locale].currency}`
}
