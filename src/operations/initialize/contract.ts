import { defineOperation } from '../../events/operation.js'
import { CONTEXTS, type InitializeInfo, type InitializeRequest } from '../../events/protocol.js'
import { validateInitialize } from './validate.js'

export const initialize = defineOperation<InitializeRequest, InitializeInfo>()({
  sdk: ['initialize'],
  validate: validateInitialize,
  dialogs: [],
  contexts: CONTEXTS,
  deadline: 'call',
  // PROTOCOL_VERSION (wire.ts, which imports the table: named here it would be an import loop).
  example: { app_key: 'demo', protocol: 1 },
})
