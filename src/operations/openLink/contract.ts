import { defineOperation } from '../../events/operation.js'
import { CONTEXTS } from '../../events/protocol.js'
import type { OpenLinkRequest, OpenLinkResult } from './types.js'
import { validateOpenLink } from './validate.js'

export const openLink = defineOperation<OpenLinkRequest, OpenLinkResult>()({
  sdk: ['openLink'],
  validate: validateOpenLink,
  dialogs: ['open-link'],
  contexts: CONTEXTS,
  deadline: 'dialogCall',
  example: { url: 'https://example.com/' },
})
