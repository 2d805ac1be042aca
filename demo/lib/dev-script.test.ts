// The template's `npm run dev` (scripts/dev.mjs) before it starts anything: its options, and a
// taken port named with the command that moves the project.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeWidget } from './init.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dev-script-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** `node scripts/dev.mjs ...args` in the project: its exit status and output, the worker not blocked. */
const dev = (cwd: string, ...args: string[]) =>
  new Promise<{ status: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/dev.mjs', ...args],
      { cwd, encoding: 'utf8', timeout: 20_000 },
      (error, _stdout, stderr) =>
        resolve({
          status: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stderr,
        }),
    )
  })

// Each test starts a Node of its own, the work of the test (the script's exit status and what it
// printed, as `npm run dev` shows them): 0.6 s idle, over 5 s at a load of 20, so 30 s each.
const SPAWN_TIMEOUT = 30_000

describe('npm run dev in a widget project', () => {
  it.each([
    [['--port', 'abc'], /--port: expected a port from 1024 to 65529/],
    [['--port', '80'], /--port: expected a port from 1024 to 65529/],
    [['--bogus'], /Unknown option --bogus\n\nUsage: npm run dev \[-- --port N\]/],
  ])(
    'refuses %j with exit 2, changing nothing',
    async (args, message) => {
      const widget = path.join(dir, 'w')
      await writeWidget({ dir: widget, appKey: 'w', name: 'W' })
      const before = readFileSync(path.join(widget, 'platform.config.json'), 'utf8')
      const run = await dev(widget, ...args)
      expect(run.stderr).toMatch(message)
      expect(run.status).toBe(2)
      expect(readFileSync(path.join(widget, 'platform.config.json'), 'utf8')).toBe(before)
    },
    SPAWN_TIMEOUT,
  )

  it(
    'names a taken port, what it is for, and npm run dev -- --port N with seven free',
    async () => {
      // A port taken by someone else, the project's page port (N+5).
      const taken: Server = createServer()
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
      const page = (taken.address() as { port: number }).port
      try {
        const widget = path.join(dir, 'w')
        await writeWidget({ dir: widget, appKey: 'w', name: 'W', port: page - 5 })
        const run = await dev(widget)
        expect(run.stderr).toMatch(
          new RegExp(
            `^Port ${page} \\(your page \\(Vite\\)\\) is already in use\\. Stop what uses it, or move this project to (\\d+) and up: npm run dev -- --port \\1\\n$`,
          ),
        )
        expect(run.status).toBe(1)
        const suggested = Number(/--port (\d+)/.exec(run.stderr)![1])
        expect(suggested).toBeGreaterThan(page - 5)
      } finally {
        await new Promise((resolve) => taken.close(resolve))
      }
    },
    SPAWN_TIMEOUT,
  )
})
