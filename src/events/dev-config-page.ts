import { type DevConfigText, fail, fields, isRecord, list, text } from './dev-config-fields.js'
import { urlOf } from './dev-config-urls.js'

/** A page a widget is mounted in (the host's `WidgetPage`), as a dev config gives it. */
export interface DevPage {
  key: string
  embed_src: string
  parameters?: string[]
  name?: DevConfigText
  protected?: boolean
  layout?: { header?: boolean; footer?: boolean; bottomNavigation?: boolean; appBar?: boolean }
}

const PAGE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/
const PARAMETER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** `embed_src`'s problem for a widget at `origin`: a `{{name}}` not declared, another origin. */
function embedProblem(embed_src: string, parameters: string[], origin: string) {
  const placeholders = /\{\{([^{}]*)\}\}/g
  const used = [...embed_src.matchAll(placeholders)].map((m) => (m[1] ?? '').trim())
  const unknown = used.find((name) => !parameters.includes(name))
  if (unknown !== undefined) return `{{${unknown}}} is not one of its parameters`
  const filled = embed_src.replace(placeholders, 'x')
  const head = embed_src.split('{{', 1)[0] ?? ''
  const same = urlOf(filled)?.origin === origin
  if (!same || !head.toLowerCase().startsWith(`${origin}/`.toLowerCase())) {
    return `must be on the widget's origin ${origin}`
  }
  return undefined
}

const booleans = (value: unknown) =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'boolean')

/** A page of a widget whose origin is `url` (`apps[0].pages[1]`), checked. */
export function page(raw: unknown, path: string, url: string | undefined): DevPage {
  const { key, embed_src, parameters, name, protected: locked, layout } = fields(raw)
  if (typeof key !== 'string' || !PAGE_KEY.test(key)) {
    fail(`${path}.key`, 'expected a key like "launcher" (letters, digits, . _ -)')
  }
  if (typeof embed_src !== 'string') fail(`${path}.embed_src`, 'expected a URL')
  const names = 'expected names like "id" (letters, digits, _)'
  const params =
    parameters === undefined ? undefined : list(parameters, `${path}.parameters`, names)
  if (params?.some((p) => typeof p !== 'string' || !PARAMETER.test(p))) {
    fail(`${path}.parameters`, names)
  }
  if (locked !== undefined && typeof locked !== 'boolean') {
    fail(`${path}.protected`, 'expected true or false')
  }
  if (layout !== undefined && !booleans(layout)) fail(`${path}.layout`, 'expected true or false')
  const problem = url && embedProblem(embed_src as string, (params ?? []) as string[], url)
  if (problem) fail(`${path}.embed_src`, problem)
  return {
    key: key as string,
    embed_src: embed_src as string,
    ...(params === undefined ? {} : { parameters: params as string[] }),
    ...(name === undefined ? {} : { name: text(name, `${path}.name`) }),
    ...(locked === undefined ? {} : { protected: locked as boolean }),
    ...(layout === undefined ? {} : { layout: layout as DevPage['layout'] }),
  }
}
