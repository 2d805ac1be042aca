import type { DoctorServiceResult } from '../../events/events.js'
import { defineOperation } from '../../events/operation.js'
import type { DoctorServiceRequest } from './types.js'
import { validateDoctorService } from './validate.js'

export const payForDoctorService = defineOperation<DoctorServiceRequest, DoctorServiceResult>()({
  sdk: ['payment.payForDoctorService'],
  validate: validateDoctorService,
  dialogs: ['doctor-service'],
  contexts: ['doctor-profile'],
  outside: 'refuse',
  deadline: 'dialogCall',
  example: { amount: 1000 },
})
