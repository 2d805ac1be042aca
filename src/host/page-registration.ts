// A widget's registered pages, checked as the panel registers it (`createHost`, the dev config):
// what a page may be, apart from how the host builds a page's URL (pages.ts).
import { invalid } from '../events/wire.js'
import { DOT_SEGMENT, type PageLayout, PLACEHOLDER, type WidgetPage } from '../host-kit/pages.js'

/** A page key: one path segment of plain characters. */
const PAGE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/
const PARAMETER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/**
 * A widget's `pages` checked when it is registered (`createHost`, the dev config): each key a
 * plain segment, each `embed_src` an absolute URL on `origin` whose placeholders are exactly its
 * `parameters`, and no two pages with one key and one parameter count. The message names the
 * entry: `pages[1].embed_src: …`. Returns the pages with their names cleaned by `clean`.
 */
export function checkPages(
  app_key: string,
  origin: string,
  pages: unknown,
  clean: (text: string) => string = (t) => t,
): WidgetPage[] | undefined {
  if (pages === undefined) return undefined
  if (!Array.isArray(pages)) throw invalid('pages', `${app_key}: expected an array`)
  const seen = new Set<string>()
  return pages.map((raw, i) => {
    const at = (field: string, message: string) =>
      invalid(`pages[${i}]${field}`, `${app_key}: ${message}`)
    if (raw === null || typeof raw !== 'object') throw at('', 'expected an object')
    const page = raw as Record<string, unknown>
    if (typeof page.key !== 'string' || !PAGE_KEY.test(page.key) || DOT_SEGMENT.test(page.key)) {
      throw at('.key', 'expected a key like "launcher" (letters, digits, . _ -)')
    }
    const parameters = page.parameters ?? []
    if (
      !Array.isArray(parameters) ||
      !parameters.every((p) => typeof p === 'string' && PARAMETER.test(p)) ||
      new Set(parameters).size !== parameters.length
    ) {
      throw at('.parameters', 'expected distinct names like "id" (letters, digits, _)')
    }
    if (typeof page.embed_src !== 'string') throw at('.embed_src', 'expected a URL')
    const used = [...page.embed_src.matchAll(PLACEHOLDER)].map((m) => (m[1] ?? '').trim())
    const unknown = used.find((name) => !parameters.includes(name))
    if (unknown !== undefined) throw at('.embed_src', `{{${unknown}}} is not one of its parameters`)
    const unused = parameters.find((name: string) => !used.includes(name))
    if (unused !== undefined)
      throw at('.parameters', `"${unused}" has no {{${unused}}} in embed_src`)
    let src: URL
    try {
      src = new URL(page.embed_src.replace(PLACEHOLDER, 'x'))
    } catch {
      throw at('.embed_src', 'not an absolute URL')
    }
    // Placeholders only after the origin and the path's first slash: a segment never picks a host.
    const head = page.embed_src.split('{{', 1)[0] ?? ''
    if (
      src.origin !== origin ||
      src.username ||
      src.password ||
      !head.toLowerCase().startsWith(`${origin}/`.toLowerCase())
    ) {
      throw at('.embed_src', `must be on the widget's origin ${origin}`)
    }
    const id = `${page.key}/${parameters.length}`
    if (seen.has(id)) {
      throw at('.key', `"${page.key}" with ${parameters.length} parameter(s) is registered twice`)
    }
    seen.add(id)
    if (page.name !== undefined && typeof page.name !== 'string')
      throw at('.name', 'expected a text')
    if (page.protected !== undefined && typeof page.protected !== 'boolean') {
      throw at('.protected', 'expected true or false')
    }
    if (page.layout !== undefined && (page.layout === null || typeof page.layout !== 'object')) {
      throw at('.layout', 'expected an object')
    }
    return {
      key: page.key,
      embed_src: page.embed_src,
      ...(parameters.length ? { parameters: [...parameters] } : {}),
      ...(typeof page.name === 'string' ? { name: clean(page.name) } : {}),
      ...(page.protected !== undefined ? { protected: page.protected as boolean } : {}),
      ...(page.layout !== undefined ? { layout: { ...(page.layout as PageLayout) } } : {}),
    }
  })
}
