import type { RedirectRequest } from '../../events/index.js'
import type { NavigationOutcome } from '../../events/wire.js'
import { redirectTarget } from '../../host/path-rules.js'
import type { CallContext } from '../../host/types.js'

/**
 * `redirect.dispatch`: doctor panel only (the row's context; elsewhere the call pipeline answers
 * it with no effect, after {@link redirectTarget}).
 */
export async function handle(
  request: RedirectRequest,
  call: CallContext<'panelPages' | 'openWindow' | 'navigate'>,
): Promise<NavigationOutcome> {
  const { options } = call
  const url = redirectTarget(request, call)
  const win = call.layer.doc.defaultView
  if (request.newContext) {
    if (options.openWindow) options.openWindow(url.href)
    else win?.open(url.href, '_blank', 'noopener,noreferrer')
  } else if (options.navigate) await options.navigate(url.href)
  else win?.location.assign(url.href)
  return { applied: true }
}
