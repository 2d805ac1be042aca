import type { DoctorServiceResult } from '../../events/events.js'
import type { DoctorServiceRequest } from './types.js'

/** `platform.payment.payForDoctorService`. */
export interface PayForDoctorServiceCall {
  /**
   * Takes a doctor-service payment of `amount` Rials plus VAT (doctor profile only).
   *
   * @example
   * const r = await platform.payment.payForDoctorService({ amount: 500000 })
   */
  payForDoctorService(request: DoctorServiceRequest): Promise<DoctorServiceResult>
}
