#!/usr/bin/env node
// The package's command (`bin`): `npx platform-widget-dev dev [options]` brings up the demo
// panel, the sample widgets and the platform emulator, from the installed package alone; the
// other commands talk to a running one. `npm start` runs `dev` from the sources. The commands
// are in ./run-cli.ts.

import { runCli } from './run-cli.js'

const status = await runCli(process.argv.slice(2))
if (status !== undefined) process.exitCode = status
