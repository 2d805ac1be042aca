// A widget's pages, registered by key, and the panel route that picks one (matching,
// filling, merging the query, and the checks of the registration itself).
import { validatePath } from '../events/index.js'
import { invalid } from '../events/wire.js'

/**
 * What the original platform's panel reads to lay out a widget's page: its header, footer,
 * bottom navigation and an app bar with a back button. The host does not read them; a panel may.
 */
export interface PageLayout {
  header?: boolean
  footer?: boolean
  bottomNavigation?: boolean
  appBar?: boolean
}

/**
 * One page of a widget, as the original platform registers it. The panel route
 * `/_/{app_key}/{key}/{params…}` shows it: the page whose `key` matches and whose `parameters`
 * count equals the number of segments after the key.
 *
 * @example
 * { key: 'launcher', embed_src: 'https://w.example/app/?view=launcher' }
 * { key: 'visit', embed_src: 'https://w.example/app/visits/{{id}}', parameters: ['id'] }
 */
export interface WidgetPage {
  key: string
  /**
   * The page's URL, on the widget's registered origin, with a `{{name}}` placeholder for each of
   * `parameters` (in the path or the query), filled from the route's segments, each encoded.
   */
  embed_src: string
  /** The placeholder names, in the order the route's segments fill them. Default none. */
  parameters?: string[]
  /** The page's display name (rendered as text). */
  name?: string
  /** Whether the page needs the user signed in to the platform. The panel decides what to do. */
  protected?: boolean
  layout?: PageLayout
}

/** How a panel mounts a widget: at its root, at one of its registered pages, or at a path. */
export interface MountOptions {
  /**
   * The key of one of the widget's registered `pages`; with `params` (as many as the page's
   * `parameters`) and `query`. An unknown key, or another number of params, is
   * `INVALID_ARGUMENT` (field `page`) and nothing is mounted: the panel shows its not-found view.
   */
  page?: string
  /** The page's parameters, decoded, one path segment each: no `/`, `\`, `.`, `..` or control. */
  params?: string[]
  /** Merged into the page's query; the keys given here win. `'?direct=true'` or `{ direct: 'true' }`. */
  query?: string | Record<string, string>
  /**
   * The `{rest}` of the panel route `/_/{app_key}/{rest}`, query included (`launcher/?direct=true`).
   * A widget that registers `pages`: read as `{page}/{params…}?{query}` and matched against them
   * (the pages win; it never becomes a path below the widget's URL). A widget without pages: a
   * page below its registered URL, never leaving its origin nor climbing above its folder.
   * `''` is the widget's root either way. Not together with `page`.
   */
  path?: string
  /**
   * Full-height mode, for a widget shown as a page: the frame takes its element's whole height
   * (`height: 100%`; give the element one) and the widget scrolls inside; its height reports are
   * not applied. Default: the frame follows the widget's content height.
   */
  fill?: boolean
}

/** A `.` or `..` segment, plain or percent-encoded. */
export const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i
export const PLACEHOLDER = /\{\{([^{}]*)\}\}/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * The URL of the widget's page at `path`, below `registered` (the widget's registered URL), for a
 * widget that registers no pages. `path` comes from the panel's address bar, which a widget can
 * steer (`redirect.dispatch`), so it gets the panel path rules (no `//`, backslash, control or
 * encoded slash) and no dot segment, and the result must stay in the registered URL's folder on
 * its origin.
 *
 * @example
 * widgetPageUrl('https://w.example/app/', 'launcher/?direct=true') // 'https://w.example/app/launcher/?direct=true'
 */
export function widgetPageUrl(registered: string, path: unknown): string {
  if (typeof path !== 'string') throw invalid('path', 'expected a string')
  const rest = path.startsWith('/') ? path.slice(1) : path
  validatePath(`/${rest}`)
  const [pathPart = ''] = rest.split(/[?#]/, 1)
  if (pathPart.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    throw invalid('path', 'must not contain "." or ".." segments')
  }
  const base = new URL(registered)
  const folder = folderOf(base)
  const url = new URL(rest, base)
  if (url.origin !== base.origin || !url.pathname.startsWith(folder)) {
    throw invalid('path', `must stay below ${base.origin}${folder}`)
  }
  return url.href
}

const folderOf = (url: URL) => url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)

/**
 * A panel route's `{rest}` as a page request: `launcher/?direct=true` is the page `launcher`, no
 * params, query `?direct=true`. A trailing slash is no segment. Each segment is decoded; the
 * panel path rules apply first (no `//`, backslash, control, encoded slash).
 *
 * @example
 * pageRequest('visit/42?tab=notes') // { page: 'visit', params: ['42'], query: '?tab=notes' }
 */
export function pageRequest(path: unknown): { page: string; params: string[]; query: string } {
  if (typeof path !== 'string') throw invalid('path', 'expected a string')
  const rest = path.startsWith('/') ? path.slice(1) : path
  validatePath(`/${rest}`)
  const cut = rest.search(/[?#]/)
  const pathPart = cut < 0 ? rest : rest.slice(0, cut)
  const query = cut < 0 ? '' : (rest.slice(cut).split('#', 1)[0] ?? '')
  const segments = pathPart.split('/')
  if (segments.length > 1 && segments.at(-1) === '') segments.pop()
  const [page = '', ...encoded] = segments
  const params = encoded.map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      throw invalid('path', `"${segment}" is not a well-encoded segment`)
    }
  })
  return { page, params, query }
}

/**
 * The page of `pages` that a request for `key` with `count` parameters shows, or `undefined`: the
 * key must match and the page must take exactly that many parameters (the original's rule, so one
 * key can have pages of several arities).
 */
export function matchPage(
  pages: readonly WidgetPage[],
  key: string,
  count: number,
): WidgetPage | undefined {
  return pages.find((p) => p.key === key && (p.parameters?.length ?? 0) === count)
}

/** A parameter value: one path segment once encoded, and nothing a server could read as more. */
function checkParam(value: unknown, index: number): string {
  const field = `params[${index}]`
  if (typeof value !== 'string') throw invalid(field, 'expected a string')
  if (value === '' || value === '.' || value === '..') {
    throw invalid(field, 'must not be empty, "." or ".."')
  }
  if (value.includes('/') || value.includes('\\')) {
    throw invalid(field, 'must be one path segment (no slash or backslash)')
  }
  if (CONTROL.test(value)) throw invalid(field, 'must not contain control characters')
  return value
}

/** `'?a=1'`, `'a=1'` or `{ a: '1' }` as search params. */
function queryOf(query: MountOptions['query']): URLSearchParams {
  if (query === undefined) return new URLSearchParams()
  if (typeof query === 'string') return new URLSearchParams(query)
  if (query === null || typeof query !== 'object')
    throw invalid('query', 'expected a string or an object')
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw invalid(`query.${key}`, 'expected a string')
    params.append(key, value)
  }
  return params
}

/**
 * The URL of `page` with its placeholders filled from `params` (each encoded as one segment) and
 * `query` merged into its own query: a key the request gives replaces the page's values for it.
 *
 * @example
 * pageUrl({ key: 'visit', embed_src: 'https://w.example/v/{{id}}?tab=a', parameters: ['id'] }, ['4 2'], '?tab=b')
 * // 'https://w.example/v/4%202?tab=b'
 */
export function pageUrl(
  page: WidgetPage,
  params: readonly unknown[],
  query?: MountOptions['query'],
): string {
  const names = page.parameters ?? []
  if (params.length !== names.length) {
    throw invalid('params', `page "${page.key}" takes ${names.length}, got ${params.length}`)
  }
  const values = new Map(
    names.map((name, i) => [name, encodeURIComponent(checkParam(params[i], i))]),
  )
  const url = new URL(
    page.embed_src.replace(PLACEHOLDER, (_, name: string) => values.get(name.trim()) ?? ''),
  )
  const extra = queryOf(query)
  if ([...extra.keys()].length) {
    const merged = new URLSearchParams(url.search)
    for (const key of new Set(extra.keys())) {
      merged.delete(key)
      for (const value of extra.getAll(key)) merged.append(key, value)
    }
    url.search = merged.toString()
  }
  return url.href
}

/** A widget as far as its pages go. */
interface PagedWidget {
  app_key: string
  url: string
  pages?: readonly WidgetPage[]
}

/**
 * The frame's URL for `options`: the widget's root, one of its pages (by key or through a route's
 * path), or a path below its URL for a widget without pages. Throws `INVALID_ARGUMENT`: field
 * `page` for a page it does not register (a key unknown, or another number of params).
 */
export function mountUrl(widget: PagedWidget, options: MountOptions): string {
  const { page, params, query, path } = options
  if (page !== undefined && path !== undefined) {
    throw invalid('page', 'give a page or a path, not both')
  }
  const pages = widget.pages ?? []
  let request: { page: string; params: readonly unknown[]; query?: MountOptions['query'] }
  if (page !== undefined) {
    if (params !== undefined && !Array.isArray(params)) throw invalid('params', 'expected an array')
    request = { page, params: params ?? [], query }
  } else if (path === undefined || path === '' || path === '/') {
    return widget.url
  } else if (!pages.length) {
    return widgetPageUrl(widget.url, path)
  } else {
    // A path of the root's own query (`?direct=true`) is the root with that query.
    request = pageRequest(path)
    if (request.page === '') return new URL(request.query as string, widget.url).href
  }
  const found = matchPage(pages, request.page, request.params.length)
  if (!found) {
    throw invalid(
      'page',
      `${widget.app_key} registers no page "${request.page}" with ${request.params.length} parameter(s)`,
    )
  }
  return pageUrl(found, request.params, request.query)
}
