// The commands of `platform-widget-dev`, run in this process: demo/cli.ts (the package's `bin`)
// calls `runCli` with its arguments and exits with the status it answers. Each command's module
// is imported when that command runs: `dev` alone loads the panel, the widgets and the emulator
// (hono, zod, jose...), which the usage and the other commands never need.

const COMMANDS_HELP = `Usage: platform-widget-dev <command> [options]

Commands (platform-widget-dev <command> --help lists each one's options):
  dev         run the local panel, the sample widgets and the platform emulator
  trigger     send a sample webhook event to a widget: trigger <event> --app KEY
  resend      send a logged webhook delivery again: resend <delivery-id>
  deliveries  list the emulator's webhook deliveries, or show one
  logs        the calls widget backends made to the emulator: logs [--app KEY] [--follow]
  init        write a new widget into a folder: init <dir> [--port N] [--packages DIR] [--app-key KEY] [--name NAME]
  check       load your widgets in the panel in a headless browser and report what would break them`

/** Where a command writes: the console's stdout and stderr by default. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
}
const CONSOLE: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}

/** Each command: what runs it, and its exit status when it ends (dev keeps running). */
type Command = (argv: string[], io: CliIo) => Promise<number | undefined>
const webhookCommand =
  (name: 'trigger' | 'resend' | 'deliveries'): Command =>
  async (argv, io) => {
    const { runWebhookCommand } = await import('./lib/webhook-commands.js')
    return runWebhookCommand(name, argv, process.env, io)
  }
const COMMANDS: Record<string, Command> = {
  dev: async (argv) => {
    const { runDev } = await import('./start.js')
    await runDev(argv)
    return undefined
  },
  trigger: webhookCommand('trigger'),
  resend: webhookCommand('resend'),
  deliveries: webhookCommand('deliveries'),
  logs: async (argv, io) => {
    const { runLogsCommand } = await import('./lib/logs-command.js')
    const stop = new AbortController()
    process.once('SIGINT', () => stop.abort())
    return runLogsCommand(argv, process.env, { ...io, signal: stop.signal })
  },
  check: async (argv, io) => {
    const { runCheckCommand } = await import('./check/command.js')
    return runCheckCommand(argv, process.env, io)
  },
  init: async (argv) => {
    const { runInit } = await import('./lib/init.js')
    await runInit(argv)
    return undefined
  },
}

/**
 * Runs `platform-widget-dev <command> ...argv`: the command's exit status, 2 (and the usage on
 * stderr) for a name it does not know, 0 for the usage asked for, undefined while `dev` runs.
 *
 * @example
 * const status = await runCli(['trigger', 'payment.succeeded', '--app', 'demo-doctor'])
 */
export async function runCli(argv: string[], io: CliIo = CONSOLE): Promise<number | undefined> {
  const [command, ...rest] = argv
  // Own keys only: `toString` or `__proto__` is a name the command does not know, not Object's.
  const run =
    command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
  if (run) return run(rest, io)
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.out(COMMANDS_HELP)
    return 0
  }
  io.err(`Unknown command "${command}"\n\n${COMMANDS_HELP}`)
  return 2
}
