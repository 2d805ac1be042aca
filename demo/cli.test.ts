// The package's command: a name it does not know, even one every object inherits (toString,
// constructor, __proto__), gets the usage on stderr and exit status 2, never a crash.

import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

describe('platform-widget-dev <command>', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'nope'])(
    'refuses the unknown command %s with exit 2 and the usage',
    (name) => {
      const run = cli(name)
      expect(run.stderr).toContain(`Unknown command "${name}"`)
      expect(run.stderr).toContain('Usage: platform-widget-dev <command>')
      expect(run.status).toBe(2)
    },
  )

  it('prints the usage for --help with exit 0', () => {
    const run = cli('--help')
    expect(run.stdout).toContain('Usage: platform-widget-dev <command>')
    expect(run.status).toBe(0)
  })
})
