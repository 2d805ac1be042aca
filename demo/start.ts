// `npm start`: the demo panel, the sample widgets with their backend, and the platform emulator,
// in one process. Ctrl-C stops all three. `npm start` builds the SDK first; this file never builds.

import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createEmulator } from './emulator/app.js'
import { FIXTURES_PATH, loadFixtures } from './emulator/state.js'
import type { AppConfig } from './emulator/types.js'
import {
  assertOneWidgetPerOrigin,
  ConfigError,
  type DemoConfig,
  parseConfig,
  sampleApps,
  USAGE,
} from './lib/config.js'
import { HOST, listen, PortInUseError, type Running } from './lib/http.js'
import { createPanel } from './panel/server.js'
import { createWidgets } from './widgets/server.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface Demo {
  origins: { panel: string; widgets: string; emulator: string }
  apps: AppConfig[]
  close(): Promise<void>
}

const PORT_HINT =
  'Stop what uses it, or pick other ports: npm start -- --port 4500 (or DEMO_PORT=4500 npm start).'

/** Starts the three servers. Rejects, with nothing left listening, when one cannot start. */
export async function startDemo(config: Pick<DemoConfig, 'ports' | 'apps'>): Promise<Demo> {
  if (
    !existsSync(path.join(root, 'dist', 'host.js')) ||
    !existsSync(path.join(root, 'dist', 'platform.js'))
  ) {
    throw new ConfigError(
      'The SDK is not built: run `npm run build` (or use `npm start`, which builds first).',
    )
  }
  const origins = {
    panel: `http://${HOST}:${config.ports.panel}`,
    // "localhost", not 127.0.0.1: another site, so the widget iframes are really cross-origin.
    widgets: `http://localhost:${config.ports.widgets}`,
    emulator: `http://${HOST}:${config.ports.emulator}`,
  }
  const fixtures = loadFixtures()
  const samples = sampleApps(fixtures, origins.widgets)
  for (const app of config.apps) {
    if (samples.some((s) => s.app_key === app.app_key)) {
      throw new ConfigError(`"${app.app_key}" is the key of a sample widget; choose another`)
    }
  }
  for (const app of config.apps) {
    if (new URL(app.url).origin === new URL(origins.widgets).origin) {
      throw new ConfigError(
        `"${app.app_key}" is served from ${origins.widgets}, the sample widgets' origin; serve it from an origin of its own`,
      )
    }
  }
  assertOneWidgetPerOrigin(config.apps)
  const apps = [...samples, ...config.apps]
  const emulator = createEmulator({ fixtures, apps, panelOrigin: origins.panel })
  const servers: Running[] = []
  const close = async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
  }
  try {
    servers.push(await listen(emulator.app, config.ports.emulator, 'platform emulator', PORT_HINT))
    servers.push(
      await listen(
        createWidgets({
          panelOrigin: origins.panel,
          emulatorOrigin: origins.emulator,
          apps: samples,
        }),
        config.ports.widgets,
        'sample widgets',
        PORT_HINT,
      ),
    )
    servers.push(
      await listen(
        createPanel({
          panelOrigin: origins.panel,
          emulatorOrigin: origins.emulator,
          apps,
          users: { doctor: 'dr-1', patient: 'pt-1' },
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
  return { origins, apps, close }
}

function banner(demo: Demo, config: DemoConfig): string {
  const { panel, widgets, emulator } = demo.origins
  const lines = [
    '',
    'Platform widget demo is running (Ctrl-C stops everything)',
    '',
    `  Doctor panel     ${panel}/panel`,
    `  Booking flow     ${panel}/booking`,
    `  Doctor profile   ${panel}/profile`,
    `  Sample widgets   ${widgets}/  (and their backend under /api)`,
    `  Emulator         ${emulator}  (state in memory, seeded from ${path.relative(process.cwd(), fileURLToPath(FIXTURES_PATH))})`,
    `  Webhooks sent    ${emulator}/webhooks`,
    '',
    `  English: add ?lang=en to a page URL, or use the switch in its header.`,
  ]
  if (config.apps.length) {
    lines.push('', 'Your widgets:')
    for (const app of config.apps) {
      lines.push(
        `  ${app.app_key}  ${app.url}`,
        `    pages: ${app.contexts.join(', ')}   app_id: ${app.app_id}`,
        `    developer key (x-api-key, for your backend only): ${app.developer_key}`,
        `    token exchange: POST ${emulator}/api/v1/apps/${app.app_key}/oauth/access_token`,
        app.webhook_url
          ? `    webhooks: POST ${app.webhook_url}  (webhook_url in a config file changes it)`
          : '    webhooks: not sent (no webhook_url on this machine; set one in a config file)',
        `    webhook secret (verifyWebhook, for your backend only): ${app.webhook_secret}`,
        `    SDK script for your page: <script src="${panel}/dist/platform.js"></script>`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

async function main() {
  let config: DemoConfig
  try {
    config = parseConfig(process.argv.slice(2), process.env)
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
  let demo: Demo
  try {
    demo = await startDemo(config)
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof ConfigError) {
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
