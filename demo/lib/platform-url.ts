// Where a running dev platform is, for every command that talks to one (`trigger`, `resend`,
// `deliveries`, and any new one): read as `dev` reads its ports, so a widget whose config moved
// them needs no flag.

import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from './config-error.js'
import { check, configFileSchema, readConfigFile } from './config-file.js'
import { parseHttpUrl } from './config-values.js'
import { DEFAULT_BASE_PORT, portsFrom, resolvePorts } from './ports.js'

/** The config file a command reads when none is named: a widget project's (`init` writes it). */
export const DEFAULT_CONFIG_FILE = 'platform.config.json'

/** The options of a command that talks to a running dev platform, as typed. */
export interface PlatformFlags {
  /** `--emulator URL`: the emulator, or a sandbox's URL. */
  emulator?: string
  /** `--port N`: the dev platform's base port (the emulator is at N+2). */
  port?: string
  /** `--emulator-port N`. */
  'emulator-port'?: string
  /** `--config FILE`: the dev config whose `ports` say where it runs. */
  config?: string
}

/** The help lines of these options, for a command's usage. */
export const PLATFORM_OPTIONS = `  --emulator URL   the emulator (or a sandbox's URL)
  --port N         the dev platform's base port (its emulator is at N+2)
  --config FILE    the dev config whose "ports" say where it runs
                   (default: ${DEFAULT_CONFIG_FILE} here, when there is one)
  Where the emulator is: --emulator, else --port or --emulator-port, else $PLATFORM_URL, else
  $DEMO_EMULATOR_PORT or $DEMO_PORT, else the config's ports, else http://127.0.0.1:4402.`

/**
 * The URL of the running dev platform's emulator (no trailing slash), and what said so. Flags
 * first (`--emulator URL`, `--emulator-port N`, `--port N`), then the environment
 * (`PLATFORM_URL`, `DEMO_EMULATOR_PORT`, `DEMO_PORT`), then the config file's `ports` (`--config`,
 * else `DEMO_CONFIG`, else `./platform.config.json` when it exists), then the default,
 * `http://127.0.0.1:4402`. Throws a {@link ConfigError} for a bad URL, port or config file.
 *
 * @example
 * platformUrl({ port: '7600' }, process.env) // { url: 'http://127.0.0.1:7602', from: '--port' }
 */
export function platformUrl(
  flags: PlatformFlags,
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): { url: string; from: string } {
  const asUrl = (raw: string, from: string) => {
    const url = parseHttpUrl(raw)
    if ('problem' in url) throw new ConfigError(`${from} ${raw} is not an http(s) URL`)
    return { url: url.href.replace(/\/+$/, ''), from }
  }
  const at = (port: number, from: string) => ({ url: `http://127.0.0.1:${port}`, from })
  if (flags.emulator !== undefined) return asUrl(flags.emulator, '--emulator')
  const given = { port: flags.port, 'emulator-port': flags['emulator-port'] }
  if (given.port !== undefined || given['emulator-port'] !== undefined) {
    const ports = resolvePorts(definedOnly(given), {}, undefined)
    return at(ports.emulator, given['emulator-port'] ? '--emulator-port' : '--port')
  }
  if (env.PLATFORM_URL) return asUrl(env.PLATFORM_URL, 'PLATFORM_URL')
  if (env.DEMO_EMULATOR_PORT || env.DEMO_PORT) {
    const ports = resolvePorts({}, env, undefined)
    return at(ports.emulator, env.DEMO_EMULATOR_PORT ? 'DEMO_EMULATOR_PORT' : 'DEMO_PORT')
  }
  const named = flags.config ?? env.DEMO_CONFIG
  const file =
    named ?? (existsSync(path.resolve(cwd, DEFAULT_CONFIG_FILE)) ? DEFAULT_CONFIG_FILE : undefined)
  if (file !== undefined) {
    const raw = readConfigFile(path.resolve(cwd, file))
    const ports = resolvePorts({}, {}, check(configFileSchema.shape.ports, raw.ports, file))
    return at(ports.emulator, `${file}'s ports`)
  }
  return at(portsFrom(DEFAULT_BASE_PORT).emulator, 'the default')
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}
