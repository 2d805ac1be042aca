import type { Locale } from '../../events/index.js'

const en = {
  paymentTitle: 'Payment',
}

/**
 * The payment dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    paymentTitle: 'پرداخت',
  },
}
