import type { Locale } from '../../events/index.js'

const en = {
  subscribeTitle: 'Subscribe',
  subscribePick: 'Choose a plan',
  subscribeButton: 'Subscribe',
  period: { month: 'per month', year: 'per year', week: 'per week' } as Record<string, string>,
}

/**
 * The subscription dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    subscribeTitle: 'اشتراک',
    subscribePick: 'یک طرح انتخاب کنید',
    subscribeButton: 'خرید اشتراک',
    period: { month: 'ماهانه', year: 'سالانه', week: 'هفتگی' } as Record<string, string>,
  },
}
