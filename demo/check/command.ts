// `platform-widget-dev check`: loads each widget of the config in the real panel, in a headless
// browser, and reports what would break it before a doctor sees it. Exit 1 when a widget has an
// error, 2 for a bad option or config, 3 when no browser could run, so a widget's CI can run it.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { readArgs } from '../lib/args.js'
import { ConfigError, parseConfig } from '../lib/config.js'
import { check, configFileSchema, readConfigFile } from '../lib/config-file.js'
import { PortInUseError } from '../lib/http.js'
import { DEFAULT_CONFIG_FILE } from '../lib/platform-url.js'
import { SecretsError } from '../lib/secrets.js'
import { findOrStartPlatform } from '../playwright/platform.js'
import { ENGINES, type Engine } from './browser.js'
import { exitStatus, formatReport, jsonReport } from './report.js'
import { runChecks } from './run.js'

/** The exit status when no engine could run here: nothing was checked (a script may skip). */
export const NO_ENGINE = 3

export const CHECK_USAGE = `Usage: platform-widget-dev check [--config FILE] [--app KEY] [--engine E] [--json]

Loads each widget of the config in the dev panel (started for the check, or the one already
running at the config's ports), in each context it declares and each page it registers by key,
in a headless browser, and reports what would break it: each finding with its severity, what
the doctor or patient would see, and the fix. Exit status 1 when a widget has an error, 2 for a
bad option, 3 when no browser could run.

  --config FILE   the widgets' config (default: platform.config.json here, or DEMO_CONFIG)
  --app KEY       check only this widget (repeatable)
  --engine E      chromium (default), firefox, webkit, or all (each one installed here; the
                  report says which ran, and names the others with how to install them)
  --json          the report as JSON`

export interface CheckArgs {
  config?: string
  apps: string[]
  engines: Engine[]
  json: boolean
  help: boolean
}

/** Reads the command line; throws ConfigError with a message for the person who typed it. */
export function parseCheckArgs(argv: string[]): CheckArgs {
  const read = readArgs(argv, {
    valued: ['config', 'app', 'engine'],
    switches: { json: [] },
    usage: CHECK_USAGE,
  })
  const args: CheckArgs = {
    apps: [],
    engines: ['chromium'],
    json: read.switches.has('json'),
    help: read.switches.has('help'),
  }
  for (const { name, value } of read.values) {
    if (name === 'config') args.config = value
    else if (name === 'app') args.apps.push(value)
    else if (value === 'all') args.engines = [...ENGINES]
    else if ((ENGINES as readonly string[]).includes(value)) args.engines = [value as Engine]
    else throw new ConfigError(`--engine: "${value}" is not chromium, firefox, webkit or all`)
  }
  return args
}

interface Io {
  out(line: string): void
  err(line: string): void
}

/** Runs the command: its exit status. */
export async function runCheckCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
  cwd = process.cwd(),
): Promise<number> {
  let args: CheckArgs
  let configFile: string
  let apps: ReturnType<typeof parseConfig>['apps']
  let panelOrigins: string[]
  try {
    args = parseCheckArgs(argv)
    if (args.help) {
      io.out(CHECK_USAGE)
      return 0
    }
    const given = args.config ?? env.DEMO_CONFIG
    if (!given && !existsSync(path.resolve(cwd, DEFAULT_CONFIG_FILE))) {
      throw new ConfigError(
        `No config: give --config FILE, or run this where ${DEFAULT_CONFIG_FILE} is`,
      )
    }
    configFile = path.resolve(cwd, given ?? DEFAULT_CONFIG_FILE)
    apps = parseConfig(['--config', configFile], env, cwd).apps
    // Only check reads them: the fixes name the production panel beside the dev one.
    const { shape } = configFileSchema
    const fromFile = readConfigFile(configFile).productionPanelOrigins
    panelOrigins =
      check(shape.productionPanelOrigins, fromFile, configFile, 'productionPanelOrigins') ?? []
    for (const key of args.apps) {
      if (!apps.some((a) => a.app_key === key)) {
        throw new ConfigError(`--app ${key}: no widget "${key}" in ${configFile}`)
      }
    }
    if (args.apps.length) apps = apps.filter((a) => args.apps.includes(a.app_key))
    if (apps.length === 0) throw new ConfigError(`${configFile} registers no widget to check`)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    io.err(error.message)
    return 2
  }
  let platform: Awaited<ReturnType<typeof findOrStartPlatform>>
  try {
    platform = await findOrStartPlatform(configFile)
  } catch (error) {
    // A port taken by something else, a config the dev command refuses, unreadable secrets.
    const known = [PortInUseError, ConfigError, SecretsError].some((type) => error instanceof type)
    if (!known) throw error
    io.err((error as Error).message)
    return 2
  }
  try {
    const { default: axe } = await import('axe-core')
    const report = await runChecks({
      apps: apps.map((app) => ({ ...app, developer_key: '', webhook_secret: '' })),
      panel: platform.panel,
      panelOrigins,
      engines: args.engines,
      env,
      axeSource: axe.source,
    })
    io.out(args.json ? jsonReport(report) : formatReport(report))
    const { ran, skipped } = report.engines
    if (ran.length === 0) {
      io.err('No engine could run: nothing was checked.')
      return NO_ENGINE
    }
    // Not an error (the engines that ran checked everything they could), but never unsaid.
    for (const s of skipped) io.err(`Not checked in ${s.engine}: ${s.why}`)
    return exitStatus(report)
  } finally {
    await platform.close()
  }
}
