// What `payForDoctorService` sends: its folder's own types, which the contract, the validator, the SDK's call
// and the handler import; the `./events` entry and the SDK publish them.
import type { Payload } from '../../events/index.js'

export interface DoctorServiceRequest {
  amount: number
  payload?: Payload
}
