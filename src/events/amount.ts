import type { DoctorServiceAmounts } from './events.js'

/**
 * The doctor-service payable amount, `amount + amount * 0.3 * 0.1`, in whole-number arithmetic.
 * The float `1.03` is never used: `12345 * 1.03` is `12715.35` in floating point.
 *
 * Rounding: the VAT (`amount * 3 / 100`) is rounded half up to a whole Rial, then added, so
 * `payable = amount + vat` always holds. `amount` is a whole number of Rials up to
 * `MAX_DOCTOR_SERVICE_AMOUNT` (10^12), where `amount * 3 + 50` stays far below 2^53.
 *
 * @example
 * doctorServiceAmounts(12345) // { amount: 12345, vat: 370, payable: 12715 }
 */
export function doctorServiceAmounts(amount: number): DoctorServiceAmounts {
  const hundredths = amount * 3 + 50
  const vat = (hundredths - (hundredths % 100)) / 100
  return { amount, vat, payable: amount + vat }
}
