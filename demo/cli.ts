#!/usr/bin/env node
// The package's command (`bin`): `npx platform-widget-dev dev [options]` brings up the demo
// panel, the sample widgets and the platform emulator, from the installed package alone; the
// other commands talk to a running one. `npm start` runs `dev` from the sources.

import { runInit } from './lib/init.js'
import { runLogsCommand } from './lib/logs-command.js'
import { runWebhookCommand } from './lib/webhook-commands.js'
import { runDev } from './start.js'

const COMMANDS_HELP = `Usage: platform-widget-dev <command> [options]

Commands (platform-widget-dev <command> --help lists each one's options):
  dev         run the local panel, the sample widgets and the platform emulator
  trigger     send a sample webhook event to a widget: trigger <event> --app KEY
  resend      send a logged webhook delivery again: resend <delivery-id>
  deliveries  list the emulator's webhook deliveries, or show one
  logs        the calls widget backends made to the emulator: logs [--app KEY] [--follow]
  init        write a new widget into a folder: init <dir> [--port N] [--packages DIR] [--app-key KEY] [--name NAME]`

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) }

/** Each command: what runs it, and its exit status when it ends (dev keeps running). */
const COMMANDS: Record<string, (argv: string[]) => Promise<number | undefined>> = {
  dev: async (argv) => {
    await runDev(argv)
    return undefined
  },
  trigger: (argv) => runWebhookCommand('trigger', argv, process.env, io),
  resend: (argv) => runWebhookCommand('resend', argv, process.env, io),
  deliveries: (argv) => runWebhookCommand('deliveries', argv, process.env, io),
  logs: (argv) => {
    const stop = new AbortController()
    process.once('SIGINT', () => stop.abort())
    return runLogsCommand(argv, process.env, { ...io, signal: stop.signal })
  },
  init: async (argv) => {
    await runInit(argv)
    return undefined
  },
}

const [command, ...rest] = process.argv.slice(2)
// Own keys only: `toString` or `__proto__` is a name the command does not know, not Object's.
const run =
  command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
if (run) {
  const status = await run(rest)
  if (status !== undefined) process.exitCode = status
} else if (
  command === undefined ||
  command === 'help' ||
  command === '--help' ||
  command === '-h'
) {
  console.log(COMMANDS_HELP)
} else {
  console.error(`Unknown command "${command}"\n\n${COMMANDS_HELP}`)
  process.exit(2)
}
