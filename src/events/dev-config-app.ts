// The values of a dev config's widgets, checked once for both readers: the dev command
// (`platform-widget-dev dev`) and the test kit (`createTestHost({ config })`). Dependency-free and
// browser-safe (no Buffer, no zod) for the reason given in dev-config.ts. Each check throws the
// first problem it finds, with its path (`apps[0].products[1].price`); the fields of a widget are
// checked in the order of `DEV_CONFIG_KEYS.app`, so a file's mistakes are named in that order.
import { type DevConfigProblem, devConfigProblems } from './dev-config.js'
import { CONTEXTS, type HostContext } from './protocol.js'
import { isScopeName, type ScopeName } from './scopes.js'

/** A text in both of the panel's languages, or one text for both. */
export type DevConfigText = string | { fa: string; en: string }

/** A product of a dev config, as checked: its title is its key when the file gives none. */
export interface DevProduct {
  key: string
  title: DevConfigText
  price: number
}

/** A page a widget is mounted in (the host's `WidgetPage`), as a dev config gives it. */
export interface DevPage {
  key: string
  embed_src: string
  parameters?: string[]
  name?: DevConfigText
  protected?: boolean
  layout?: { header?: boolean; footer?: boolean; bottomNavigation?: boolean; appBar?: boolean }
}

/** One widget of a dev config with its values checked: only the fields the file gives. */
export interface CheckedDevApp {
  app_key: string
  /** Absolute http(s); required by the dev command (it serves the widget there), not the kit. */
  url?: string
  name?: DevConfigText
  app_id?: string
  developer_key?: string
  /** `null`: no webhooks. */
  webhook_url?: string | null
  webhook_secret?: string
  contexts?: HostContext[]
  scopes?: ScopeName[]
  products?: DevProduct[]
  plans?: (DevProduct & { period: 'week' | 'month' | 'year' })[]
  pages?: DevPage[]
  /** Paths on the widget's origin its pages open top-level at (`/app/start.html`). */
  topLevelPages?: string[]
}

/** A value a dev config may not have; `path` reads like `apps[0].scopes[2]`. */
export class DevConfigValueError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`)
  }
}

const fail = (path: string, problem: string): never => {
  throw new DevConfigValueError(path, problem)
}
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
/** Anything that is not an object reads as `{}`: its fields are then reported missing. */
const fields = (value: unknown) => (isRecord(value) ? value : {})

/** A widget's app_key: letters, digits, `.`, `_` and `-`, at most 64. */
export const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
const PAGE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/
const PARAMETER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']
const TEXT = 'expected a text or { "fa": ..., "en": ... }'

function text(value: unknown, path: string): DevConfigText {
  if (typeof value === 'string' && value) return value
  if (isRecord(value) && typeof value.fa === 'string' && typeof value.en === 'string') {
    return { fa: value.fa, en: value.en }
  }
  return fail(path, TEXT)
}

function list(value: unknown, path: string, problem = 'expected an array'): unknown[] {
  return Array.isArray(value) ? value : fail(path, problem)
}

/** The href of `value` as an absolute http(s) URL, or why it is not one. */
export function parseHttpUrl(value: unknown): { href: string } | { problem: string } {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    return { problem: `"${String(value)}" is not an absolute URL` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: 'the widget URL must be http(s)' }
  }
  return { href: url.href }
}

/** A webhook URL the dev platform may post to: http(s) on this machine, without credentials. */
export function isLocalWebhookUrl(value: unknown): value is string {
  const url = typeof value === 'string' ? urlOf(value) : undefined
  return (
    !!url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOCAL_HOSTS.includes(url.hostname) &&
    !url.username &&
    !url.password
  )
}

/** `whsec_` and the canonical base64 of 24 to 64 bytes (Standard Webhooks' secret). */
export function isWebhookSecret(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('whsec_')) return false
  const encoded = value.slice('whsec_'.length)
  try {
    const bytes = atob(encoded)
    return btoa(bytes) === encoded && bytes.length >= 24 && bytes.length <= 64
  } catch {
    return false
  }
}

function priced(raw: unknown, path: string): DevProduct {
  const { key, price, title } = fields(raw)
  if (typeof key !== 'string' || !key) fail(`${path}.key`, 'expected a text')
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 1) {
    fail(`${path}.price`, 'expected whole Rials')
  }
  return { key: key as string, title: text(title ?? key, `${path}.title`), price: price as number }
}

function plan(raw: unknown, path: string) {
  const period = fields(raw).period ?? 'month'
  if (period !== 'week' && period !== 'month' && period !== 'year') {
    fail(`${path}.period`, 'expected week, month or year')
  }
  return { ...priced(raw, path), period: period as 'week' | 'month' | 'year' }
}

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

/** `value` as a URL, or undefined (`URL.canParse` is newer than some browsers the kit runs in). */
function urlOf(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const booleans = (value: unknown) =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'boolean')

function page(raw: unknown, path: string, url: string | undefined): DevPage {
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

type Checks = { [K in keyof CheckedDevApp]-?: (value: unknown, path: string) => CheckedDevApp[K] }

// In the order a file's mistakes are named.
const CHECKS: Omit<Checks, 'app_key' | 'pages'> = {
  url: (value, path) => {
    const url = parseHttpUrl(value)
    return 'href' in url ? url.href : fail(path, url.problem)
  },
  name: text,
  app_id: (value) => String(value),
  developer_key: (value, path) =>
    typeof value === 'string' && value.length >= 8
      ? value
      : fail(path, 'expected a text of at least 8 characters'),
  webhook_url: (value, path) =>
    value === null
      ? null
      : isLocalWebhookUrl(value)
        ? new URL(value).href
        : fail(path, 'expected an http(s) URL on localhost, 127.0.0.1 or [::1] (or null for none)'),
  webhook_secret: (value, path) =>
    isWebhookSecret(value)
      ? value
      : fail(path, 'expected "whsec_" and the base64 of 24 to 64 random bytes'),
  contexts: (value, path) => {
    const some = `expected some of ${CONTEXTS.join(', ')}`
    const contexts = list(value, path, some)
    if (contexts.length === 0) fail(path, some)
    contexts.forEach((c, i) => {
      if (!CONTEXTS.includes(c as HostContext)) fail(`${path}[${i}]`, some)
    })
    return contexts as HostContext[]
  },
  // Any well-formed name: the platform decides which scopes exist (dev-config.ts warns).
  scopes: (value, path) =>
    list(value, path, 'expected an array of scope names').map((scope, i) =>
      isScopeName(scope)
        ? scope
        : fail(
            `${path}[${i}]`,
            `${JSON.stringify(scope) ?? 'undefined'} is not a scope name (dotted lowercase words)`,
          ),
    ),
  products: (value, path) => list(value, path).map((p, i) => priced(p, `${path}[${i}]`)),
  plans: (value, path) => list(value, path).map((p, i) => plan(p, `${path}[${i}]`)),
  topLevelPages: (value, path) =>
    list(value, path, 'expected an array of paths').map((p, i) =>
      typeof p === 'string' && p.startsWith('/') && !p.startsWith('//')
        ? p
        : fail(
            `${path}[${i}]`,
            'expected a path on the widget\'s origin, such as "/app/start.html"',
          ),
    ),
}

/**
 * One widget of a dev config (`raw`, at `path` such as `apps[0]`) with every value checked: only
 * the fields it gives, a product's title defaulting to its key, a plan's period to `month`.
 * Throws a {@link DevConfigValueError} naming the first value at fault. The dev command and the
 * test kit both call it, so the same file is refused with the same words by both.
 *
 * @example
 * devConfigApp({ app_key: 'w', products: [{ key: 'p', price: 0 }] }, 'apps[0]')
 * // throws DevConfigValueError 'apps[0].products[0].price: expected whole Rials'
 */
export function devConfigApp(raw: unknown, path: string): CheckedDevApp {
  const given = fields(raw)
  const app_key = given.app_key
  if (typeof app_key !== 'string' || !APP_KEY.test(app_key)) {
    fail(`${path}.app_key`, 'expected a key like "my-widget" (letters, digits, . _ -)')
  }
  const app: Record<string, unknown> = { app_key }
  for (const [field, check] of Object.entries(CHECKS)) {
    const value = given[field]
    if (value !== undefined) app[field] = (check as Checks['url'])(value, `${path}.${field}`)
  }
  if (given.pages !== undefined) {
    const origin = typeof app.url === 'string' ? new URL(app.url).origin : undefined
    app.pages = list(given.pages, `${path}.pages`).map((p, i) =>
      page(p, `${path}.pages[${i}]`, origin),
    )
  }
  return app as unknown as CheckedDevApp
}

/**
 * A parsed dev config file as both readers take it: its shape first (unknown keys and misspelt
 * scopes, {@link devConfigProblems}), then the values of its widgets (its `apps`, none when
 * absent, each by {@link devConfigApp}). Throws a {@link DevConfigValueError} for the first
 * problem; answers the widgets and the warnings (scopes the dev platform does not know).
 *
 * @example
 * readDevConfig({ apps: [{ app_key: 'w', scope: [] }] })
 * // throws 'apps[0].scope: unknown key "scope"; did you mean "scopes"?'
 */
export function readDevConfig(config: unknown): {
  apps: CheckedDevApp[]
  warnings: DevConfigProblem[]
} {
  const { errors, warnings } = devConfigProblems(config)
  if (errors[0]) fail(errors[0].path, errors[0].message)
  const { apps } = fields(config)
  const checked =
    apps === undefined
      ? []
      : list(apps, 'apps', 'expected an array of widgets').map((app, i) =>
          devConfigApp(app, `apps[${i}]`),
        )
  return { apps: checked, warnings }
}
