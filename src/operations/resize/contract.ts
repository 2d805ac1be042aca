import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import { validateResize } from './validate.js'

/** Fire and forget: the widget's content height in CSS pixels. */
export const resize = defineOperation<{ height: number }, null>()({
  sdk: [],
  validate: validateResize,
  dialogs: [],
  contexts: CONTEXTS,
  deadline: 'call',
  example: { height: 300 },
})
