import {
  ErrorCode,
  type HostContext,
  type Locale,
  PlatformError,
  type ProfileResult,
} from '../../events/index.js'
import { HOST_TIMEOUTS, type ProfileRequest } from '../../events/wire.js'
import { ask } from '../../host-kit/ask.js'
import { withBackend } from '../../host-kit/backend-call.js'
import { sentence } from '../../host-kit/dialog/dialog.js'
import { h } from '../../host-kit/dialog/dom.js'
import { type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { nameIn } from '../../host-kit/names.js'
import type { CallContext } from '../../host-kit/types.js'
import { words } from './words.js'

/**
 * `widget.addToProfile()`, `widget.removeFromProfile()` and `widget.refreshProfile()`: the widget
 * on the signed-in doctor's public profile (the widget channel of spec 4.5), and the profile's
 * cache (spec 4.2). Doctor panel and doctor profile only (the row's contexts). Adding and removing ask the doctor
 * first (refused with `DIALOG_BUSY` while another dialog is open, like payments); a refresh
 * changes nothing the doctor sees, so it does not ask, and has a limit of its own instead (one
 * purge per widget per `LIMITS.profileRefresh`, calls in between coalesced).
 */
export async function handle(
  { action }: ProfileRequest,
  call: CallContext<'backend'>,
): Promise<ProfileResult> {
  const { options, widget, layer } = call
  const backend = options.backend
  const unsupported = () =>
    new PlatformError(ErrorCode.UNSUPPORTED, "This panel cannot change the doctor's profile")
  if (action === 'refresh') {
    const purge = backend.purgeProfileCache
    if (!purge) throw unsupported()
    try {
      // At most one purge per widget per LIMITS.profileRefresh; a call sooner shares the next.
      // A shared purge may start after this call's deadline: it gets a deadline of its own.
      const { signal, deadlines } = call
      await call.guard.profileRefresh.run(() => {
        const deadline = Date.now() + HOST_TIMEOUTS.call
        return withBackend({ signal, deadlines, deadline }, (o) => purge.call(backend, o))
      }, signal)
    } catch (error) {
      if (error instanceof PlatformError) throw error
      throw new PlatformError(ErrorCode.BACKEND_ERROR, errorMessage(error))
    }
    return { refreshed: true }
  }
  const add = action === 'add'
  const change = add ? backend.addToProfile : backend.removeFromProfile
  if (!change) throw unsupported()
  const doc = layer.doc
  const render = (_t: Strings, locale: Locale) => {
    const w = words[locale]
    return {
      title: add ? w.profileAddTitle : w.profileRemoveTitle,
      content: [
        h(
          doc,
          'p',
          {},
          ...sentence(
            doc,
            add ? w.profileAddBody : w.profileRemoveBody,
            nameIn(widget.name, locale),
          ),
        ),
      ],
      confirmLabel: add ? w.profileAddButton : w.profileRemoveButton,
    }
  }
  const outcome = await ask(call, {
    kind: add ? 'profile-add' : 'profile-remove',
    ...render(strings(call.locale), call.locale),
    render,
    run: (o) => change.call(backend, widget.app_key, o),
  })
  if (outcome.kind === 'confirm') return { active: add }
  if (outcome.kind === 'close') {
    throw new PlatformError(
      ErrorCode.USER_CLOSED_POPUP,
      `The user closed the dialog; the profile was not changed`,
    )
  }
  return unexpectedEnd(outcome)
}

/** The words of its `WRONG_CONTEXT` refusal outside the doctor panel and profile. */
export const outside = {
  refusal: (context: HostContext) =>
    `The doctor's profile can be changed from the doctor panel or profile only, not the ${context}`,
}
