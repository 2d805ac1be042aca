import { defineOperation } from '../../events/operation.js'
import { CONTEXTS, type SessionTokenRequest } from '../../events/protocol.js'
import { validateSessionToken } from '../../events/validate.js'

export const getSessionToken = defineOperation<SessionTokenRequest, string>()({
  sdk: ['getSessionToken'],
  validate: validateSessionToken,
  dialogs: ['consent'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: { scope: ['provider.profile.read'] },
})
