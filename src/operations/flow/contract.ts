import { defineOperation } from '../../events/operation.js'
import type { FlowRequest, NavigationOutcome } from '../../events/protocol.js'
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
