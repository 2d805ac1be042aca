import type { FlowRequest, RedirectRequest } from '../../events/index.js'
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
 * Where a redirect goes: the path was checked to be a panel path; the URL is built on the panel
 * origin and checked again to stay on it, and to be a panel page: never the platform's own routes
 * (the sign-in page, whose answer leaves the panel for the widget's site). These checks stand
 * outside the doctor panel too, where the call has no effect.
 */
export function redirectTarget({ path }: RedirectRequest, call: CallContext<'panelPages'>): URL {
  const { options, panelOrigin } = call
  checkServerPath(path, 'path')
  const url = new URL(path, panelOrigin)
  if (url.origin !== panelOrigin) throw invalid('path', 'must stay on the panel origin')
  if (!isPanelPage(url.pathname, options.panelPages)) {
    throw invalid('path', 'must be a page of the panel, not one of the platform’s own routes')
  }
  return url
}

/**
 * `redirect.dispatch`: doctor panel only (the row's context; elsewhere the call pipeline answers
 * it with no effect, after {@link redirectTarget}).
 */
export async function redirect(
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

/**
 * `flow.dispatch`: booking flow only (the row's context), through the page's `onFlow` handler;
 * no effect without one.
 */
export async function flow(
  { flowKey, options: flowOptions }: FlowRequest,
  call: CallContext<'onFlow'>,
): Promise<NavigationOutcome> {
  const { onFlow } = call.options
  if (!onFlow) {
    call.warn('flow.dispatch has no effect: the page gave no onFlow handler')
    return { applied: false }
  }
  await onFlow(flowKey, flowOptions)
  return { applied: true }
}
