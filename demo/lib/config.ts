import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CONTEXTS, type HostContext, isScope, SCOPES, type Scope } from '../../src/events/index.js'
import type {
  AppConfig,
  Fixtures,
  Localized,
  PlanConfig,
  ProductConfig,
} from '../emulator/types.js'
import { isLocalWebhookUrl, isWebhookSecret } from '../emulator/webhooks.js'

export const DEFAULT_BASE_PORT = 4400

export const USAGE = `Usage: npx platform-widget-sdk dev [options]
       npm start -- [options]        (in the SDK's repository: the same command)

  --port N            base port: demo panel N, widgets N+1, emulator N+2 (default ${DEFAULT_BASE_PORT})
  --panel-port N      the demo panel's port
  --widgets-port N    the sample widgets' port
  --emulator-port N   the platform emulator's port
  --app KEY=URL       run your widget KEY, served at URL, in the doctor panel (repeatable)
  --config FILE       a JSON file registering widgets in full (see demo/config.example.json)
  --help              this text

Environment: DEMO_PORT, DEMO_PANEL_PORT, DEMO_WIDGETS_PORT, DEMO_EMULATOR_PORT, DEMO_CONFIG.
Flags win over the environment, the environment over the config file.`

export interface Ports {
  panel: number
  widgets: number
  emulator: number
}

export interface DemoConfig {
  ports: Ports
  apps: AppConfig[]
  help: boolean
}

export class ConfigError extends Error {}

const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined
  const n = /^[0-9]{1,5}$/.test(value) ? Number(value) : Number.NaN
  if (!(n >= 1 && n <= 65535))
    throw new ConfigError(`${name}: expected a port from 1 to 65535, got "${value}"`)
  return n
}

function httpUrl(value: unknown, where: string): string {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    throw new ConfigError(`${where}: "${String(value)}" is not an absolute URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${where}: the widget URL must be http(s)`)
  }
  return url.href
}

function localizedText(value: unknown, where: string): Localized {
  if (typeof value === 'string' && value) return value
  if (
    value &&
    typeof value === 'object' &&
    typeof (value as { fa?: unknown }).fa === 'string' &&
    typeof (value as { en?: unknown }).en === 'string'
  ) {
    return value as Localized
  }
  throw new ConfigError(`${where}: expected a text or { "fa": ..., "en": ... }`)
}

function priced(value: unknown, where: string): ProductConfig {
  const item = (value ?? {}) as Record<string, unknown>
  if (typeof item.key !== 'string' || !item.key)
    throw new ConfigError(`${where}.key: expected a text`)
  if (typeof item.price !== 'number' || !Number.isSafeInteger(item.price) || item.price < 1) {
    throw new ConfigError(`${where}.price: expected whole Rials`)
  }
  return {
    key: item.key,
    title: localizedText(item.title ?? item.key, `${where}.title`),
    price: item.price,
  }
}

/**
 * The webhook secret of a widget registered without one: `whsec_` and 32 bytes derived from its
 * key, so it stays the same from one run to the next (like `dk_local_KEY`, it is a local default,
 * not a secret; a config file sets a real one).
 */
export function defaultWebhookSecret(app_key: string): string {
  const key = createHash('sha256').update(`platform-widget-demo webhook ${app_key}`).digest()
  return `whsec_${key.toString('base64')}`
}

/** `/api/webhooks` on the widget's own origin, when that origin is on this machine. */
export function defaultWebhookUrl(url: string): string | undefined {
  const guess = new URL('/api/webhooks', url).href
  return isLocalWebhookUrl(guess) ? guess : undefined
}

/** Defaults for a widget registered with `--app KEY=URL`. */
export function quickApp(app_key: string, url: string, index: number): AppConfig {
  const webhook_url = defaultWebhookUrl(url)
  return {
    app_key,
    app_id: String(20001 + index),
    developer_key: `dk_local_${app_key}`,
    url,
    ...(webhook_url ? { webhook_url } : {}),
    webhook_secret: defaultWebhookSecret(app_key),
    name: app_key,
    contexts: ['doctor-panel'],
    scopes: [...SCOPES],
    products: [{ key: 'pro', title: { fa: 'نسخهٔ حرفه‌ای', en: 'Pro' }, price: 1_000_000 }],
    plans: [
      { key: 'monthly', title: { fa: 'ماهانه', en: 'Monthly' }, price: 300_000, period: 'month' },
    ],
  }
}

/** One app of a config file, with the `--app` defaults for what it leaves out. */
export function appFromConfig(raw: unknown, index: number, where: string): AppConfig {
  const item = (raw ?? {}) as Record<string, unknown>
  if (typeof item.app_key !== 'string' || !APP_KEY.test(item.app_key)) {
    throw new ConfigError(
      `${where}.app_key: expected a key like "my-widget" (letters, digits, . _ -)`,
    )
  }
  const base = quickApp(item.app_key, httpUrl(item.url, `${where}.url`), index)
  const app: AppConfig = { ...base }
  if (item.name !== undefined) app.name = localizedText(item.name, `${where}.name`)
  if (item.app_id !== undefined) app.app_id = String(item.app_id)
  if (item.developer_key !== undefined) {
    if (typeof item.developer_key !== 'string' || item.developer_key.length < 8) {
      throw new ConfigError(`${where}.developer_key: expected a text of at least 8 characters`)
    }
    app.developer_key = item.developer_key
  }
  if (item.webhook_url === null) {
    delete app.webhook_url
  } else if (item.webhook_url !== undefined) {
    if (typeof item.webhook_url !== 'string' || !isLocalWebhookUrl(item.webhook_url)) {
      throw new ConfigError(
        `${where}.webhook_url: expected an http(s) URL on localhost, 127.0.0.1 or [::1] (or null for none)`,
      )
    }
    app.webhook_url = new URL(item.webhook_url).href
  }
  if (item.webhook_secret !== undefined) {
    if (!isWebhookSecret(item.webhook_secret)) {
      throw new ConfigError(
        `${where}.webhook_secret: expected "whsec_" and the base64 of 24 to 64 random bytes`,
      )
    }
    app.webhook_secret = item.webhook_secret
  }
  if (item.contexts !== undefined) {
    const contexts = item.contexts
    if (
      !Array.isArray(contexts) ||
      !contexts.length ||
      !contexts.every((c) => CONTEXTS.includes(c))
    ) {
      throw new ConfigError(`${where}.contexts: expected some of ${CONTEXTS.join(', ')}`)
    }
    app.contexts = contexts as HostContext[]
  }
  if (item.scopes !== undefined) {
    const scopes = item.scopes
    if (!Array.isArray(scopes) || !scopes.every(isScope)) {
      throw new ConfigError(`${where}.scopes: expected platform scopes (${SCOPES.join(', ')})`)
    }
    app.scopes = scopes as Scope[]
  }
  if (item.products !== undefined) {
    if (!Array.isArray(item.products)) throw new ConfigError(`${where}.products: expected an array`)
    app.products = item.products.map((p, i) => priced(p, `${where}.products[${i}]`))
  }
  if (item.plans !== undefined) {
    if (!Array.isArray(item.plans)) throw new ConfigError(`${where}.plans: expected an array`)
    app.plans = item.plans.map((p, i): PlanConfig => {
      const period = (p as { period?: unknown }).period ?? 'month'
      if (period !== 'week' && period !== 'month' && period !== 'year') {
        throw new ConfigError(`${where}.plans[${i}].period: expected week, month or year`)
      }
      return { ...priced(p, `${where}.plans[${i}]`), period }
    })
  }
  return app
}

/** The sample widgets of the fixture file, on the widgets' origin (pages and webhook receivers). */
export function sampleApps(fixtures: Fixtures, widgetsOrigin: string): AppConfig[] {
  return fixtures.apps.map(({ path: page, webhook_path, products, plans, ...app }) => ({
    ...app,
    url: new URL(page, widgetsOrigin).href,
    ...(webhook_path ? { webhook_url: new URL(webhook_path, widgetsOrigin).href } : {}),
    products: products ?? [],
    plans: plans ?? [],
  }))
}

/**
 * Reads flags, then the environment, then the config file. Throws {@link ConfigError} with a
 * message meant for the person who typed the command.
 */
export function parseConfig(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): DemoConfig {
  const flags: Record<string, string> = {}
  const quick: [string, string][] = []
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      help = true
      continue
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    const name = match?.[1]
    if (
      !name ||
      !['port', 'panel-port', 'widgets-port', 'emulator-port', 'app', 'config'].includes(name)
    ) {
      throw new ConfigError(`Unknown option "${arg}"\n\n${USAGE}`)
    }
    const value = match[2] ?? argv[++i]
    if (value === undefined) throw new ConfigError(`--${name} needs a value\n\n${USAGE}`)
    if (name === 'app') {
      const eq = value.indexOf('=')
      const key = value.slice(0, eq)
      if (eq < 1 || !APP_KEY.test(key)) {
        throw new ConfigError(
          `--app ${value}: expected KEY=URL, such as --app my-widget=http://localhost:5173/`,
        )
      }
      quick.push([key, httpUrl(value.slice(eq + 1), `--app ${key}`)])
    } else {
      flags[name] = value
    }
  }

  const configPath = flags.config ?? env.DEMO_CONFIG
  let file: { apps?: unknown; ports?: Partial<Record<keyof Ports, unknown>> } = {}
  if (configPath) {
    const full = path.resolve(cwd, configPath)
    let text: string
    try {
      text = readFileSync(full, 'utf8')
    } catch {
      throw new ConfigError(`Cannot read the config file ${full}`)
    }
    try {
      file = JSON.parse(text)
    } catch (error) {
      throw new ConfigError(`${full} is not valid JSON: ${(error as Error).message}`)
    }
  }

  const base = port(flags.port ?? env.DEMO_PORT, '--port') ?? DEFAULT_BASE_PORT
  const pick = (flag: string, envName: string, fromFile: unknown, fallback: number) =>
    port(
      flags[flag] ?? env[envName] ?? (fromFile === undefined ? undefined : String(fromFile)),
      `--${flag}`,
    ) ?? fallback
  // A base port given on the command line or in the environment beats ports in the file.
  const baseGiven = flags.port !== undefined || env.DEMO_PORT !== undefined
  const ports: Ports = {
    panel: pick('panel-port', 'DEMO_PANEL_PORT', baseGiven ? undefined : file.ports?.panel, base),
    widgets: pick(
      'widgets-port',
      'DEMO_WIDGETS_PORT',
      baseGiven ? undefined : file.ports?.widgets,
      base + 1,
    ),
    emulator: pick(
      'emulator-port',
      'DEMO_EMULATOR_PORT',
      baseGiven ? undefined : file.ports?.emulator,
      base + 2,
    ),
  }
  if (new Set(Object.values(ports)).size !== 3) {
    throw new ConfigError(`The three ports must differ: ${JSON.stringify(ports)}`)
  }
  if (Object.values(ports).some((p) => p > 65535)) {
    throw new ConfigError(
      `--port ${base}: the widgets and emulator ports (${base + 1}, ${base + 2}) pass 65535`,
    )
  }

  const apps: AppConfig[] = []
  if (file.apps !== undefined) {
    if (!Array.isArray(file.apps)) throw new ConfigError(`${configPath}: "apps" must be an array`)
    for (const [i, raw] of file.apps.entries()) {
      apps.push(appFromConfig(raw, apps.length, `${configPath}: apps[${i}]`))
    }
  }
  for (const [key, url] of quick) apps.push(quickApp(key, url, apps.length))
  const keys = new Set<string>()
  for (const app of apps) {
    if (keys.has(app.app_key))
      throw new ConfigError(`The widget "${app.app_key}" is registered twice`)
    keys.add(app.app_key)
  }
  assertOneWidgetPerOrigin(apps)
  return { ports, apps, help }
}

/**
 * Throws a {@link ConfigError} when two widgets are served from one origin. Pages of one origin
 * can script each other (`parent.frames[i].document`), so twins would share tokens and could open
 * each other's payment dialogs: each widget needs an origin (scheme, host and port) of its own.
 */
export function assertOneWidgetPerOrigin(apps: Pick<AppConfig, 'app_key' | 'url'>[]): void {
  const byOrigin = new Map<string, string>()
  for (const app of apps) {
    const origin = new URL(app.url).origin
    const other = byOrigin.get(origin)
    if (other !== undefined) {
      throw new ConfigError(
        `The widgets "${other}" and "${app.app_key}" are both served from ${origin}. ` +
          'Each widget needs an origin of its own (another port or host name), because pages of ' +
          'one origin can script each other and so share their tokens and payments (see SECURITY.md).',
      )
    }
    byOrigin.set(origin, app.app_key)
  }
}
