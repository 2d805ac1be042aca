import { invalid } from '../../events/errors.js'
import { kindOf, MAX_DOCTOR_SERVICE_AMOUNT, record, withPayload } from '../../events/validate.js'
import type { DoctorServiceRequest } from './types.js'

/** `payment.payForDoctorService`'s argument: whole Rials, 1 to `MAX_DOCTOR_SERVICE_AMOUNT`, and a payload. */
export function validateDoctorService(value: unknown): DoctorServiceRequest {
  const r = record(value, 'payForDoctorService', ['amount', 'payload'])
  const amount = r.amount
  if (typeof amount !== 'number')
    throw invalid('amount', `expected a number, got ${kindOf(amount)}`)
  if (!Number.isInteger(amount)) throw invalid('amount', `expected whole Rials, got ${amount}`)
  if (amount < 1 || amount > MAX_DOCTOR_SERVICE_AMOUNT) {
    throw invalid('amount', `must be between 1 and ${MAX_DOCTOR_SERVICE_AMOUNT} Rials`)
  }
  return withPayload({ amount }, r)
}
