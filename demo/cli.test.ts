// The package's command: a name it does not know, even one every object inherits (toString,
// constructor, __proto__), gets the usage on stderr and exit status 2, never a crash. The names
// are checked in this process (runCli); the bin itself, started as a user starts it, once each
// way: an unknown command's exit status 2 and the usage's 0.

import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCli } from './run-cli.js'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))

async function inProcess(...argv: string[]) {
  const io = { stdout: '', stderr: '' }
  const status = await runCli(argv, {
    out: (line) => {
      io.stdout += `${line}\n`
    },
    err: (line) => {
      io.stderr += `${line}\n`
    },
  })
  return { status, ...io }
}

/** The bin in a Node of its own, through tsx as `npm start` runs it. */
function cli(...args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { encoding: 'utf8', timeout: 40_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (error.code as number) : 0, stdout, stderr }),
    )
  })
}

// Starting Node with tsx is the work of these two (about 0.5 s of CPU, 3 to 10 s at a load of
// 20 on two cores): an exit status is only seen across a process, so they get 45 s.
const SPAWN_TIMEOUT = 45_000

describe('platform-widget-dev <command>', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'nope'])(
    'refuses the unknown command %s with exit 2 and the usage',
    async (name) => {
      const run = await inProcess(name)
      expect(run.stderr).toContain(`Unknown command "${name}"`)
      expect(run.stderr).toContain('Usage: platform-widget-dev <command>')
      expect(run.status).toBe(2)
    },
  )

  it('prints the usage for --help with exit 0', async () => {
    const run = await inProcess('--help')
    expect(run.stdout).toContain('Usage: platform-widget-dev <command>')
    expect(run.status).toBe(0)
  })

  it(
    'the bin exits 2 with the usage on stderr for an unknown command',
    async () => {
      const run = await cli('__proto__')
      expect(run.stderr).toContain('Unknown command "__proto__"')
      expect(run.stderr).toContain('Usage: platform-widget-dev <command>')
      expect(run.status).toBe(2)
    },
    SPAWN_TIMEOUT,
  )

  it(
    'the bin exits 0 with the usage on stdout for --help',
    async () => {
      const run = await cli('--help')
      expect(run.stdout).toContain('Usage: platform-widget-dev <command>')
      expect(run.status).toBe(0)
    },
    SPAWN_TIMEOUT,
  )
})
