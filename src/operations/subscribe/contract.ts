import type { SubscribeResult } from '../../events/events.js'
import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import type { SubscribeRequest } from './types.js'
import { validateSubscribe } from './validate.js'

export const subscribe = defineOperation<SubscribeRequest, SubscribeResult>()({
  sdk: ['payment.subscribe'],
  validate: validateSubscribe,
  dialogs: ['subscribe'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: { plan_key: 'monthly' },
})
