import { ErrorCode, type Locale, PlatformError, type ScopeName } from '../events/index.js'
import { holdingSlot, show, traceRefusal } from './ask.js'
import type { BackendCall } from './backend.js'
import { withBackend } from './backend-call.js'
import { sentence } from './dialog/dialog.js'
import { h } from './dialog/dom.js'
import { describeScope, type ScopeReason, type Strings, strings } from './dialog/i18n.js'
import { unexpectedEnd } from './dialog/outcome.js'
import { withDetail } from './messages.js'
import { nameIn } from './names.js'
import type { CallContext, HostOptions } from './types.js'

/** What `getSessionToken` reads of the panel's options. */
export type Reads = 'backend' | 'context' | 'profile'

/** The scopes of `scope` not in `list`; none (the common case) allocates nothing. */
function missing(scope: readonly ScopeName[], list: readonly ScopeName[]): ScopeName[] | undefined {
  let out: ScopeName[] | undefined
  for (const s of scope) {
    if (list.includes(s)) continue
    out ??= []
    out.push(s)
  }
  return out
}

/**
 * Why this page's user cannot give a `provider.*` scope, or `undefined` where they can. In the
 * booking flow the user is a patient. On a doctor's profile the viewer is usually a patient too,
 * and a provider's scope is that doctor's alone: only their own profile, signed in as themselves
 * (`HostOptions.profile`), may ask; a panel that does not say who is looking refuses it. The doctor
 * panel is the signed-in doctor's own.
 */
export function providerRefusal(
  options: Pick<HostOptions, 'context' | 'profile'>,
): { message: string; reason: ScopeReason } | undefined {
  if (options.context === 'booking-flow')
    return { message: 'Not in the booking flow, where the user is a patient', reason: 'patient' }
  if (options.context !== 'doctor-profile') return undefined
  const { provider_id, user_id } = options.profile ?? {}
  if (typeof provider_id === 'string' && provider_id !== '' && user_id === provider_id) {
    return undefined
  }
  return {
    message: "Not on a doctor's profile, unless the signed-in user is that doctor",
    reason: 'viewer',
  }
}

/**
 * The consent machinery behind a session token: refuses scopes the widget does not have enabled
 * (and `provider.*` scopes where the user is not the provider they are for: see
 * {@link providerRefusal}), skips the dialog when the user already approved every requested
 * scope, and otherwise asks. Shared by `getSessionToken`'s handler
 * (`src/operations/getSessionToken/handler.ts`, which adds the widget's `timeout`) and the
 * sign-in page (`runSignIn`).
 */
export async function sessionToken(scope: ScopeName[], call: CallContext<Reads>): Promise<string> {
  const { widget, options } = call
  const { backend } = options
  const app_key = widget.app_key
  // A provider's scope the user cannot give is refused before any dialog, whatever the widget
  // has enabled.
  const provider = scope.filter((s) => s.startsWith('provider.'))
  const refusal = provider.length ? providerRefusal(options) : undefined
  if (refusal) {
    throw withDetail(
      new PlatformError(ErrorCode.INVALID_SCOPE, `${refusal.message}: ${provider.join(', ')}`),
      provider.join(', '),
      refusal.reason,
    )
  }
  const notEnabled = missing(scope, widget.scopes)
  if (notEnabled) {
    throw withDetail(
      new PlatformError(
        ErrorCode.INVALID_SCOPE,
        `Not enabled for ${app_key}: ${notEnabled.join(', ')}`,
      ),
      notEnabled.join(', '),
    )
  }
  const issue = (o: BackendCall) => backend.issueSessionToken({ app_key, scopes: scope }, o)
  // Every scope already approved (most calls): the token at once.
  if (!missing(scope, await withBackend(call, (o) => backend.getConsent(app_key, o)))) {
    return await withBackend(call, issue)
  }
  const covered = (granted: ScopeName[]) => !missing(scope, granted)
  // One pending consent request per widget: a flood of them cannot fill the queue.
  if (call.guard.consentPending) {
    const busy = new PlatformError(
      ErrorCode.DIALOG_BUSY,
      'A consent request of this widget is already waiting for the user',
    )
    traceRefusal(call, 'consent', busy)
    throw busy
  }
  call.guard.consentPending = true
  try {
    return await askConsent(call, scope, covered, issue)
  } finally {
    call.guard.consentPending = false
  }
}

function askConsent(
  call: CallContext<'backend'>,
  scope: ScopeName[],
  covered: (granted: ScopeName[]) => boolean,
  issue: (o: BackendCall) => Promise<string>,
): Promise<string> {
  const { widget, options, layer, locale } = call
  const { backend } = options
  const app_key = widget.app_key
  // Consent queues: the request waiting behind an open dialog often finds it already given.
  return holdingSlot(call, { kind: 'consent', queue: true }, async () => {
    const granted = await withBackend(call, (o) => backend.getConsent(app_key, o))
    if (covered(granted)) return await withBackend(call, issue)
    const doc = layer.doc
    const render = (t: Strings, locale: Locale) => ({
      title: sentence(doc, t.consentTitle, nameIn(widget.name, locale)),
      content: [
        h(doc, 'p', {}, t.consentIntro),
        h(
          doc,
          'ul',
          {},
          ...scope.map((s) => {
            const words = describeScope(s, locale)
            // A scope the host has no words for is named as it is, after a generic line.
            const unlisted = [
              t.scopeUnlisted,
              ' ',
              h(doc, 'bdi', { dir: 'ltr' }, h(doc, 'code', {}, s)),
            ]
            return h(doc, 'li', { 'data-scope': s }, ...(words ? [words] : unlisted))
          }),
        ),
      ],
      confirmLabel: t.consentAllow,
    })
    const outcome = await show(call, {
      kind: 'consent',
      ...render(strings(locale), locale),
      render,
      run: async (o) => {
        await backend.recordConsent(app_key, [...new Set([...granted, ...scope])], o)
        return issue(o)
      },
    })
    if (outcome.kind === 'confirm') return outcome.value
    if (outcome.kind === 'close') {
      throw new PlatformError(ErrorCode.USER_CLOSED_POPUP, 'The user closed the consent window')
    }
    return unexpectedEnd(outcome)
  })
}
