#!/usr/bin/env node
// The package's command (`bin`): `npx platform-widget-dev dev [options]` brings up the demo
// panel, the sample widgets and the platform emulator, from the installed package alone.
// `npm start` runs the same code from the sources.

import { runInit } from './lib/init.js'
import { runDev } from './start.js'

const COMMANDS = `Usage: platform-widget-dev <command> [options]

Commands:
  dev     run the local panel, the sample widgets and the platform emulator
          (platform-widget-dev dev --help lists its options)
  init    write a new widget into a folder: init <dir> [--app-key KEY] [--name NAME]`

const [command, ...rest] = process.argv.slice(2)
if (command === 'dev') {
  await runDev(rest)
} else if (command === 'init') {
  runInit(rest)
} else if (
  command === undefined ||
  command === 'help' ||
  command === '--help' ||
  command === '-h'
) {
  console.log(COMMANDS)
} else {
  console.error(`Unknown command "${command}"\n\n${COMMANDS}`)
  process.exit(2)
}
