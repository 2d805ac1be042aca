// `platform-widget-dev logs`: the calls widget backends made to the running emulator's open APIs
// (the control API's /control/v1/calls), like `stripe logs tail`: a line per call, filters by
// widget and status, bodies on demand, and --follow to keep printing new calls until Ctrl+C.

import type { PlatformCall } from '../shared/call-types.js'
import { lastValues, readArgs } from './args.js'
import { ConfigError } from './config-error.js'
import { parseHttpUrl } from './config-values.js'
import { PLATFORM_OPTIONS, platformUrl } from './platform-url.js'
import { CommandError, type CommandIo, printable } from './webhook-commands.js'

export const LOGS_USAGE = `Usage: platform-widget-dev logs [--app KEY] [--status S] [--follow] [--body] [--emulator URL]

Lists the calls widget backends made to the emulator's open APIs, oldest first (it keeps the
last 500, and 2 MiB of bodies), with developer keys, tokens and secrets masked.

  --app KEY        only this widget's calls
  --status S       only these: a status (402), a class (4xx, 5xx) or error (400 and up)
  --follow, -f     keep printing new calls as they come, until Ctrl+C
  --body           print each call's request and response bodies too
${PLATFORM_OPTIONS}

Exit status: 0 listed, 1 an error (no emulator, an unknown widget), 2 a bad option.`

/** Milliseconds between two reads in follow mode. */
export const FOLLOW_MS = 1000

export interface LogsCommand {
  emulator: string
  app?: string
  status?: string
  follow: boolean
  body: boolean
  help: boolean
}

/** Reads `logs`' arguments; throws a {@link ConfigError} (exit 2) for a bad one. */
export function parseLogsCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): LogsCommand {
  const read = readArgs(argv, {
    valued: ['app', 'status', 'emulator', 'port', 'emulator-port', 'config'],
    switches: { follow: ['-f'], body: [] },
    prefix: 'logs: ',
    usage: LOGS_USAGE,
  })
  const values = lastValues(read)
  const command = {
    follow: read.switches.has('follow'),
    body: read.switches.has('body'),
    help: read.switches.has('help'),
  }
  if (values.status !== undefined && !/^(?:[1-5]\d\d|[1-5]xx|error)$/i.test(values.status)) {
    throw new ConfigError(
      `logs: --status ${values.status} is not a status (402), a class (4xx) or error`,
    )
  }
  // Found as `trigger` and `deliveries` find it: flags, environment, the config's ports, default.
  let raw: string
  try {
    raw = platformUrl(values, env, cwd).url
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`logs: ${error.message}`)
    throw error
  }
  const url = parseHttpUrl(raw)
  if ('problem' in url) throw new ConfigError(`logs: ${raw} is not an http(s) URL`)
  return {
    ...command,
    emulator: url.href.replace(/\/+$/, ''),
    ...(values.app === undefined ? {} : { app: values.app }),
    ...(values.status === undefined ? {} : { status: values.status.toLowerCase() }),
  }
}

/** One call as a line: time, method, path, status, duration, widget; then its links. */
export function callLine(call: PlatformCall): string {
  const time = call.at.replace('T', ' ').slice(0, 19)
  const links = [
    call.links.session ? `session ${call.links.session}` : '',
    call.links.receipt ? `receipt ${call.links.receipt}` : '',
  ].filter(Boolean)
  return printable(
    `${time}  ${call.method.padEnd(6)} ${call.path}  ${call.status}  ${Math.round(call.duration_ms)} ms  ${call.app_key ?? '-'}${links.length ? `  (${links.join(', ')})` : ''}`,
  )
}

function bodyLines(call: PlatformCall): string[] {
  const lines: string[] = []
  for (const [what, part] of [
    ['request', call.request],
    ['response', call.response],
  ] as const) {
    if (part.body === null || part.body === '') continue
    lines.push(`    ${what}${part.truncated ? ' (cut)' : ''}: ${printable(part.body)}`)
  }
  return lines
}

async function read(command: LogsCommand, io: CommandIo, after: number): Promise<PlatformCall[]> {
  const query = new URLSearchParams()
  if (command.app) query.set('app_key', command.app)
  if (command.status) query.set('status', command.status)
  if (after) query.set('after', String(after))
  const url = `${command.emulator}/control/v1/calls${query.size ? `?${query}` : ''}`
  let res: Response
  try {
    res = await (io.fetch ?? fetch)(url, { signal: AbortSignal.timeout(10_000) })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = cause?.code ?? cause?.message ?? (error as Error).message
    throw new CommandError(
      `No emulator answers at ${command.emulator} (${why}): start one with \`platform-widget-dev dev\`, or give its URL with --emulator or PLATFORM_URL`,
    )
  }
  const json = (await res.json().catch(() => undefined)) as
    | { calls?: PlatformCall[]; error?: string; message?: string }
    | undefined
  if (res.ok && Array.isArray(json?.calls)) return json.calls
  if (json?.error && json.message && json.error !== 'NOT_FOUND') {
    throw new CommandError(`logs: ${json.message} (${json.error}, HTTP ${res.status})`)
  }
  throw new CommandError(
    `${command.emulator} does not answer GET /control/v1/calls (HTTP ${res.status}): is it a platform-widget-dev emulator of this version?`,
  )
}

export interface LogsIo extends CommandIo {
  /** Ends follow mode (Ctrl+C; a test's). */
  signal?: AbortSignal
  /** Waits between two reads in follow mode. Default: a timer of FOLLOW_MS. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** Runs `logs`; answers the exit status and writes to `io`, never throws. */
export async function runLogsCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: LogsIo,
): Promise<number> {
  let command: LogsCommand
  try {
    command = parseLogsCommand(argv, env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    io.err(error.message)
    return 2
  }
  if (command.help) {
    io.out(LOGS_USAGE)
    return 0
  }
  let last = 0
  try {
    let first = true
    do {
      const calls = await read(command, io, last)
      if (first && !calls.length && !command.follow) io.out('No platform calls yet.')
      if (first && command.follow) io.out(`Following ${command.emulator}: Ctrl+C to stop.`)
      first = false
      for (const call of calls) {
        io.out(callLine(call))
        if (command.body) for (const line of bodyLines(call)) io.out(line)
        last = Math.max(last, call.id)
      }
      if (!command.follow || io.signal?.aborted) break
      await (io.wait ?? sleep)(FOLLOW_MS, io.signal)
    } while (!io.signal?.aborted)
    return 0
  } catch (error) {
    if (!(error instanceof CommandError)) throw error
    io.err(printable(error.message))
    return 1
  }
}
