import type { Locale, SmsActivateResult } from '../../events/index.js'
import { ask } from '../../host-kit/ask.js'
import { withBackend } from '../../host-kit/backend-call.js'
import { sentence } from '../../host-kit/dialog/dialog.js'
import { h } from '../../host-kit/dialog/dom.js'
import { type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { errorMessage, unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { nameIn } from '../../host-kit/names.js'
import { smsOutcomeChooser } from '../../host-kit/test-outcomes.js'
import type { CallContext } from '../../host-kit/types.js'
import { words } from './words.js'

/**
 * `sms.activate`: resolves at once when SMS is already active; otherwise asks the doctor to
 * let the widget send SMS in their name and from their credit.
 */
export async function handle(
  _request: Record<string, never>,
  call: CallContext<'backend'>,
): Promise<SmsActivateResult> {
  const { widget, options, locale, layer } = call
  const error = (e: unknown): SmsActivateResult => ({
    event: 'PLATFORM_SMS_ACTIVATE_ERROR',
    message: errorMessage(e),
  })
  try {
    if ((await withBackend(call, (o) => options.backend.smsStatus(o))).active)
      return { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' }
  } catch (e) {
    return error(e)
  }
  const doc = layer.doc
  // A dev host's outcome choice: the first drawing is the one on screen, whose choice counts; a
  // redraw in another locale only lends its words.
  let chooser: ReturnType<typeof smsOutcomeChooser>
  const render = (t: Strings, locale: Locale) => {
    const w = words[locale]
    const drawn = smsOutcomeChooser(doc, call.testOutcomes, t, 'activate')
    chooser ??= drawn
    return {
      title: w.smsActivateTitle,
      content: [
        h(doc, 'p', {}, ...sentence(doc, w.smsActivateBody, nameIn(widget.name, locale))),
        ...(drawn ? [drawn.field] : []),
      ],
      confirmLabel: w.smsActivateButton,
    }
  }
  const outcome = await ask(call, {
    kind: 'sms-activate',
    ...render(strings(locale), locale),
    render,
    run: (o) => (chooser?.calls() ?? options.backend).smsActivate(widget.app_key, o),
  })
  if (outcome.kind === 'confirm') return { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' }
  if (outcome.kind === 'close') return { event: 'PLATFORM_SMS_ACTIVATE_CANCEL' }
  if (outcome.kind === 'error') return error(outcome.error)
  return unexpectedEnd(outcome)
}
