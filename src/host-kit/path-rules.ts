import type { RedirectRequest } from '../events/index.js'
import { invalid } from '../events/wire.js'
import type { CallContext } from './types.js'

/**
 * The platform's own routes on the panel origin (the sign-in page, its renewal and code
 * endpoints), by the first segment's name. A widget may never send the panel tab there.
 */
const PLATFORM_ROUTES = ['signin']

/**
 * Spellings a server may read otherwise than the browser does, refused in `field` (a
 * `redirect.dispatch` path, a sign-in's `return`) with `INVALID_ARGUMENT` naming the rule:
 * - `%25` in the path: an encoded `%`, which a server that decodes twice reads as another
 *   escape (`/%2573ignin` is `/%73ignin`, then `/signin`);
 * - a `.` or `..` segment once its `;…` part is removed, plain or encoded: the browser keeps
 *   `/panel/..;/x` as written, Tomcat and Jetty strip `;` and resolve `..` to `/x`;
 * - any `;` in a segment, plain or encoded (`%3B`): path parameters, which such servers drop;
 * - a segment whose escapes decode to invalid UTF-8 (`%C0%AE`, an overlong `.`), which a lenient
 *   decoder reads as the character it spells;
 * - a segment that Unicode normalisation (NFKC) changes (`%E2%80%A5`, "‥", is `..`; `%EF%BC%8F`,
 *   a fullwidth solidus, is `/`), which a server that normalises reads as another path;
 * - with `hash: false`, any `#`: an answer appended to it would land in a fragment the page
 *   chose (`/app/x#@evil#…`).
 * Only the path part is read (up to `?` or `#`); a query keeps its `;` and `%25`.
 *
 * @example
 * checkServerPath('/panel/..;/signin', 'path') // throws INVALID_ARGUMENT "path: a `.` or `..` segment…"
 */
export function checkServerPath(path: string, field: string, options: { hash?: boolean } = {}) {
  if (options.hash === false && path.includes('#')) {
    throw invalid(field, 'must not contain "#" (the answer is sent in the fragment)')
  }
  const part = path.split(/[?#]/, 1)[0]!
  if (/%25/i.test(part)) {
    throw invalid(field, 'must not contain "%25" (an encoded "%" a server may decode again)')
  }
  for (const segment of part.split('/')) {
    const decoded = decode(segment)
    if (
      decoded === segment &&
      /%[0-9a-f]{2}/i.test(segment) &&
      !/%(?![0-9a-f]{2})/i.test(segment)
    ) {
      throw invalid(
        field,
        'must not contain escapes that decode to invalid UTF-8 (a lenient server reads them as characters)',
      )
    }
    if (decoded.normalize('NFKC') !== decoded) {
      throw invalid(
        field,
        'must not contain a segment that Unicode normalisation (NFKC) changes (a server that normalises reads another path)',
      )
    }
    if (/^\.{1,2}$/.test(decoded.split(';', 1)[0]!)) {
      throw invalid(
        field,
        'must not contain a "." or ".." segment, also with ";…" after it (a server resolves it)',
      )
    }
    if (decoded.includes(';')) {
      throw invalid(
        field,
        'must not contain ";" in a path segment (a server may drop what follows)',
      )
    }
  }
}

/** A segment decoded once; one with a malformed escape stays as written (the browser keeps it). */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Whether `pathname`'s first segment names one of the platform's own routes as a server may read
 * it: decoded once, in any case, and cut at its first character that is not a letter or digit.
 * So `/SignIn`, `/%73ignin`, `/signin.html`, `/signin;x`, `/signin%3Bx`, `/signin%20` and
 * `/signin~` are all the sign-in page: servers drop a suffix, a trailing space or `~` (an editor's
 * backup name some map to the file), and the rule must not depend on which one.
 */
export function isPlatformRoute(pathname: string): boolean {
  const first = decode(pathname.split('/')[1] ?? '').toLowerCase()
  const name = /^[a-z0-9]*/.exec(first)![0]
  return PLATFORM_ROUTES.includes(name)
}

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
