// The panel's own words, in its two languages. The dialogs' words are the host's.

export type Locale = 'fa' | 'en'

const en = {
  title: 'Example clinic',
  home: 'Dashboard',
  profile: 'My public profile',
  language: 'Language',
  dark: 'Dark theme',
  loading: 'Loading the widget…',
  retry: 'Try again',
  notFound: 'Page not found',
  notFoundText: 'There is no page at this address.',
  back: 'Back to the dashboard',
  unavailable: 'This widget is not available',
  homeText: 'Your widgets, as the platform registers them for the doctor panel.',
  profileText: 'Your profile as patients see it, with the widgets you added to it.',
  why: {
    'no-handshake': 'Its page did not connect to the panel.',
    'no-initialize': 'Its page loaded but did not start.',
    'app-key-mismatch': 'Its page says it is another widget.',
    'http-error': 'Its server answered with an error',
    'refused-framing': 'Its page does not allow this panel to show it.',
    unreachable: 'Its server could not be reached.',
  },
}

export type Words = typeof en

const fa: Words = {
  title: 'درمانگاه نمونه',
  home: 'پیشخوان',
  profile: 'نمایهٔ عمومی من',
  language: 'زبان',
  dark: 'پوستهٔ تیره',
  loading: 'در حال بارگذاری ویجت…',
  retry: 'دوباره',
  notFound: 'صفحه پیدا نشد',
  notFoundText: 'در این نشانی صفحه‌ای نیست.',
  back: 'بازگشت به پیشخوان',
  unavailable: 'این ویجت در دسترس نیست',
  homeText: 'ویجت‌های شما، همان‌گونه که پلتفرم برای پنل پزشک ثبت کرده است.',
  profileText: 'نمایهٔ شما آن‌گونه که بیماران می‌بینند، با ویجت‌هایی که به آن افزوده‌اید.',
  why: {
    'no-handshake': 'صفحهٔ آن به پنل وصل نشد.',
    'no-initialize': 'صفحهٔ آن بارگذاری شد اما آغاز نشد.',
    'app-key-mismatch': 'صفحهٔ آن خود را ویجت دیگری معرفی می‌کند.',
    'http-error': 'سرور آن با خطا پاسخ داد',
    'refused-framing': 'صفحهٔ آن اجازه نمی‌دهد این پنل نشانش دهد.',
    unreachable: 'سرور آن در دسترس نبود.',
  },
}

export const WORDS: Record<Locale, Words> = { fa, en }
