// `npm start`: the demo panel, the sample widgets with their backend (each widget on a port and
// origin of its own), and the platform emulator, in one process. Ctrl-C stops them all.
// `npm start` builds the SDK first; this file never builds.

import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createEmulator } from './emulator/app.js'
import { FIXTURES_PATH, loadFixtures } from './emulator/state.js'
import { isOwnOrigin, ownOriginMessage } from './emulator/webhooks.js'
import {
  ConfigError,
  type DemoConfig,
  demoApps,
  parseConfig,
  sampleOrigins,
  samplePorts,
  USAGE,
} from './lib/config.js'
import { HOST, listen, PortInUseError, type Running } from './lib/http.js'
import { BUNDLED, SDK_DIST } from './lib/paths.js'
import { portHint } from './lib/ports.js'
import { openSecretStore, type SecretStore, SecretsError } from './lib/secrets.js'
import { createPanel } from './panel/server.js'
import type { AppConfig } from './shared/config-types.js'
import { createWidgets } from './widgets/server.js'

export interface Demo {
  /** `widgets`: each sample widget's origin, by app_key. */
  origins: { panel: string; widgets: Record<string, string>; emulator: string }
  apps: AppConfig[]
  /** Where the developer keys and webhook secrets are kept (undefined: in memory only). */
  secretsFile?: string
  close(): Promise<void>
}

/**
 * Starts the panel, one server per sample widget and the emulator. Rejects, with nothing left
 * listening, when one cannot start.
 */
export async function startDemo(
  config: Pick<DemoConfig, 'ports' | 'apps'> &
    Partial<Pick<DemoConfig, 'allowedHosts' | 'panelOrigins'>> & {
      /** This installation's developer keys and webhook secrets (`openSecretStore`). */
      secrets: SecretStore
    },
): Promise<Demo> {
  const allowedHosts = config.allowedHosts ?? []
  const panelOrigins = config.panelOrigins ?? []
  if (
    !existsSync(path.join(SDK_DIST, 'host.js')) ||
    !existsSync(path.join(SDK_DIST, 'platform.js'))
  ) {
    throw new ConfigError(
      'The SDK is not built: run `npm run build` (or use `npm start`, which builds first).',
    )
  }
  const fixtures = loadFixtures()
  // The samples and your widgets together: no two widgets the panel knows share an origin.
  const { samples, apps } = demoApps(fixtures, config, config.secrets)
  const byKey = samplePorts(config.ports)
  const origins = {
    panel: `http://${HOST}:${config.ports.panel}`,
    // "localhost", not 127.0.0.1: another site, so the widget iframes are really cross-origin; and
    // a port each, so no two sample widgets share an origin (the same in every browser).
    widgets: sampleOrigins(config.ports),
    emulator: `http://${HOST}:${config.ports.emulator}`,
  }
  refuseOwnWebhooks(apps, origins.emulator)
  const emulator = createEmulator({
    fixtures,
    apps,
    panelOrigin: origins.panel,
    panelOrigins,
    allowedHosts,
    selfOrigin: () => origins.emulator,
  })
  const servers: Running[] = []
  const PORT_HINT = portHint(config.ports.panel, process.env)
  const close = async () => {
    // Its webhooks and its sandboxes' stop too: nothing is sent after close.
    await Promise.all([emulator.stop(), ...servers.splice(0).map((s) => s.close())])
  }
  try {
    servers.push(await listen(emulator.app, config.ports.emulator, 'platform emulator', PORT_HINT))
    for (const sample of samples) {
      servers.push(
        await listen(
          createWidgets({
            panelOrigin: origins.panel,
            panelOrigins,
            emulatorOrigin: origins.emulator,
            app: sample,
            allowedHosts,
          }),
          byKey[sample.app_key]!,
          `sample widget ${sample.app_key}`,
          PORT_HINT,
        ),
      )
    }
    servers.push(
      await listen(
        createPanel({
          panelOrigin: origins.panel,
          emulatorOrigin: origins.emulator,
          apps,
          users: { doctor: 'dr-1', patient: 'pt-1' },
          allowedHosts,
        }),
        config.ports.panel,
        'demo panel',
        PORT_HINT,
      ),
    )
  } catch (error) {
    await close()
    throw error
  }
  return { origins, apps, secretsFile: config.secrets.file, close }
}

/** A widget's webhooks to the emulator's own port would post to the emulator, in a loop. */
function refuseOwnWebhooks(apps: AppConfig[], emulator: string) {
  for (const app of apps) {
    if (app.webhook_url && isOwnOrigin(app.webhook_url, emulator)) {
      throw new ConfigError(
        `${app.app_key}: webhook_url ${app.webhook_url}: ${ownOriginMessage(emulator)}`,
      )
    }
  }
}

/**
 * A widget's pages as the panel opens them, `/_/{app_key}/{page_key}` (a parameter as `{name}`);
 * a widget outside the doctor panel has no such URL, only its keys.
 */
function pageLines(app: AppConfig, panel: string, own: boolean): string[] {
  if (!app.pages?.length) {
    return own ? ['    pages: none registered (`pages` in a config file registers them)'] : []
  }
  if (!app.contexts.includes('doctor-panel')) {
    return [
      `    pages: ${app.pages.map((p) => p.key).join(', ')} (opened in the doctor panel only)`,
    ]
  }
  return app.pages.map(
    (p) =>
      `    page ${p.key}: ${panel}/_/${app.app_key}/${[p.key, ...(p.parameters ?? []).map((n) => `{${n}}`)].join('/')}`,
  )
}

/** A widget's lines of the banner; `webhooks`: also its webhook URL and secret (your own widgets). */
function widgetLines(
  app: AppConfig,
  origins: Demo['origins'],
  { webhooks = false }: { webhooks?: boolean } = {},
): string[] {
  const { emulator } = origins
  return [
    `  ${app.app_key}  ${app.url}`,
    `    contexts: ${app.contexts.join(', ')}   app_id: ${app.app_id}`,
    ...pageLines(app, origins.panel, webhooks),
    `    developer key (x-api-key, for your backend only): ${app.developer_key}`,
    `    token exchange: POST ${emulator}/api/v1/apps/${app.app_key}/oauth/access_token`,
    `    payment verify: POST ${emulator}/api/v1/apps/${app.app_key}/monetization/verify`,
    ...(webhooks
      ? [
          app.webhook_url
            ? `    webhooks: POST ${app.webhook_url}  (webhook_url in a config file changes it)`
            : '    webhooks: not sent (no webhook_url on this machine; set one in a config file)',
          `    webhook secret (verifyWebhook, for your backend only): ${app.webhook_secret}`,
        ]
      : []),
  ]
}

export function banner(demo: Demo, config: Pick<DemoConfig, 'apps'>): string {
  const { panel, widgets, emulator } = demo.origins
  const lines = [
    '',
    'Platform widget demo is running (Ctrl-C stops everything)',
    '',
    `  Doctor panel     ${panel}/panel`,
    `  Booking flow     ${panel}/booking`,
    `  Doctor profile   ${panel}/profile`,
    `  Sample widgets   ${Object.values(widgets)
      .map((origin) => `${origin}/`)
      .join('  ')}`,
    `                   (an origin each: ${Object.keys(widgets).join(', ')}; backend under /api)`,
    `  Emulator         ${emulator}/  (state in memory, seeded from ${path.relative(process.cwd(), FIXTURES_PATH)})`,
    `  Webhooks sent    ${emulator}/webhooks  (platform-widget-dev trigger <event> --app KEY, resend <id>, deliveries)`,
    `  SDK script       <script src="${panel}/dist/platform.js"></script>`,
    `  Secrets          ${demo.secretsFile ? path.relative(process.cwd(), demo.secretsFile) || demo.secretsFile : 'in memory'}  (made for this installation; --rotate-secrets makes new ones)`,
    '',
    '  Your backend, against this emulator (platform-widget-server; every host on one origin):',
    `    export PLATFORM_URL=${emulator}`,
    `    (read by createPlatformClient, exchangeSessionToken and verifyPayment when given no URL; or pass baseUrl: '${emulator}')`,
    `    Your tests steer it with createEmulatorControl(): sandboxes, tokens, payments, failures (its operations: ${emulator}/control/v1/openapi.json)`,
    '',
    `  English: add ?lang=en to a page URL, or use the switch in its header.`,
    '',
    'Sample widgets:',
  ]
  const own = new Set(config.apps.map((app) => app.app_key))
  for (const app of demo.apps.filter((a) => !own.has(a.app_key))) {
    lines.push(...widgetLines(app, demo.origins))
  }
  if (config.apps.length) {
    lines.push('', 'Your widgets:')
    for (const app of demo.apps.filter((a) => own.has(a.app_key))) {
      lines.push(...widgetLines(app, demo.origins, { webhooks: true }))
    }
  }
  return `${lines.join('\n')}\n`
}

/**
 * The dev command: `platform-widget-dev dev [options]` (the package's bin) and `npm start`.
 * Starts the demo and keeps it running until a signal; exits with 2 on a bad option, 1 when a
 * server cannot start.
 */
export async function runDev(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  let config: DemoConfig
  try {
    config = parseConfig(argv, env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
  if (config.help) {
    console.log(USAGE)
    return
  }
  for (const warning of config.warnings) console.warn(`Warning: ${warning}`)
  let demo: Demo
  try {
    const secrets = openSecretStore(config.secretsFile, { rotate: config.rotateSecrets })
    demo = await startDemo({ ...config, secrets })
  } catch (error) {
    if (
      error instanceof PortInUseError ||
      error instanceof ConfigError ||
      error instanceof SecretsError
    ) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  console.log(banner(demo, config))
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the demo…`)
    const timer = setTimeout(() => process.exit(0), 2000)
    timer.unref()
    await demo.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGHUP', () => void stop('SIGHUP'))
}

// `tsx demo/start.ts [options]` still works (the e2e config starts it so). Not in the bundle,
// where this module and demo/cli.ts are one file and the command is `dev`.
if (
  !BUNDLED &&
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  await runDev(process.argv.slice(2))
}
