import { validateFlow, validateRedirect } from '../events/index.js'
import { invalid, type NavigationOutcome } from '../events/wire.js'
import type { CallContext } from './types.js'

/**
 * `redirect.dispatch`: doctor panel only. The path was checked to be a panel path; the URL is
 * built on the panel origin and checked again to stay on it.
 */
export async function redirect(raw: unknown, call: CallContext): Promise<NavigationOutcome> {
  const { path, newContext } = validateRedirect(raw)
  const { options, panelOrigin } = call
  if (options.context !== 'doctor-panel') {
    call.warn(`redirect.dispatch has no effect in the ${options.context} context`)
    return { applied: false }
  }
  const url = new URL(path, panelOrigin)
  if (url.origin !== panelOrigin) throw invalid('path', 'must stay on the panel origin')
  const win = call.layer.doc.defaultView
  if (newContext) {
    if (options.openWindow) options.openWindow(url.href)
    else win?.open(url.href, '_blank', 'noopener,noreferrer')
  } else if (options.navigate) await options.navigate(url.href)
  else win?.location.assign(url.href)
  return { applied: true }
}

/** `flow.dispatch`: booking flow only, through the page's `onFlow` handler. */
export async function flow(raw: unknown, call: CallContext): Promise<NavigationOutcome> {
  const { flowKey, options: flowOptions } = validateFlow(raw)
  const { options } = call
  if (options.context !== 'booking-flow' || !options.onFlow) {
    call.warn(
      options.onFlow
        ? `flow.dispatch has no effect in the ${options.context} context`
        : 'flow.dispatch has no effect: the page gave no onFlow handler',
    )
    return { applied: false }
  }
  await options.onFlow(flowKey, flowOptions)
  return { applied: true }
}
