import { validateFlow, validateRedirect } from '../../events/index.js'
import { invalid, type NavigationOutcome } from '../../events/wire.js'
import type { CallContext } from '../types.js'
import { checkServerPath, isPlatformRoute } from './path-rules.js'

/**
 * Whether `pathname` (a resolved URL's, so plain dot segments are gone) may be a redirect's
 * target: never one of the platform's own routes (the sign-in page and below, however a server
 * may spell it), and, when the panel lists its pages, one of them or below one.
 */
export function isPanelPage(pathname: string, pages?: readonly string[]): boolean {
  if (isPlatformRoute(pathname)) return false
  if (!pages) return true
  return pages.some((page) =>
    page.endsWith('/')
      ? pathname.startsWith(page)
      : pathname === page || pathname.startsWith(`${page}/`),
  )
}

/**
 * `redirect.dispatch`: doctor panel only. The path was checked to be a panel path; the URL is
 * built on the panel origin and checked again to stay on it, and to be a panel page: never the
 * platform's own routes (the sign-in page, whose answer leaves the panel for the widget's site).
 */
export async function redirect(
  raw: unknown,
  call: CallContext<'context' | 'panelPages' | 'openWindow' | 'navigate'>,
): Promise<NavigationOutcome> {
  const { path, newContext } = validateRedirect(raw)
  const { options, panelOrigin } = call
  checkServerPath(path, 'path')
  const url = new URL(path, panelOrigin)
  if (url.origin !== panelOrigin) throw invalid('path', 'must stay on the panel origin')
  if (!isPanelPage(url.pathname, options.panelPages)) {
    throw invalid('path', 'must be a page of the panel, not one of the platform’s own routes')
  }
  if (options.context !== 'doctor-panel') {
    call.warn(`redirect.dispatch has no effect in the ${options.context} context`)
    return { applied: false }
  }
  const win = call.layer.doc.defaultView
  if (newContext) {
    if (options.openWindow) options.openWindow(url.href)
    else win?.open(url.href, '_blank', 'noopener,noreferrer')
  } else if (options.navigate) await options.navigate(url.href)
  else win?.location.assign(url.href)
  return { applied: true }
}

/** `flow.dispatch`: booking flow only, through the page's `onFlow` handler. */
export async function flow(
  raw: unknown,
  call: CallContext<'context' | 'onFlow'>,
): Promise<NavigationOutcome> {
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
