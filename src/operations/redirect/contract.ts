import { defineOperation } from '../../events/operation.js'
import type { NavigationOutcome, RedirectRequest } from '../../events/protocol.js'
import { validateRedirect } from './validate.js'

export const redirect = defineOperation<RedirectRequest, NavigationOutcome>()({
  sdk: ['redirect.dispatch'],
  validate: validateRedirect,
  dialogs: [],
  contexts: ['doctor-panel'],
  outside: 'no-effect',
  deadline: 'call',
  example: { path: '/settings' },
})
