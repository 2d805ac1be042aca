// The values of a dev config's widgets, checked once for both readers: the dev command
// (`platform-widget-dev dev`) and the test kit (`createTestHost({ config })`). Dependency-free and
// browser-safe (no Buffer, no zod) for the reason given in dev-config.ts. Each check throws the
// first problem it finds, with its path (`apps[0].products[1].price`); the fields of a widget are
// checked in the order of `DEV_CONFIG_KEYS.app`, so a file's mistakes are named in that order.
import { type DevConfigProblem, devConfigProblems } from './dev-config.js'
import { type DevConfigText, fail, fields, list, text } from './dev-config-fields.js'
import { type DevPage, page } from './dev-config-page.js'
import { isLocalWebhookUrl, isWebhookSecret, parseHttpUrl } from './dev-config-urls.js'
import { CONTEXTS, type HostContext } from './protocol.js'
import { isScopeName, type ScopeName } from './scopes.js'
import { topLevelPagesProblem } from './top-level-pages.js'

export { type DevConfigText, DevConfigValueError } from './dev-config-fields.js'
export type { DevPage } from './dev-config-page.js'
export { isLocalWebhookUrl, isWebhookSecret, parseHttpUrl } from './dev-config-urls.js'

/** A product of a dev config, as checked: its title is its key when the file gives none. */
export interface DevProduct {
  key: string
  title: DevConfigText
  price: number
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
  /** The paths of its top-level pages, the only ones a sign-in goes back to (`/app/start.html`). */
  topLevelPages?: string[]
}

/** A widget's app_key: letters, digits, `.`, `_` and `-`, at most 64. */
export const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

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

type Checks = { [K in keyof CheckedDevApp]-?: (value: unknown, path: string) => CheckedDevApp[K] }

// In the order a file's mistakes are named.
const CHECKS: Omit<Checks, 'app_key' | 'pages' | 'topLevelPages'> = {
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
  if (given.topLevelPages !== undefined) {
    const found = topLevelPagesProblem(given.topLevelPages)
    if (found) fail(`${path}.topLevelPages${found.at}`, found.problem)
    app.topLevelPages = [...(given.topLevelPages as string[])]
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
