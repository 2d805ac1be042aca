import { invalid } from '../../events/errors.js'
import type { InitializeRequest } from '../../events/protocol.js'
import { record } from '../../events/validate.js'

const APP_KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

/** `initialize`'s argument: the widget's key (letters, digits, `.`, `_`, `-`) and the protocol version. */
export function validateInitialize(value: unknown): InitializeRequest {
  const r = record(value, 'initialize', ['app_key', 'protocol'])
  if (typeof r.app_key !== 'string' || !APP_KEY_RE.test(r.app_key)) {
    throw invalid('app_key', 'expected a widget key like "my-widget" (letters, digits, . _ -)')
  }
  return { app_key: r.app_key, protocol: typeof r.protocol === 'number' ? r.protocol : 0 }
}
