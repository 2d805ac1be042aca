import type { Locale } from '../../events/index.js'

const en = {
  smsChargeTitle: 'Top up SMS credit',
  smsPackages: 'Packages',
  smsCount: (n: string) => `${n} SMS`,
  smsCustom: 'Custom count',
  smsCustomInvalid: (min: string, max: string) => `Enter a whole number from ${min} to ${max}.`,
  smsBuy: 'Buy',
}

/**
 * The SMS top-up dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    smsChargeTitle: 'افزایش اعتبار پیامک',
    smsPackages: 'بسته‌ها',
    smsCount: (n: string) => `${n} پیامک`,
    smsCustom: 'تعداد دلخواه',
    smsCustomInvalid: (min: string, max: string) => `یک عدد صحیح از ${min} تا ${max} وارد کنید.`,
    smsBuy: 'خرید',
  },
}
