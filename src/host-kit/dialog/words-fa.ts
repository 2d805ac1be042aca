import type { PaymentOutcome, ScopeReason, Words } from './words-en.js'

/** The host's words in Persian (right to left), the panel's default: see `words-en.ts`. */
export const words: Words = {
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
  paymentItem: 'مورد',
  paymentPrice: 'مبلغ',
  payButton: (price: string) => `پرداخت ${price}`,
  testOutcome: 'نتیجهٔ آزمایشی (فقط در پنل توسعه)',
  testOutcomes: {
    succeed: 'موفق',
    declined: 'کارت رد شد',
    insufficient_funds: 'موجودی ناکافی',
    platform_error: 'خطای سامانه',
    timeout: 'پایان مهلت (پرداخت شد، بی‌پاسخ)',
  } as Record<PaymentOutcome, string>,
  smsActivateOutcomes: { succeed: 'فعال شد', declined: 'سامانه رد می‌کند' },
  currency: 'ریال',
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
  },
  scopes: {
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
