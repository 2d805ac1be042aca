import { ConfigError } from './config-error.js'

/** What a command accepts on its command line. */
export interface ArgSpec {
  /** Options that take a value (`--name value` or `--name=value`), without their dashes. */
  valued: readonly string[]
  /** Options that take none, without their dashes, with their short forms (`{ follow: ['-f'] }`). */
  switches?: Readonly<Record<string, readonly string[]>>
  /** Whether words that are no option are taken (a folder, an event's name). */
  positional?: boolean
  /** Starts every message (`logs: `), so the reader knows which command spoke. */
  prefix?: string
  /** Ends the messages of an unknown option or a missing value. */
  usage: string
}

/** A command line as typed, checked against its {@link ArgSpec}. */
export interface Args {
  /** Each valued option, in order (a repeated one is there each time). */
  values: { name: string; value: string }[]
  /** The switches given, and `help` for `--help` or `-h`. */
  switches: Set<string>
  positional: string[]
}

/**
 * Reads a command line: `--name value`, `--name=value`, switches, `--help`/`-h` and, where the
 * command takes them, words. Throws a {@link ConfigError} (exit 2) naming an unknown option or
 * one with no value (an empty one included), with the usage after it.
 *
 * @example
 * readArgs(['--app', 'a', '--json'], { valued: ['app'], switches: { json: [] }, usage })
 */
export function readArgs(argv: readonly string[], spec: ArgSpec): Args {
  const args: Args = { values: [], switches: new Set(), positional: [] }
  const prefix = spec.prefix ?? ''
  const switches = Object.entries({ help: ['-h'], ...spec.switches })
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const on = switches.find(([name, short]) => arg === `--${name}` || short.includes(arg))
    if (on) {
      args.switches.add(on[0])
      continue
    }
    if (spec.positional && !arg.startsWith('-')) {
      args.positional.push(arg)
      continue
    }
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg)
    const name = match?.[1]
    if (!name || !spec.valued.includes(name)) {
      throw new ConfigError(`${prefix}unknown option "${arg}"\n\n${spec.usage}`)
    }
    const value = match[2] ?? argv[++i]
    if (value === undefined || value === '') {
      throw new ConfigError(`${prefix}--${name} needs a value\n\n${spec.usage}`)
    }
    args.values.push({ name, value })
  }
  return args
}

/** The last value given for each valued option. */
export function lastValues(args: Args): Record<string, string> {
  return Object.fromEntries(args.values.map(({ name, value }) => [name, value]))
}
