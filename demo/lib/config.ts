import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  CONTEXTS,
  type HostContext,
  isScopeName,
  SCOPES,
  type ScopeName,
} from 'platform-widget-sdk/events'
import type {
  AppConfig,
  Fixtures,
  Localized,
  PlanConfig,
  ProductConfig,
} from '../emulator/types.js'
import { isLocalWebhookUrl, isWebhookSecret } from '../emulator/webhooks.js'
import { isHostNameOption } from './guard.js'
import { type SecretStore, secretsPath } from './secrets.js'

export const DEFAULT_BASE_PORT = 4400

export const USAGE = `Usage: npx platform-widget-dev dev [options]
       npm start -- [options]        (in the SDK's repository: the same command)

  --port N            base port (default ${DEFAULT_BASE_PORT}): five ports in a row from N:
                        N    demo panel
                        N+1  sample widget demo-doctor     (each sample widget on an origin
                        N+2  platform emulator              of its own: http://localhost:PORT)
                        N+3  sample widget demo-booking
                        N+4  sample widget demo-profile
  --panel-port N      the demo panel's port
  --widgets-port A,B,C  the three sample widgets' ports (demo-doctor, demo-booking, demo-profile)
  --emulator-port N   the platform emulator's port
  --app KEY=URL       run your widget KEY, served at URL, in the doctor panel (repeatable)
  --config FILE       a JSON file registering widgets in full (see demo/config.example.json)
  --rotate-secrets    make new developer keys and webhook secrets for every widget (they are
                        kept in .platform-dev/secrets.json beside the config file, else here)
  --allowed-host NAME also answer requests for the host name NAME (repeatable; the servers
                        answer only localhost, 127.0.0.1 and [::1] otherwise)
  --help              this text

Environment: DEMO_PORT, DEMO_PANEL_PORT, DEMO_WIDGETS_PORT, DEMO_EMULATOR_PORT, DEMO_CONFIG.
Flags win over the environment, the environment over the config file.`

/** The sample widgets, in the order of their ports (and of the fixture file). */
export const SAMPLE_KEYS = ['demo-doctor', 'demo-booking', 'demo-profile'] as const

export interface Ports {
  panel: number
  /** One port per sample widget, in the order of {@link SAMPLE_KEYS}: each is an origin of its own. */
  widgets: number[]
  emulator: number
}

/**
 * The demo's ports from a base port, five in a row: panel N, the first sample widget N+1, the
 * emulator N+2 (where it has always been: the server kit's default), the other two samples N+3, N+4.
 */
export function portsFrom(base: number): Ports {
  return { panel: base, widgets: [base + 1, base + 3, base + 4], emulator: base + 2 }
}

/** The port of each sample widget, by its app_key. */
export function samplePorts(ports: Pick<Ports, 'widgets'>): Record<string, number> {
  return Object.fromEntries(SAMPLE_KEYS.map((key, i) => [key, ports.widgets[i]!]))
}

/**
 * Each sample widget's origin, by app_key: `http://localhost:PORT`, a port each ("localhost": another
 * site than the panel's 127.0.0.1, so the widget frames are cross-origin; ports rather than
 * `KEY.localhost` host names, which WebKit resolves only where the system does).
 */
export function sampleOrigins(ports: Pick<Ports, 'widgets'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(samplePorts(ports)).map(([key, port]) => [key, `http://localhost:${port}`]),
  )
}

/**
 * A widget as the command line or a config file registers it: its developer key and webhook
 * secret only when the config file gives them; the rest come from this installation's secrets
 * ({@link withSecrets}).
 */
export type ConfigApp = Omit<AppConfig, 'developer_key' | 'webhook_secret'> &
  Partial<Pick<AppConfig, 'developer_key' | 'webhook_secret'>>

export interface DemoConfig {
  ports: Ports
  apps: ConfigApp[]
  /** Where this installation's developer keys and webhook secrets are kept. */
  secretsFile: string
  /** `--rotate-secrets`: make new ones for every widget. */
  rotateSecrets: boolean
  /** Host names every dev server answers besides localhost, 127.0.0.1 and [::1]. */
  allowedHosts: string[]
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

/** `--widgets-port A,B,C`: one port per sample widget, in the order of {@link SAMPLE_KEYS}. */
function widgetPorts(value: string | undefined): number[] | undefined {
  if (value === undefined || value === '') return undefined
  const parts = value.split(',').map((part) => part.trim())
  if (parts.length !== SAMPLE_KEYS.length) {
    throw new ConfigError(
      `--widgets-port: expected ${SAMPLE_KEYS.length} ports, one per sample widget ` +
        `(${SAMPLE_KEYS.join(', ')}), such as --widgets-port 4401,4403,4404; got "${value}". ` +
        'Each sample widget has an origin of its own (see SECURITY.md).',
    )
  }
  return parts.map((part) => {
    const n = port(part, '--widgets-port')
    if (n === undefined) throw new ConfigError(`--widgets-port: a port is missing in "${value}"`)
    return n
  })
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

/** `/api/webhooks` on the widget's own origin, when that origin is on this machine. */
export function defaultWebhookUrl(url: string): string | undefined {
  const guess = new URL('/api/webhooks', url).href
  return isLocalWebhookUrl(guess) ? guess : undefined
}

/**
 * Defaults for a widget registered with `--app KEY=URL`. Its developer key and webhook secret
 * are this installation's, random ({@link withSecrets}), never derived from its key.
 */
export function quickApp(app_key: string, url: string, index: number): ConfigApp {
  const webhook_url = defaultWebhookUrl(url)
  return {
    app_key,
    app_id: String(20001 + index),
    url,
    ...(webhook_url ? { webhook_url } : {}),
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
export function appFromConfig(raw: unknown, index: number, where: string): ConfigApp {
  const item = (raw ?? {}) as Record<string, unknown>
  if (typeof item.app_key !== 'string' || !APP_KEY.test(item.app_key)) {
    throw new ConfigError(
      `${where}.app_key: expected a key like "my-widget" (letters, digits, . _ -)`,
    )
  }
  const base = quickApp(item.app_key, httpUrl(item.url, `${where}.url`), index)
  const app: ConfigApp = { ...base }
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
    if (!Array.isArray(scopes)) {
      throw new ConfigError(`${where}.scopes: expected an array of scope names`)
    }
    // Any well-formed name: the platform decides which scopes exist (SCOPES are those documented).
    scopes.forEach((scope, i) => {
      if (!isScopeName(scope)) {
        throw new ConfigError(
          `${where}.scopes[${i}]: ${JSON.stringify(scope) ?? 'undefined'} is not a scope name (dotted lowercase words)`,
        )
      }
    })
    app.scopes = scopes as ScopeName[]
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

/** The app with this installation's developer key and webhook secret where it has none. */
export function withSecrets(app: ConfigApp, secrets: SecretStore): AppConfig {
  const { developer_key, webhook_secret } = app
  if (developer_key !== undefined && webhook_secret !== undefined) {
    return { ...app, developer_key, webhook_secret }
  }
  const made = secrets.get(app.app_key)
  return {
    ...app,
    developer_key: developer_key ?? made.developer_key,
    webhook_secret: webhook_secret ?? made.webhook_secret,
  }
}

/**
 * The sample widgets of the fixture file, each on its own origin (`origins`: app_key to origin),
 * where its page and its webhook receiver are, with this installation's secrets.
 */
export function sampleApps(
  fixtures: Fixtures,
  origins: Record<string, string>,
  secrets: SecretStore,
): AppConfig[] {
  return fixtures.apps.map(({ path: page, webhook_path, products, plans, ...app }) => {
    const origin = origins[app.app_key]
    if (!origin) throw new Error(`No origin for the sample widget "${app.app_key}"`)
    return {
      ...app,
      ...secrets.get(app.app_key),
      url: new URL(page, origin).href,
      ...(webhook_path ? { webhook_url: new URL(webhook_path, origin).href } : {}),
      products: products ?? [],
      plans: plans ?? [],
    }
  })
}

/**
 * The widgets the panel knows: the samples (each on its port's origin), then `config.apps`, with
 * this installation's secrets where they have none. Refuses an app that takes a sample's key,
 * and any two widgets, samples included, that share an origin ({@link assertOneWidgetPerOrigin}).
 */
export function demoApps(
  fixtures: Fixtures,
  config: Pick<DemoConfig, 'ports' | 'apps'>,
  secrets: SecretStore,
): { samples: AppConfig[]; apps: AppConfig[] } {
  if (config.ports.widgets.length !== SAMPLE_KEYS.length) {
    throw new ConfigError(
      `Expected ${SAMPLE_KEYS.length} sample widget ports (${SAMPLE_KEYS.join(', ')}), got ${config.ports.widgets.length}`,
    )
  }
  for (const app of config.apps) {
    if (fixtures.apps.some((s) => s.app_key === app.app_key)) {
      throw new ConfigError(`"${app.app_key}" is the key of a sample widget; choose another`)
    }
  }
  // Checked before any secret is made: a refused config writes nothing.
  const origins = sampleOrigins(config.ports)
  assertOneWidgetPerOrigin([
    ...fixtures.apps.map((s) => ({ app_key: s.app_key, url: origins[s.app_key]! })),
    ...config.apps,
  ])
  const samples = sampleApps(fixtures, origins, secrets)
  return { samples, apps: [...samples, ...config.apps.map((app) => withSecrets(app, secrets))] }
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
  const allowedHosts: string[] = []
  let help = false
  let rotateSecrets = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      help = true
      continue
    }
    if (arg === '--rotate-secrets') {
      rotateSecrets = true
      continue
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    const name = match?.[1]
    if (
      !name ||
      ![
        'port',
        'panel-port',
        'widgets-port',
        'emulator-port',
        'app',
        'config',
        'allowed-host',
      ].includes(name)
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
    } else if (name === 'allowed-host') {
      allowedHosts.push(hostOption(value, '--allowed-host'))
    } else {
      flags[name] = value
    }
  }

  const configPath = flags.config ?? env.DEMO_CONFIG
  let file: {
    apps?: unknown
    ports?: Partial<Record<keyof Ports, unknown>>
    allowedHosts?: unknown
  } = {}
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
  const fromBase = portsFrom(base)
  // A base port given on the command line or in the environment beats ports in the file.
  const baseGiven = flags.port !== undefined || env.DEMO_PORT !== undefined
  const given = (flag: string, envName: string, fromFile: unknown): string | undefined =>
    flags[flag] ??
    env[envName] ??
    (baseGiven || fromFile === undefined
      ? undefined
      : Array.isArray(fromFile)
        ? fromFile.join(',')
        : String(fromFile))
  const pick = (flag: string, envName: string, fromFile: unknown, fallback: number) =>
    port(given(flag, envName, fromFile), `--${flag}`) ?? fallback
  const ports: Ports = {
    panel: pick('panel-port', 'DEMO_PANEL_PORT', file.ports?.panel, fromBase.panel),
    widgets:
      widgetPorts(given('widgets-port', 'DEMO_WIDGETS_PORT', file.ports?.widgets)) ??
      fromBase.widgets,
    emulator: pick('emulator-port', 'DEMO_EMULATOR_PORT', file.ports?.emulator, fromBase.emulator),
  }
  const all = [ports.panel, ...ports.widgets, ports.emulator]
  if (new Set(all).size !== all.length) {
    throw new ConfigError(`The demo's five ports must differ: ${JSON.stringify(ports)}`)
  }
  if (all.some((p) => p > 65535)) {
    throw new ConfigError(
      `--port ${base}: the demo takes five ports from ${base}, and ${base + 4} passes 65535`,
    )
  }

  const apps: ConfigApp[] = []
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
  if (file.allowedHosts !== undefined) {
    if (!Array.isArray(file.allowedHosts)) {
      throw new ConfigError(`${configPath}: "allowedHosts" must be an array of host names`)
    }
    for (const [i, name] of file.allowedHosts.entries()) {
      allowedHosts.push(hostOption(name, `${configPath}: allowedHosts[${i}]`))
    }
  }
  return {
    ports,
    apps,
    allowedHosts: [...new Set(allowedHosts)],
    secretsFile: secretsPath(configPath, cwd),
    rotateSecrets,
    help,
  }
}

/** A host name to answer besides this machine's: a name or an IP address, no port, no scheme. */
function hostOption(value: unknown, where: string): string {
  if (typeof value !== 'string' || !isHostNameOption(value)) {
    throw new ConfigError(
      `${where}: expected a host name such as my-laptop.local (no scheme, no port), got ${JSON.stringify(value)}`,
    )
  }
  return value.toLowerCase()
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
