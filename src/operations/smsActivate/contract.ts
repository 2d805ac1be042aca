import type { SmsActivateResult } from '../../events/events.js'
import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import { validateEmpty } from '../../events/validate.js'

export const smsActivate = defineOperation<Record<string, never>, SmsActivateResult>()({
  sdk: ['sms.activate'],
  validate: (raw) => validateEmpty(raw, 'activate'),
  dialogs: ['sms-activate'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: {},
})
