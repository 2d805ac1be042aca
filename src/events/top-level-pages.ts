// A widget's top-level pages: the paths on its registered origin that may call the SDK outside
// the panel, so the only pages a sign-in's answer may go back to (as OAuth's registered redirect
// URIs). One rule for both readers of a registration, the host (`createHost`, `runSignIn`) and
// the dev config, so it lives here, dependency-free.
import { validatePath } from './validate.js'

/**
 * Why `path` cannot be a top-level page, or undefined when it can: an absolute path (`/app/`,
 * `/app/start.html`) with no query and no fragment, that passes the panel's path rules
 * (`validatePath`: no `//`, backslash or control character), holds no `;` (plain or `%3B`) and
 * no `%25`, and is already what the browser makes of it (no dot segment, plain or encoded, no
 * character it would encode): the page a sign-in goes back to is then exactly the one written.
 *
 * @example
 * topLevelPageProblem('/app/start.html') // undefined
 * topLevelPageProblem('/app/?x=1') // 'must have no query …'
 */
export function topLevelPageProblem(path: unknown): string | undefined {
  try {
    validatePath(path)
  } catch (error) {
    return (error as Error).message.replace(/^path: /, '')
  }
  const text = path as string
  if (text.includes('?') || text.includes('#')) {
    return 'must have no query and no fragment (the SDK keeps the page’s query in the tab)'
  }
  if (/;|%3b/i.test(text)) return 'must not contain ";" (a server may drop what follows)'
  if (/%25/i.test(text)) return 'must not contain "%25" (an encoded "%" a server may decode again)'
  const normal = normalTopLevelPath(text)
  if (normal !== text) {
    return `must be written as the browser reads it: "${normal}" (no dot segment, characters encoded)`
  }
  return undefined
}

/**
 * `path` as the browser resolves it on any origin: dot segments (plain or encoded) gone,
 * characters it encodes encoded, nothing else changed (no case folded). The form a sign-in's
 * `return` is compared in with the registered pages.
 */
export function normalTopLevelPath(path: string): string {
  return new URL(path, 'https://top-level.invalid').pathname
}

/**
 * The first problem of a registration's `topLevelPages`, with where it is (`''` for the list
 * itself, `[1]` for an entry), or undefined when there is none (absent is fine: no top-level
 * page).
 *
 * @example
 * topLevelPagesProblem(['/app/', 'start.html']) // { at: '[1]', problem: 'must start with "/" …' }
 */
export function topLevelPagesProblem(pages: unknown): { at: string; problem: string } | undefined {
  if (pages === undefined) return undefined
  if (!Array.isArray(pages)) {
    return { at: '', problem: 'expected an array of paths such as "/app/start.html"' }
  }
  for (const [i, page] of pages.entries()) {
    const problem = topLevelPageProblem(page)
    if (problem) return { at: `[${i}]`, problem }
    if (pages.indexOf(page) !== i) return { at: `[${i}]`, problem: `"${page}" is listed twice` }
  }
  return undefined
}
