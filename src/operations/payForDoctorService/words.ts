import type { Locale } from '../../events/index.js'

const en = {
  doctorTitle: 'Pay for the doctor service',
  doctorAmount: 'Service amount',
  doctorVat: 'VAT (10% of 30%)',
  doctorPayable: 'Total payable',
}

/**
 * The doctor-service dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    doctorTitle: 'پرداخت هزینهٔ خدمت پزشک',
    doctorAmount: 'مبلغ خدمت',
    doctorVat: 'مالیات بر ارزش افزوده (۱۰٪ از ۳۰٪)',
    doctorPayable: 'مبلغ قابل پرداخت',
  },
}
