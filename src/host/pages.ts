import { validatePath } from '../events/index.js'
import { invalid } from '../events/wire.js'

/** How a panel mounts a widget at one of its own pages (`mount(slot, app_key, { path })`). */
export interface MountOptions {
  /**
   * A page of the widget below its registered URL, relative to it, query included: the `{rest}`
   * of the panel route `/_/{app_key}/{rest}` (`launcher/?direct=true`). It never leaves the
   * registered URL's origin nor climbs above its folder; anything else is `INVALID_ARGUMENT`.
   */
  path?: string
}

/** A `.` or `..` segment, plain or percent-encoded. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

/**
 * The URL of the widget's page at `path`, below `registered` (the widget's registered URL).
 * `path` comes from the panel's address bar, which a widget can steer (`redirect.dispatch`), so
 * it gets the panel path rules (no `//`, backslash, control or encoded slash) and no dot segment,
 * and the result must stay in the registered URL's folder on its origin.
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
  const folder = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1)
  const url = new URL(rest, base)
  if (url.origin !== base.origin || !url.pathname.startsWith(folder)) {
    throw invalid('path', `must stay below ${base.origin}${folder}`)
  }
  return url.href
}
