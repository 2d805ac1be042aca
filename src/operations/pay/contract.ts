import type { PayResult } from '../../events/events.js'
import { defineOperation } from '../../events/operation.js'
import { CONTEXTS, type PayRequest } from '../../events/protocol.js'
import { validatePay } from './validate.js'

export const pay = defineOperation<PayRequest, PayResult>()({
  sdk: ['payment.pay'],
  validate: validatePay,
  dialogs: ['payment'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: { product_key: 'pro', payload: { order: 7 } },
})
