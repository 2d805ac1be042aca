import type { Locale, PlatformError } from '../events/index.js'
import { type SerializedError, serializeError } from '../events/wire.js'
import { loadedWords } from './dialog/catalog.js'
import { formatNumber } from './dialog/core-words.js'
import type { ScopeReason } from './dialog/i18n.js'

/** What of a host error a doctor may need (scope names, seconds to wait, why), by error. */
const details = new WeakMap<object, { detail: string | number; reason?: ScopeReason }>()

/**
 * Marks what of `error` its localized message keeps (the scope names, the seconds to wait).
 *
 * @example
 * throw withDetail(new PlatformError('INVALID_SCOPE', `Not enabled: ${names}`), names)
 */
export function withDetail<E extends PlatformError>(
  error: E,
  detail: string | number,
  reason?: ScopeReason,
): E {
  details.set(error, reason ? { detail, reason } : { detail })
  return error
}

/**
 * A host error as it goes to the widget, which may show its message to the doctor as is: for the
 * codes the catalog lists (`errors` in `dialog/words-en.ts`: closed, busy, cool-down, rate limit, scope,
 * timeout, backend, context) the message is in the panel's `locale`, with the error's detail;
 * `BACKEND_ERROR` keeps the backend's own text after the sentence. Other codes (the developer's
 * `INVALID_ARGUMENT`, say) keep their message. The code never changes.
 */
export function serializeHostError(error: unknown, locale: Locale): SerializedError {
  const out = serializeError(error)
  // Loaded before any call is answered (`lazy.ts`); a sign-in refused before its words could
  // load keeps the error's own message.
  const messages = loadedWords(locale)?.errors ?? {}
  const message = Object.hasOwn(messages, out.code) ? messages[out.code] : undefined
  if (message === undefined) return out
  const kept = typeof error === 'object' && error !== null ? details.get(error) : undefined
  const detail = kept?.detail ?? (out.code === 'BACKEND_ERROR' ? out.message : undefined)
  out.message =
    typeof message === 'string'
      ? message
      : message(typeof detail === 'number' ? formatNumber(detail, locale) : detail, kept?.reason)
  return out
}
