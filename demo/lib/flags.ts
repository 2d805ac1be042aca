import { ConfigError } from './config-error.js'
import { APP_KEY, hostOption, httpUrl } from './config-values.js'
import { DEFAULT_BASE_PORT } from './ports.js'

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

const VALUED = [
  'port',
  'panel-port',
  'widgets-port',
  'emulator-port',
  'app',
  'config',
  'allowed-host',
]

/** The command line, checked but not yet merged with the environment and the config file. */
export interface Flags {
  /** `--port`, `--panel-port`, `--widgets-port`, `--emulator-port`, `--config`: as typed. */
  values: Record<string, string>
  /** Each `--app KEY=URL`, in order, the URL checked. */
  quick: [string, string][]
  /** Each `--allowed-host`, lower case. */
  allowedHosts: string[]
  help: boolean
  rotateSecrets: boolean
}

/**
 * Reads the `dev` command's flags (`--name value` or `--name=value`). Throws a
 * {@link ConfigError} for an unknown option, a missing value, or a bad `--app` or
 * `--allowed-host`.
 *
 * @example
 * parseFlags(['--port', '4500', '--app', 'mine=http://localhost:5173/'])
 */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {
    values: {},
    quick: [],
    allowedHosts: [],
    help: false,
    rotateSecrets: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      flags.help = true
      continue
    }
    if (arg === '--rotate-secrets') {
      flags.rotateSecrets = true
      continue
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    const name = match?.[1]
    if (!name || !VALUED.includes(name)) {
      throw new ConfigError(`Unknown option "${arg}"\n\n${USAGE}`)
    }
    const value = match[2] ?? argv[++i]
    if (value === undefined) throw new ConfigError(`--${name} needs a value\n\n${USAGE}`)
    if (name === 'app') flags.quick.push(quickFlag(value))
    else if (name === 'allowed-host') flags.allowedHosts.push(hostOption(value, '--allowed-host'))
    else flags.values[name] = value
  }
  return flags
}

/** `--app KEY=URL`. */
function quickFlag(value: string): [string, string] {
  const eq = value.indexOf('=')
  const key = value.slice(0, eq)
  if (eq < 1 || !APP_KEY.test(key)) {
    throw new ConfigError(
      `--app ${value}: expected KEY=URL, such as --app my-widget=http://localhost:5173/`,
    )
  }
  return [key, httpUrl(value.slice(eq + 1), `--app ${key}`)]
}
