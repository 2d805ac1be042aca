import { ErrorCode, PlatformError, type RedirectRequest } from '../../events/index.js'
import type { NavigationOutcome } from '../../events/wire.js'
import { widgetActivation } from '../../host-kit/activation.js'
import { consumeActivation } from '../../host-kit/dialog/frames.js'
import { redirectTarget } from '../../host-kit/path-rules.js'
import type { CallContext } from '../../host-kit/types.js'

/**
 * `redirect.dispatch`: doctor panel only (the row's context; elsewhere the call pipeline answers
 * it with no effect, after {@link redirectTarget}). A new tab only on the widget's own click
 * (see {@link openPanelTab}).
 */
export async function handle(
  request: RedirectRequest,
  call: CallContext<'panelPages' | 'openWindow' | 'navigate'>,
): Promise<NavigationOutcome> {
  const { options } = call
  const url = redirectTarget(request, call)
  if (request.newContext) await openPanelTab(url.href, call)
  else if (options.navigate) await options.navigate(url.href)
  else call.layer.doc.defaultView?.location.assign(url.href)
  return { applied: true }
}

/**
 * Opens a panel page in a new tab for `redirect.dispatch({ newContext: true })`, only on this
 * widget's own click. The panel's activation alone is anyone's (a click on its header, another
 * widget, a dialog): a widget polling the call would open a tab on each of them, and every new
 * tab would meet the widget with none of this tab's limits. So: no tab while the widget cools
 * down or a dialog is open or waiting, none without a click in the widget's frame, and one tab
 * per click (the activation is used up, by `window.open` in Chromium and by the host
 * everywhere).
 */
async function openPanelTab(href: string, call: CallContext<'openWindow'>): Promise<void> {
  const refuse = () => {
    call.guard.checkCooldown()
    if (call.slot.busy) {
      throw new PlatformError(
        ErrorCode.DIALOG_BUSY,
        'A dialog is open; a new tab opens only when none is',
      )
    }
  }
  refuse()
  const win = call.layer.doc.defaultView
  const clicked = win !== null && (await widgetActivation(win, call))
  refuse()
  if (!clicked) {
    throw new PlatformError(
      ErrorCode.POPUP_BLOCKED,
      'A new tab opens only on a click in this widget, one tab per click: call redirect.dispatch({ newContext: true }) in its click handler',
    )
  }
  const { openWindow } = call.options
  if (openWindow) openWindow(href)
  else win.open(href, '_blank', 'noopener,noreferrer')
  consumeActivation(call.layer.doc, call.layer.root)
}

/**
 * Outside its row's contexts (`no-effect`), the path is still checked: a redirect's path is
 * refused wherever it is sent.
 */
export const outside = { check: redirectTarget }
