import { validateFlow, validateRedirect } from '../../events/index.js'
import { invalid, type NavigationOutcome, SIGN_IN_PATH } from '../../events/wire.js'
import type { CallContext } from '../types.js'

/** The pathname as a server may read it: percent-encoded unreserved characters decoded. */
function canonical(pathname: string): string {
  return pathname.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9._~-]/.test(c) ? c : encoded
  })
}

/**
 * Whether `pathname` (a resolved URL's, so dot segments are gone) may be a redirect's target: not
 * the platform's sign-in page nor anything below it, whatever its case, encoding or `;`
 * parameters (a server may read `/SignIn;x` or `/%73ignin` as the same route), and, when the
 * panel lists its pages, one of them or below one.
 */
export function isPanelPage(pathname: string, pages?: readonly string[]): boolean {
  const path = canonical(pathname)
  const first = (path.split('/')[1] ?? '').split(';')[0]!.toLowerCase()
  if (first === SIGN_IN_PATH.slice(1) || first.startsWith(`${SIGN_IN_PATH.slice(1)}.`)) return false
  if (!pages) return true
  return pages.some((page) =>
    page.endsWith('/') ? path.startsWith(page) : path === page || path.startsWith(`${page}/`),
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
