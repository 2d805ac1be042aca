import { defineOperation } from '../../events/operation.js'
import type { ProfileRequest, ProfileResult } from '../../events/protocol.js'
import { validateProfile } from './validate.js'

export const profile = defineOperation<ProfileRequest, ProfileResult>()({
  sdk: [
    'widget.addToProfile',
    'widget.removeFromProfile',
    'widget.refreshProfile',
    'widget.refreshPorifle',
  ],
  validate: validateProfile,
  dialogs: ['profile-add', 'profile-remove'],
  contexts: ['doctor-panel', 'doctor-profile'],
  outside: 'refuse',
  deadline: 'dialogCall',
  example: { action: 'add' },
})
