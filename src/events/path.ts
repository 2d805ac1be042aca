import { invalid } from './errors.js'
import { kindOf } from './kind-of.js'

// Apart from the other rules (`validate.ts`): the host checks widget URLs and panel paths as it
// mounts, before it has loaded the operations' checks.

/** Longest panel path accepted by `redirect.dispatch`. */
export const MAX_PATH_LENGTH = 2048

/**
 * A panel path: one leading `/`, no `//` before the query, no `\`, no scheme, no host, no control characters,
 * and no percent-encoded slash, backslash or control character. This is what keeps
 * `redirect.dispatch` from being an open redirect.
 */
export function validatePath(path: unknown): string {
  if (typeof path !== 'string') throw invalid('path', `expected a string, got ${kindOf(path)}`)
  if (path.length > MAX_PATH_LENGTH) throw invalid('path', `longer than ${MAX_PATH_LENGTH}`)
  if (!path.startsWith('/')) throw invalid('path', 'must start with "/" (a panel path, no domain)')
  // Anywhere in the path part: `/.//evil.com` resolves to the pathname `//evil.com`.
  if (path.split(/[?#]/, 1)[0]!.includes('//')) throw invalid('path', 'must not contain "//"')
  if (path.includes('\\')) throw invalid('path', 'must not contain a backslash')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(path)) {
    throw invalid('path', 'must not contain control characters')
  }
  // Percent-encoded: / \ C0 controls and DEL, C1 controls (UTF-8 %C2%80–%C2%9F), and the line
  // and paragraph separators U+2028 and U+2029 (%E2%80%A8, %E2%80%A9).
  if (/%(2f|5c|[01][0-9a-f]|7f|c2%[89][0-9a-f]|e2%80%a[89])/i.test(path)) {
    throw invalid('path', 'must not contain an encoded slash, backslash or control character')
  }
  return path
}

/** This machine's names, where widget URLs and `openLink` URLs may be `http:` (`*.localhost` is loopback, RFC 6761). */
export const isLoopback = (hostname: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost')
