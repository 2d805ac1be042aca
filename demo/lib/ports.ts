import { ConfigError } from './config-error.js'

export const DEFAULT_BASE_PORT = 4400

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

/**
 * The demo's five ports: each from its flag, else its variable, else the config file (unless a
 * base port was given on the command line or in the environment), else from the base port.
 * Throws a {@link ConfigError} for a bad port, two alike, or a base too high for five.
 *
 * @example
 * resolvePorts({ port: '4500' }, process.env, file.ports) // { panel: 4500, … }
 */
export function resolvePorts(
  flags: Record<string, string>,
  env: Record<string, string | undefined>,
  fromFile: Partial<Record<keyof Ports, unknown>> | undefined,
): Ports {
  const base = port(flags.port ?? env.DEMO_PORT, '--port') ?? DEFAULT_BASE_PORT
  const fromBase = portsFrom(base)
  // A base port given on the command line or in the environment beats ports in the file.
  const baseGiven = flags.port !== undefined || env.DEMO_PORT !== undefined
  const given = (flag: string, envName: string, inFile: unknown): string | undefined =>
    flags[flag] ??
    env[envName] ??
    (baseGiven || inFile === undefined
      ? undefined
      : Array.isArray(inFile)
        ? inFile.join(',')
        : String(inFile))
  const pick = (flag: string, envName: string, inFile: unknown, fallback: number) =>
    port(given(flag, envName, inFile), `--${flag}`) ?? fallback
  const ports: Ports = {
    panel: pick('panel-port', 'DEMO_PANEL_PORT', fromFile?.panel, fromBase.panel),
    widgets:
      widgetPorts(given('widgets-port', 'DEMO_WIDGETS_PORT', fromFile?.widgets)) ??
      fromBase.widgets,
    emulator: pick('emulator-port', 'DEMO_EMULATOR_PORT', fromFile?.emulator, fromBase.emulator),
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
  return ports
}

/**
 * What to type to move the dev platform off a taken port, in the project it runs in: the
 * repository's `npm start`, a widget project's `npm run dev` (any npm script: `npm run NAME`),
 * else the command itself. The suggested base is 100 above the current one.
 *
 * @example
 * portHint(4400, { npm_lifecycle_event: 'dev' }) // '… npm run dev -- --port 4500 …'
 */
export function portHint(base: number, env: Record<string, string | undefined>): string {
  const next = base + 100 <= 65531 ? base + 100 : 20000
  const script = env.npm_lifecycle_event
  const rerun =
    script === 'start'
      ? `npm start -- --port ${next} (or DEMO_PORT=${next} npm start)`
      : script
        ? `npm run ${script} -- --port ${next}`
        : `npx platform-widget-dev dev --port ${next}`
  return `Stop what uses it, or move the dev platform to ${next} and up: ${rerun}`
}
