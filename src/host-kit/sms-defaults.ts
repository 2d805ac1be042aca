import type { SmsPackage } from './types.js'

/** The SMS top-up packages `sms.charge` offers when the panel gives none (`smsPackages`). */
export const DEFAULT_SMS_PACKAGES: SmsPackage[] = [
  { count: 100, price: 100_000 },
  { count: 500, price: 450_000 },
  { count: 1000, price: 800_000 },
]
/** The price of one SMS in a custom top-up, in Rials, when the panel gives none (`smsPrice`). */
export const DEFAULT_SMS_PRICE = 1_000
/** The bounds of a custom top-up's count when the panel gives none (`smsCustomRange`). */
export const DEFAULT_SMS_RANGE = { min: 10, max: 100_000 }
