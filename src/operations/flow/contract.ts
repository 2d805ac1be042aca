import { defineOperation } from '../../events/operation.js'
import type { NavigationOutcome } from '../../events/protocol.js'
import type { FlowRequest } from './types.js'
import { validateFlow } from './validate.js'

export const flow = defineOperation<FlowRequest, NavigationOutcome>()({
  sdk: ['flow.dispatch'],
  validate: validateFlow,
  dialogs: [],
  contexts: ['booking-flow'],
  outside: 'no-effect',
  deadline: 'call',
  example: { flowKey: 'BOOKING.RECEIPT', options: { step: 2 } },
})
