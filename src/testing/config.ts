// The dev command's config file (`platform-widget-dev dev --config FILE`) read by the test kit, so
// a widget's tests register it exactly as the dev panel does: one file, one schema. Its keys,
// values and defaults are checked by the schema both share (src/events/dev-config.ts and
// dev-config-app.ts); this picks the widget and puts its texts in the kit's locale.
import { invalid } from '../events/errors.js'
import {
  type CheckedDevApp,
  DEV_APP_DEFAULTS,
  type DevConfigText,
  DevConfigValueError,
  type DevProduct,
  type HostContext,
  type Locale,
  readDevConfig,
  type ScopeName,
} from '../events/index.js'
import type { Plan, Product } from '../host/index.js'

export type { DevConfigText } from '../events/index.js'

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
  /** The dev panel's own fields (`url`, `webhook_url`, …): checked as it checks them, not used. */
  [field: string]: unknown
}

/** The dev config file, parsed (`import config from './platform.config.json'`). */
export interface DevConfig {
  apps: DevConfigApp[]
  [field: string]: unknown
}

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

const inLocale = (value: DevConfigText, locale: Locale) =>
  typeof value === 'string' ? value : value[locale]

/** The config's widgets, checked by the schema the dev command uses, or its first problem. */
function checkedApps(config: unknown): CheckedDevApp[] {
  if (!isRecord(config)) throw invalid('config', 'expected the parsed config file (an object)')
  let apps: CheckedDevApp[]
  try {
    apps = readDevConfig(config).apps
  } catch (error) {
    if (error instanceof DevConfigValueError) throw invalid(`config.${error.path}`, error.problem)
    throw error
  }
  if (apps.length === 0) {
    throw invalid('config.apps', 'expected an array of the widgets the config registers')
  }
  return apps
}

/** The widget `app_key` names, or the only one. */
function pick(apps: CheckedDevApp[], app_key: string | undefined): CheckedDevApp {
  const keys = apps.map((app) => app.app_key)
  const index = app_key === undefined ? (apps.length === 1 ? 0 : -1) : keys.indexOf(app_key)
  if (index >= 0) return apps[index]!
  throw invalid(
    app_key === undefined ? 'app_key' : 'config.apps',
    app_key === undefined
      ? `the config registers ${apps.length} widgets (${keys.join(', ')}): say which with app_key`
      : `no widget "${app_key}" in the config (it has: ${keys.join(', ')})`,
  )
}

/**
 * The widget `app_key` of a dev config (or its only one), as the dev panel registers it: its
 * name in `locale` (default `en`), its first context, its scopes, products and plans, with the
 * dev command's defaults for what the file leaves out (named by its key, in the doctor panel,
 * every documented scope, a `pro` product and a `monthly` plan). The file is checked by the
 * schema the dev command uses (`readDevConfig` of `platform-widget-sdk/events`), so a file the
 * dev command refuses throws here `INVALID_ARGUMENT` with the same path and words.
 * `createTestHost({ config })` calls it.
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
  const app = pick(checkedApps(config), app_key)
  const priced = (p: DevProduct): Product => ({ ...p, title: inLocale(p.title, locale) })
  return {
    app_key: app.app_key,
    name: inLocale(app.name ?? app.app_key, locale),
    context: (app.contexts ?? DEV_APP_DEFAULTS.contexts)[0]!,
    scopes: [...(app.scopes ?? DEV_APP_DEFAULTS.scopes)],
    products: (app.products ?? DEV_APP_DEFAULTS.products).map(priced),
    plans: (app.plans ?? DEV_APP_DEFAULTS.plans).map((p) => ({ ...priced(p), period: p.period })),
  }
}
