/**
 * The platform scopes of part 5 of the specification, and those the live platform has that real
 * widgets use (`provider.appointment.webhook`: the appointment webhooks a widget receives).
 *
 * @example
 * await platform.getSessionToken({ scope: ['provider.profile.read'] })
 */
export const SCOPES = [
  'provider.profile.read',
  'provider.profile.write',
  'provider.appointment.read',
  'provider.appointment.write',
  'provider.appointment.webhook',
  'provider.management.read',
  'provider.management.write',
  'provider.prescription.read',
  'provider.sms.read',
  'provider.sms.write',
  'app.chatbot.messaging',
  'user.profile.read',
  'user.profile.write',
  'user.appointment.read',
  'user.appointment.write',
] as const

export type Scope = (typeof SCOPES)[number]

const SCOPE_SET = new Set<string>(SCOPES)

/** True when `value` is one of {@link SCOPES}. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && SCOPE_SET.has(value)
}

/**
 * Any scope name: the platform decides which scopes exist, and the host which are enabled for a
 * widget. Autocompletes the known ones ({@link Scope}) and accepts any other string.
 */
export type ScopeName = Scope | (string & {})

/** Longest scope name accepted. */
export const MAX_SCOPE_NAME = 128

/** Dotted lowercase words: each starts with a letter, then letters, digits or `_`; two or more. */
const SCOPE_NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/

/** True when `value` is a well-formed scope name, such as `provider.appointment.webhook`. */
export function isScopeName(value: unknown): value is ScopeName {
  return typeof value === 'string' && value.length <= MAX_SCOPE_NAME && SCOPE_NAME.test(value)
}
