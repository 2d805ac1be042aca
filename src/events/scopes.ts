/**
 * The platform scopes of part 5 of the specification.
 *
 * @example
 * await platform.getSessionToken({ scope: ['provider.profile.read'] })
 */
export const SCOPES = [
  'provider.profile.read',
  'provider.profile.write',
  'provider.appointment.read',
  'provider.appointment.write',
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
