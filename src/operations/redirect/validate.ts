import type { RedirectRequest } from '../../events/protocol.js'
import { optionalBoolean, record, validatePath } from '../../events/validate.js'

/** `redirect.dispatch`'s argument: a panel path (see `validatePath`, shared with the host's own pages). */
export function validateRedirect(value: unknown): RedirectRequest {
  const r = record(value, 'redirect', ['path', 'newContext'])
  const path = validatePath(r.path)
  const newContext = optionalBoolean(r.newContext, 'newContext')
  return newContext === undefined ? { path } : { path, newContext }
}
