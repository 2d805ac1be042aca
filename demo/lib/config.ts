import { existsSync } from 'node:fs'
import path from 'node:path'
import type { AppConfig, Fixtures } from '../shared/config-types.js'
import { ConfigError } from './config-error.js'
import {
  appsFromFile,
  check,
  configFileSchema,
  panelOriginsOf,
  type RawConfigFile,
  readConfigFile,
} from './config-file.js'
import { parseFlags } from './flags.js'
import { DEFAULT_CONFIG_FILE } from './platform-url.js'
import { type Ports, resolvePorts, SAMPLE_KEYS, sampleOrigins } from './ports.js'
import { type ConfigApp, quickApp } from './quick-app.js'
import { type SecretStore, secretsPath } from './secrets.js'

// The command line is read in `flags.ts`, the config file in `config-file.ts` (its widgets by the
// schema the test kit shares), the ports are resolved in `ports.ts`; this module puts them together.
export { ConfigError } from './config-error.js'
export { appFromConfig } from './config-file.js'
export { USAGE } from './flags.js'
export {
  DEFAULT_BASE_PORT,
  type Ports,
  portsFrom,
  SAMPLE_KEYS,
  sampleOrigins,
  samplePorts,
} from './ports.js'
export { type ConfigApp, defaultWebhookUrl, quickApp } from './quick-app.js'

export interface DemoConfig {
  ports: Ports
  apps: ConfigApp[]
  /** Where this installation's developer keys and webhook secrets are kept. */
  secretsFile: string
  /** `--rotate-secrets`: make new ones for every widget. */
  rotateSecrets: boolean
  /** Host names every dev server answers besides localhost, 127.0.0.1 and [::1]. */
  allowedHosts: string[]
  /**
   * Panels of your own (`--panel-origin`, `panelOrigins` in the config file), as origins: they
   * may frame the sample widgets and call the emulator's internal API, as the dev panel does.
   */
  panelOrigins: string[]
  /** What the config file says that the dev platform takes but doubts (an unknown scope). */
  warnings: string[]
  help: boolean
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
  return fixtures.apps.map(({ path: page, webhook_path, products, plans, pages, ...app }) => {
    const origin = origins[app.app_key]
    if (!origin) throw new Error(`No origin for the sample widget "${app.app_key}"`)
    const url = new URL(page, origin).href
    return {
      ...app,
      ...secrets.get(app.app_key),
      url,
      // A page's embed_src is relative to the widget's URL in the fixtures (the port varies).
      ...(pages && {
        pages: pages.map((p) => ({ ...p, embed_src: new URL(p.embed_src, url).href })),
      }),
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
 * Reads flags, then the environment, then the config file (`--config`, else `DEMO_CONFIG`, else
 * `platform.config.json` in `cwd` when there is one). Throws {@link ConfigError} with a
 * message meant for the person who typed the command.
 */
export function parseConfig(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): DemoConfig {
  const flags = parseFlags(argv)
  // A widget project's config is read with no flag, as the other commands read it.
  const here = existsSync(path.resolve(cwd, DEFAULT_CONFIG_FILE)) ? DEFAULT_CONFIG_FILE : undefined
  const configPath = flags.values.config ?? env.DEMO_CONFIG ?? here
  const file: RawConfigFile = configPath ? readConfigFile(path.resolve(cwd, configPath)) : {}
  const { apps, warnings } = configPath
    ? appsFromFile(file, configPath)
    : { apps: [], warnings: [] }
  const { shape } = configFileSchema
  const ports = resolvePorts(flags.values, env, check(shape.ports, file.ports, `${configPath}`))

  for (const { app_key, url, ...given } of flags.quick) {
    apps.push(quickApp(app_key, url, apps.length, given))
  }
  const keys = new Set<string>()
  for (const app of apps) {
    if (keys.has(app.app_key))
      throw new ConfigError(`The widget "${app.app_key}" is registered twice`)
    keys.add(app.app_key)
  }
  assertOneWidgetPerOrigin(apps)
  const fromFile = check(shape.allowedHosts, file.allowedHosts, `${configPath}`, 'allowedHosts')
  return {
    ports,
    apps,
    allowedHosts: [...new Set([...flags.allowedHosts, ...(fromFile ?? [])])],
    panelOrigins: [
      ...new Set([
        ...flags.panelOrigins,
        ...panelOriginsOf(
          check(shape.panelOrigins, file.panelOrigins, `${configPath}`, 'panelOrigins'),
          `${configPath}`,
        ),
      ]),
    ],
    secretsFile: secretsPath(configPath, cwd),
    rotateSecrets: flags.rotateSecrets,
    warnings,
    help: flags.help,
  }
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
