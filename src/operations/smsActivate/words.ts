import type { Locale } from '../../events/index.js'

const en = {
  smsActivateTitle: 'Activate SMS',
  smsActivateBody: (name: string) =>
    `${name} will send SMS messages in your name, paid from your SMS credit.`,
  smsActivateButton: 'Activate',
}

/**
 * The SMS activation dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    smsActivateTitle: 'فعال‌سازی پیامک',
    smsActivateBody: (name: string) =>
      `«${name}» به نام شما و از اعتبار پیامک شما پیامک ارسال خواهد کرد.`,
    smsActivateButton: 'فعال‌سازی',
  },
}
