import { normalTopLevelPath, topLevelPagesProblem } from '../events/top-level-pages.js'
import { invalid } from '../events/wire.js'
import { checkServerPath } from '../host-kit/path-rules.js'
import type { WidgetRegistration } from './types.js'

/**
 * The widgets' `topLevelPages` checked when they are registered (`createHost`, `runSignIn`): each
 * an absolute path on the widget's origin, no query, no fragment, written as the browser reads it
 * and passing the path rules a server may read otherwise (`checkServerPath`). The first mistake
 * is `INVALID_ARGUMENT` naming it: `widgets[1].topLevelPages[0]: cal: must start with "/" …`.
 *
 * @example
 * checkTopLevelPages([{ app_key: 'cal', topLevelPages: ['/app/', '/app/start.html'] }]) // passes
 */
export function checkTopLevelPages(
  widgets: readonly Pick<WidgetRegistration, 'app_key' | 'topLevelPages'>[],
): void {
  for (const [i, widget] of widgets.entries()) {
    const field = `widgets[${i}].topLevelPages`
    const found = topLevelPagesProblem(widget.topLevelPages)
    if (found) throw invalid(`${field}${found.at}`, `${widget.app_key}: ${found.problem}`)
    for (const [j, page] of (widget.topLevelPages ?? []).entries()) {
      checkServerPath(page, `${field}[${j}]`)
    }
  }
}

/**
 * The URL a sign-in goes back to for `path` (a request's `return`, already checked as a path
 * without query or fragment): the widget's registered origin plus one of its registered top-level
 * pages, compared exactly once both are as the browser reads them (dot segments resolved,
 * characters encoded, no case folded). Anything else is `INVALID_ARGUMENT` (`return`) naming the
 * list, so a page of the widget that redirects (`/app/redir?to=…`) never receives an answer.
 *
 * @example
 * topLevelReturn({ url: 'https://w.example/app/', topLevelPages: ['/app/start'] }, '/app/start')
 * // 'https://w.example/app/start'
 */
export function topLevelReturn(
  widget: Pick<WidgetRegistration, 'url' | 'topLevelPages'>,
  path: string,
): string {
  const pages = widget.topLevelPages ?? []
  const wanted = normalTopLevelPath(path)
  if (!pages.some((page) => normalTopLevelPath(page) === wanted)) {
    throw invalid(
      'return',
      pages.length
        ? `must be one of the widget's registered top-level pages: ${pages.join(', ')}`
        : 'the widget registers no top-level pages (topLevelPages), so no sign-in goes back to it',
    )
  }
  return new URL(wanted, new URL(widget.url).origin).href
}
