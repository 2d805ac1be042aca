import type { ErrorCode, Scope } from '../../events/index.js'

/** How a payment made in a development panel ends. */
export type PaymentOutcome =
  | 'succeed'
  | 'declined'
  | 'insufficient_funds'
  | 'platform_error'
  | 'timeout'

/** Why a scope was refused, where the message says more than "not enabled" (see `consent.ts`). */
export type ScopeReason = 'viewer' | 'patient'

/** A doctor-facing message for an error code; `detail` is what the error carries (see `messages.ts`). */
type ErrorMessages = Partial<
  Record<ErrorCode, string | ((detail?: string, reason?: ScopeReason) => string)>
>

/**
 * The host's words in English that several dialogs share (the buttons, consent, the payment
 * summary's rows, the test outcomes, the currency) and its errors' that a doctor may read: a chunk
 * of their own, loaded with the dialogs when the panel shows English (`catalog.ts`). A dialog's
 * own words are its operation's, in its folder (`src/operations/<name>/words.ts`, both locales).
 * `words-fa.ts` has the same keys, checked against these.
 */
export const words = {
  close: 'Close',
  cancel: 'Cancel',
  processing: 'Processing…',
  failed: 'This did not go through: the platform reported an error. Close this window.',
  requestedBy: 'Requested by',
  notActiveYet: 'Not active yet: the button works in a moment.',
  focusPaused:
    'Paused: something on this page took the keyboard from this window. Check what you typed, then click or type here to go on.',
  consentTitle: (name: string) => `${name} asks for access`,
  consentIntro: 'This widget will be able to:',
  consentAllow: 'Allow',
  paymentItem: 'Item',
  paymentPrice: 'Price',
  payButton: (price: string) => `Pay ${price}`,
  testOutcome: 'Test outcome (development panel only)',
  testOutcomes: {
    succeed: 'Succeeds',
    declined: 'Card declined',
    insufficient_funds: 'Insufficient funds',
    platform_error: 'The platform fails',
    timeout: 'Timeout (charged, no answer)',
  } as Record<PaymentOutcome, string>,
  smsActivateOutcomes: { succeed: 'Activated', declined: 'The platform declines' },
  currency: 'Rials',
  scopeUnlisted: 'Access named by the platform:',
  /** Messages of host errors a doctor may read, by code (see `messages.ts`). */
  errors: {
    USER_CLOSED_POPUP: 'The dialog was closed without confirming.',
    DIALOG_BUSY: 'Another window is open in the panel. Finish it, then try again.',
    DIALOG_COOLDOWN: (seconds?: string) =>
      `This widget's windows are paused for a while. Try again in ${seconds ? `${seconds} seconds` : 'a minute'}.`,
    RATE_LIMITED: 'This widget sent too many requests. Try again in a moment.',
    INVALID_SCOPE: (scopes?: string, reason?: ScopeReason) =>
      `${reason === 'viewer' ? 'Only the doctor whose profile this is can give this access, and you are not signed in as that doctor' : reason === 'patient' ? 'This access is not given in the booking flow, where the user is a patient' : 'This access is not enabled for this widget'}${scopes ? `: ${scopes}` : '.'}`,
    TIMEOUT: 'The request took too long and was stopped. Please try again.',
    BACKEND_ERROR: (detail?: string) =>
      `The platform could not complete the request${detail ? `: ${detail}` : '.'}`,
    WRONG_CONTEXT: 'This action is not available on this page of the panel.',
    PANEL_FRAMED:
      'This panel page is shown inside another site, so it cannot ask you to confirm anything. Open the panel directly.',
  } as ErrorMessages,
  /** Plain words for each scope, shown in the consent dialog. */
  scopes: {
    'provider.profile.read': 'See your profile, expertise and centers',
    'provider.profile.write': 'Edit your profile',
    'provider.appointment.read': 'See your appointments',
    'provider.appointment.write': 'Cancel your appointments',
    'provider.appointment.webhook': 'Be told when your appointments change',
    'provider.management.read': 'See your work hours and vacations',
    'provider.management.write': 'Change your work hours and vacations',
    'provider.prescription.read': 'Search the prescription catalog and check insurance',
    'provider.sms.read': 'See your SMS credit',
    'provider.sms.write': 'Send SMS in your name',
    'app.chatbot.messaging': 'Send you messages through its bot',
    'user.profile.read': 'See your user information',
    'user.profile.write': 'Edit your user information',
    'user.appointment.read': 'See your bookings',
    'user.appointment.write': 'Cancel your bookings',
  } as Record<Scope, string>,
}

/** The words dialogs share, in one locale. */
export type Words = typeof words
