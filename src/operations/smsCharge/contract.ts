import type { SmsChargeResult } from '../../events/events.js'
import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import { validateEmpty } from '../../events/validate.js'

export const smsCharge = defineOperation<Record<string, never>, SmsChargeResult>()({
  sdk: ['sms.charge'],
  validate: (raw) => validateEmpty(raw, 'charge'),
  dialogs: ['sms-charge'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: {},
})
