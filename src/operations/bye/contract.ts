import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import { validateEmpty } from '../../events/validate.js'

/** Fire and forget: the widget page is going away (reload or navigation). */
export const bye = defineOperation<Record<string, never>, null>()({
  sdk: [],
  validate: (raw) => validateEmpty(raw, 'bye'),
  dialogs: [],
  contexts: CONTEXTS,
  deadline: 'call',
  example: {},
})
