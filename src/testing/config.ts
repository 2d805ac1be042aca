// The dev command's config file (`platform-widget-dev dev --config FILE`) read by the test kit, so
// a widget's tests register it exactly as the dev panel does: one file, not two descriptions that
// drift apart. Its shape (the keys of every level, misspelt scopes) and the defaults are the
// schema both share (src/events/dev-config.ts); the dev command then checks every value, this
// only the values the host needs, naming the field at fault.
import { invalid } from '../events/errors.js'
import {
  CONTEXTS,
  DEV_APP_DEFAULTS,
  devConfigProblems,
  type HostContext,
  isScopeName,
  type Locale,
  type ScopeName,
} from '../events/index.js'
import type { Plan, Product } from '../host/index.js'

/** A text in both of the panel's languages, or one text for both. */
export type DevConfigText = string | { fa: string; en: string }

/**
 * One widget of the dev config file, as `platform-widget-dev dev --config` reads it. Its fields are
 * typed as a JSON import gives them (`string`, not `HostContext`) and checked at run time.
 */
export interface DevConfigApp {
  app_key: string
  name?: DevConfigText
  /** The pages the dev panel mounts the widget in (`HostContext`s); the first is the test's. */
  contexts?: string[]
  scopes?: string[]
  products?: { key: string; title?: DevConfigText; price: number }[]
  /** `period`: `week`, `month` (the default) or `year`. */
  plans?: { key: string; title?: DevConfigText; price: number; period?: string }[]
  /** The dev panel's own fields (`url`, `webhook_url`, …): not read here. */
  [field: string]: unknown
}

/** The dev config file, parsed (`import config from './platform.config.json'`). */
export interface DevConfig {
  apps: DevConfigApp[]
  [field: string]: unknown
}

const DEFAULTS = { ...DEV_APP_DEFAULTS, context: DEV_APP_DEFAULTS.contexts[0] }

/** A config's widget, as the dev panel registers it. */
export interface ConfiguredWidget {
  app_key: string
  name: string
  context: HostContext
  scopes: ScopeName[]
  products: Product[]
  plans: Plan[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function text(value: unknown, locale: Locale, field: string): string {
  if (typeof value === 'string' && value) return value
  if (isRecord(value) && typeof value[locale] === 'string') return value[locale] as string
  throw invalid(field, 'expected a text or { "fa": ..., "en": ... }')
}

function priced(value: unknown, locale: Locale, field: string): Product {
  if (!isRecord(value) || typeof value.key !== 'string' || !value.key) {
    throw invalid(`${field}.key`, 'expected a text')
  }
  const { key, price } = value
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 1) {
    throw invalid(`${field}.price`, 'expected whole Rials')
  }
  return { key, title: text(value.title ?? key, locale, `${field}.title`), price }
}

function list(value: unknown, field: string): unknown[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalid(field, 'expected an array')
  return value
}

/**
 * The widget `app_key` of a dev config (or its only one), as the dev panel registers it: its
 * name in `locale` (default `en`), its first context, its scopes, products and plans, with the
 * dev command's defaults for what the file leaves out (named by its key, in the doctor panel,
 * every documented scope, a `pro` product and a `monthly` plan). Throws `INVALID_ARGUMENT`
 * naming the field at fault. `createTestHost({ config })` calls it.
 *
 * @example
 * import config from '../platform.config.json'
 * const { scopes, products } = widgetFromConfig(config)
 */
export function widgetFromConfig(
  config: DevConfig,
  options: { app_key?: string; locale?: Locale } = {},
): ConfiguredWidget {
  const { app_key, locale = 'en' } = options
  if (!isRecord(config)) throw invalid('config', 'expected the parsed config file (an object)')
  // The first unknown key or misspelt scope, as the dev command refuses it when it starts.
  const [wrong] = devConfigProblems(config).errors
  if (wrong) throw invalid(`config.${wrong.path}`, wrong.message)
  if (!Array.isArray(config.apps) || config.apps.length === 0) {
    throw invalid('config.apps', 'expected an array of the widgets the config registers')
  }
  const apps: unknown[] = config.apps
  const keys = apps.map((app) => (isRecord(app) ? app.app_key : undefined))
  const index = app_key === undefined ? (apps.length === 1 ? 0 : -1) : keys.indexOf(app_key)
  if (index < 0) {
    const known = keys.filter((k) => typeof k === 'string').join(', ') || 'none'
    throw invalid(
      app_key === undefined ? 'app_key' : 'config.apps',
      app_key === undefined
        ? `the config registers ${apps.length} widgets (${known}): say which with app_key`
        : `no widget "${app_key}" in the config (it has: ${known})`,
    )
  }
  const app = apps[index]
  const at = `config.apps[${index}]`
  if (!isRecord(app) || typeof app.app_key !== 'string' || !app.app_key) {
    throw invalid(`${at}.app_key`, 'expected a key like "my-widget"')
  }
  const contexts = list(app.contexts, `${at}.contexts`)
  const context = contexts[0] ?? DEFAULTS.context
  if (!CONTEXTS.includes(context as HostContext)) {
    throw invalid(`${at}.contexts[0]`, `expected one of ${CONTEXTS.join(', ')}`)
  }
  const scopes = list(app.scopes, `${at}.scopes`)
  scopes.forEach((scope, i) => {
    if (!isScopeName(scope)) throw invalid(`${at}.scopes[${i}]`, 'expected a scope name')
  })
  const plans = (app.plans === undefined ? DEFAULTS.plans : list(app.plans, `${at}.plans`)).map(
    (plan, i): Plan => {
      const period = isRecord(plan) ? (plan.period ?? 'month') : 'month'
      if (period !== 'week' && period !== 'month' && period !== 'year') {
        throw invalid(`${at}.plans[${i}].period`, 'expected week, month or year')
      }
      return { ...priced(plan, locale, `${at}.plans[${i}]`), period }
    },
  )
  return {
    app_key: app.app_key,
    name: text(app.name ?? app.app_key, locale, `${at}.name`),
    context: context as HostContext,
    scopes: app.scopes === undefined ? [...DEFAULTS.scopes] : (scopes as ScopeName[]),
    products: (app.products === undefined
      ? DEFAULTS.products
      : list(app.products, `${at}.products`)
    ).map((p, i) => priced(p, locale, `${at}.products[${i}]`)),
    plans,
  }
}
