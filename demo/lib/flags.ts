import path from 'node:path'
import { CONTEXTS, type HostContext } from 'platform-widget-sdk/events'
import { readArgs } from './args.js'
import { ConfigError } from './config-error.js'
import { APP_KEY, hostOption, httpUrl, panelOrigin } from './config-values.js'
import { demoPath } from './paths.js'
import { DEFAULT_BASE_PORT } from './ports.js'

/** The example config this command carries: `demo/` in the repository, `dist/` in the package. */
export const EXAMPLE_CONFIG = demoPath('config.example.json')

/** A path as the reader can open it from `cwd`: relative when under it, else absolute. */
function fromHere(file: string, cwd: string): string {
  const relative = path.relative(cwd, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

/**
 * The `dev` command's help. It names the example config where this run finds it
 * (`node_modules/platform-widget-dev/dist/config.example.json` in a project, `demo/…` in the
 * repository), not where it sits in the repository.
 */
export const usage = (cwd = process.cwd()) => `Usage: npx platform-widget-dev dev [options]
       npm start -- [options]        (in the SDK's repository: the same command)
       npm run dev -- --port N       (in a widget project init made: every port of its
                                      platform.config.json moved to N and up)

  --port N            base port (default ${DEFAULT_BASE_PORT}): five ports in a row from N:
                        N    demo panel
                        N+1  sample widget demo-doctor     (each sample widget on an origin
                        N+2  platform emulator              of its own: http://localhost:PORT)
                        N+3  sample widget demo-booking
                        N+4  sample widget demo-profile
  --panel-port N      the demo panel's port
  --widgets-port A,B,C  the three sample widgets' ports (demo-doctor, demo-booking, demo-profile)
  --emulator-port N   the platform emulator's port
  --app KEY=URL[;name=NAME][;contexts=C,…]
                      run your widget KEY, served at URL (repeatable): in the doctor panel,
                        named KEY, unless name= and contexts= (doctor-panel, booking-flow,
                        doctor-profile) say otherwise; quote it for the shell, and write a ; in
                        the URL as %3B
  --config FILE       a JSON file registering widgets in full (default: platform.config.json
                        here, when there is one: a widget project's); an example to copy:
                        ${fromHere(EXAMPLE_CONFIG, cwd)}
  --rotate-secrets    make new developer keys and webhook secrets for every widget (they are
                        kept in .platform-dev/secrets.json beside the config file, else here)
  --panel-origin URL  a panel of your own at URL's origin (repeatable): it may frame the sample
                        widgets and call the emulator's internal API (createEmulatorBackend)
  --allowed-host NAME also answer requests for the host name NAME (repeatable; the servers
                        answer only localhost, 127.0.0.1 and [::1] otherwise)
  --help              this text

Environment: DEMO_PORT, DEMO_PANEL_PORT, DEMO_WIDGETS_PORT, DEMO_EMULATOR_PORT, DEMO_CONFIG.
Flags win over the environment, the environment over the config file.`

export const USAGE = usage()

const VALUED = [
  'port',
  'panel-port',
  'widgets-port',
  'emulator-port',
  'app',
  'config',
  'allowed-host',
  'panel-origin',
]

/** The command line, checked but not yet merged with the environment and the config file. */
export interface Flags {
  /** `--port`, `--panel-port`, `--widgets-port`, `--emulator-port`, `--config`: as typed. */
  values: Record<string, string>
  /** Each `--app KEY=URL[;name=…][;contexts=…]`, in order, the URL checked. */
  quick: QuickFlag[]
  /** Each `--allowed-host`, lower case. */
  allowedHosts: string[]
  /** Each `--panel-origin`, as an origin. */
  panelOrigins: string[]
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
    panelOrigins: [],
    help: false,
    rotateSecrets: false,
  }
  const args = readArgs(argv, { valued: VALUED, switches: { 'rotate-secrets': [] }, usage: USAGE })
  flags.help = args.switches.has('help')
  flags.rotateSecrets = args.switches.has('rotate-secrets')
  for (const { name, value } of args.values) {
    if (name === 'app') flags.quick.push(quickFlag(value))
    else if (name === 'allowed-host') flags.allowedHosts.push(hostOption(value, '--allowed-host'))
    else if (name === 'panel-origin') flags.panelOrigins.push(panelOrigin(value, '--panel-origin'))
    else flags.values[name] = value
  }
  return flags
}

/** A widget of the command line: `--app KEY=URL[;name=NAME][;contexts=C,…]`. */
export interface QuickFlag {
  app_key: string
  url: string
  /** `name=`: the name the panel and its dialogs show (default: the key). */
  name?: string
  /** `contexts=`: the panel pages that show it (default: the doctor panel). */
  contexts?: HostContext[]
}

const QUICK_EXAMPLE =
  'such as --app "my-widget=http://localhost:5173/;name=My widget;contexts=doctor-panel,doctor-profile"'

/** `--app KEY=URL[;name=NAME][;contexts=C,…]`. */
function quickFlag(value: string): QuickFlag {
  const [first = '', ...options] = value.split(';')
  const eq = first.indexOf('=')
  const key = first.slice(0, eq)
  if (eq < 1 || !APP_KEY.test(key)) {
    throw new ConfigError(`--app ${value}: expected KEY=URL, ${QUICK_EXAMPLE}`)
  }
  const flag: QuickFlag = { app_key: key, url: httpUrl(first.slice(eq + 1), `--app ${key}`) }
  for (const option of options) {
    const at = option.indexOf('=')
    const [name, text] = [option.slice(0, at).trim(), option.slice(at + 1).trim()]
    if (at > 0 && name === 'name' && flag.name === undefined) {
      // Kept as typed, bidi controls included: the host strips those from every name it shows.
      if (!text || text.length > 100) {
        throw new ConfigError(`--app ${key}: name= needs 1 to 100 characters`)
      }
      flag.name = text
    } else if (at > 0 && name === 'contexts' && flag.contexts === undefined) {
      const contexts = [...new Set(text.split(',').map((c) => c.trim()))]
      const unknown = contexts.filter((c) => !(CONTEXTS as readonly string[]).includes(c))
      if (!text || unknown.length) {
        throw new ConfigError(
          `--app ${key}: contexts= expects some of ${CONTEXTS.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
        )
      }
      flag.contexts = contexts as HostContext[]
    } else {
      throw new ConfigError(
        `--app ${key}: "${option}" is not name=… or contexts=… (once each), ${QUICK_EXAMPLE}; write a ; in the URL as %3B`,
      )
    }
  }
  return flag
}
