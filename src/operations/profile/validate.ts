import { invalid } from '../../events/errors.js'
import type { ProfileRequest } from '../../events/protocol.js'
import { record } from '../../events/validate.js'

const PROFILE_ACTIONS = ['add', 'remove', 'refresh'] as const

/** `profile({ action })`: what `widget.addToProfile`, `removeFromProfile` and `refreshProfile` send. */
export function validateProfile(value: unknown): ProfileRequest {
  const { action } = record(value, 'profile', ['action'])
  if (!PROFILE_ACTIONS.includes(action as never)) {
    throw invalid('action', `expected ${PROFILE_ACTIONS.join(', ')}`)
  }
  return { action: action as ProfileRequest['action'] }
}
