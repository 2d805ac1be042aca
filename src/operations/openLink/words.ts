import type { Locale } from '../../events/index.js'

const en = {
  linkTitle: 'Open an outside page',
  linkBody: (site: string) => `This widget wants to open ${site} in a new tab.`,
  linkOpen: 'Open',
  linkHost: 'Site address',
  linkUrl: 'Full link',
  linkPunycode:
    'Letters outside the Latin alphabet are shown encoded (xn--…), so a look-alike name cannot pass for another.',
}

/**
 * The outside-link dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    linkTitle: 'باز کردن صفحه‌ای بیرونی',
    linkBody: (site: string) => `این ویجت می‌خواهد ${site} را در زبانه‌ای تازه باز کند.`,
    linkOpen: 'باز کردن',
    linkHost: 'نشانی سایت',
    linkUrl: 'پیوند کامل',
    linkPunycode:
      'حرف‌های غیرلاتین این نشانی رمزشده (xn--…) نمایش داده می‌شوند تا نامی همانند، خود را جای نام دیگری جا نزند.',
  },
}
