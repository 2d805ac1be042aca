import { readFileSync } from 'node:fs'
import {
  type CheckedDevApp,
  DevConfigValueError,
  devConfigApp,
  readDevConfig,
} from 'platform-widget-sdk/events'
import { z } from 'zod'
import type { Localized, PageConfig } from '../shared/config-types.js'
import { ConfigError } from './config-error.js'
import { hostProblem, panelOrigin, parseHttpUrl } from './config-values.js'
import { isHostNameOption } from './guard.js'
import { type ConfigApp, quickApp } from './quick-app.js'

// A widget's fields have one schema, the test kit's too: `readDevConfig` and `devConfigApp` of
// `platform-widget-sdk/events` (src/events/dev-config-app.ts). What is checked here with zod is
// the top level the dev command alone reads: its ports and the host names it answers.

/** The config file's top level, as written. Each part is checked when it is used. */
export const configFileSchema = z.looseObject({
  /** Read as the flags are (`--panel-port` and so on); anything else reads as none. */
  ports: z
    .looseObject({
      panel: z.unknown().optional(),
      widgets: z.unknown().optional(),
      emulator: z.unknown().optional(),
    })
    .optional()
    .catch(undefined),
  allowedHosts: z
    .array(
      z
        .custom<string>((v) => typeof v === 'string' && isHostNameOption(v), {
          error: (issue) => hostProblem(issue.input),
        })
        .transform((name) => name.toLowerCase()),
      { error: '"allowedHosts" must be an array of host names' },
    )
    .optional(),
  /** Panels of your own (`--panel-origin`): their URLs, kept as origins. */
  panelOrigins: z
    .array(z.unknown(), { error: '"panelOrigins" must be an array of URLs' })
    .optional(),
  /**
   * The platform's production panel origins (`https://panel.example`), which frame the widget in
   * production: `check` names them in its framing fixes. Apart from `panelOrigins`, which only the
   * dev platform trusts.
   */
  productionPanelOrigins: z
    .array(
      z.custom<string>((v) => typeof v === 'string' && isOrigin(v), {
        error: (issue) =>
          `expected an origin such as https://panel.example (scheme, host, port; no path), got ${JSON.stringify(issue.input)}`,
      }),
      { error: '"productionPanelOrigins" must be an array of origins' },
    )
    .optional(),
})

/** The config file's `panelOrigins`, each as an origin; a ConfigError names a bad one. */
export function panelOriginsOf(values: unknown[] | undefined, where: string): string[] {
  return (values ?? []).map((value, i) => panelOrigin(value, `${where}: panelOrigins[${i}]`))
}

/** `https://panel.example`: an http(s) origin, written as its origin (no path, no slash). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value
  } catch {
    return false
  }
}

/** `.scopes[2]`, `.products[0].price`: where in the checked value an issue is. */
function pathText(path: PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
}

/**
 * `value` as `schema` reads it, or a {@link ConfigError} naming the first issue's place:
 * `${where}.scopes[2]: …`. With `field`, a place inside the value reads `${where}: ${field}[0]: …`
 * and the value's own issue `${where}: …` (the file's top-level fields).
 */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
  field?: string,
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const { path, message } = result.error.issues[0]!
  const at =
    field === undefined
      ? `${where}${pathText(path)}`
      : path.length
        ? `${where}: ${field}${pathText(path)}`
        : where
  throw new ConfigError(`${at}: ${message}`)
}

/** The shared check's words as the dev command says them: `${where}: apps[0].scope: …`. */
function shared<T>(read: () => T, where: string): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof DevConfigValueError) throw new ConfigError(`${where}${error.message}`)
    throw error
  }
}

/** A checked widget with the `--app` defaults for what it leaves out; the dev command needs a URL. */
function withDefaults(item: CheckedDevApp, index: number, where: string): ConfigApp {
  const { app_key, url, webhook_url, pages, name, ...rest } = item
  if (url === undefined) {
    throw new ConfigError(`${where}.url: ${(parseHttpUrl(url) as { problem: string }).problem}`)
  }
  const app: ConfigApp = { ...quickApp(app_key, url, index), ...rest }
  if (name !== undefined) app.name = name as Localized
  if (webhook_url === null) delete app.webhook_url
  else if (webhook_url !== undefined) app.webhook_url = webhook_url
  if (pages !== undefined) app.pages = pages as PageConfig[]
  return app
}

/**
 * The widgets of a config file, checked by the schema the test kit shares: throws a
 * {@link ConfigError} for the first unknown key, misspelt scope or bad value,
 * `${where}: apps[0].scope: unknown key "scope"; did you mean "scopes"?`, and answers the
 * warnings (scopes the dev platform does not know), each as one line.
 */
export function appsFromFile(
  file: unknown,
  where: string,
): { apps: ConfigApp[]; warnings: string[] } {
  const { apps, warnings } = shared(() => readDevConfig(file), `${where}: `)
  return {
    apps: apps.map((item, i) => withDefaults(item, i, `${where}: apps[${i}]`)),
    warnings: warnings.map(({ path, message }) => `${where}: ${path}: ${message}`),
  }
}

/** One app of a config file (`raw`, at `where`), with the `--app` defaults for what it leaves out. */
export function appFromConfig(raw: unknown, index: number, where: string): ConfigApp {
  return withDefaults(
    shared(() => devConfigApp(raw, where), ''),
    index,
    where,
  )
}

/** The top level of a config file as JSON gave it; {@link configFileSchema} checks its parts. */
export type RawConfigFile = {
  ports?: unknown
  apps?: unknown
  allowedHosts?: unknown
  panelOrigins?: unknown
  productionPanelOrigins?: unknown
}

/** Reads and parses the config file at the absolute path `full`. */
export function readConfigFile(full: string): RawConfigFile {
  let text: string
  try {
    text = readFileSync(full, 'utf8')
  } catch {
    throw new ConfigError(`Cannot read the config file ${full}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${full} is not valid JSON: ${(error as Error).message}`)
  }
}
