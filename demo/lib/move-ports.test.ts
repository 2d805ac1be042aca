// `npm run dev -- --port N` in a widget project (the template's scripts/ports.mjs): every address
// of the widget moves with the ports, registered pages included, and the dev command then starts
// on the moved config.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { writeWidget } from './init.js'
import { SDK_DIST } from './paths.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'move-ports-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

interface PortsModule {
  movePorts(text: string, base: number): string
  freeBase(after: number): Promise<number | undefined>
}

/** A new widget at 4400 whose config registers two pages on its origin, and its ports script. */
async function widgetWithPages() {
  const widget = path.join(dir, 'w')
  await writeWidget({ dir: widget, appKey: 'w', name: 'W' })
  const file = path.join(widget, 'platform.config.json')
  const config = JSON.parse(readFileSync(file, 'utf8'))
  config.apps[0].pages = [
    { key: 'launcher', embed_src: 'http://localhost:4405/launcher.html?direct=true' },
    { key: 'settings', embed_src: 'http://localhost:4405/#settings' },
  ]
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  const ports: PortsModule = await import(
    pathToFileURL(path.join(widget, 'scripts', 'ports.mjs')).href
  )
  return { widget, file, ports }
}

describe('moving the ports of a widget with pages', () => {
  it("moves each page's embed_src with the page's url, and the dev command takes it", async () => {
    const { file, ports } = await widgetWithPages()
    writeFileSync(file, ports.movePorts(readFileSync(file, 'utf8'), 25710))
    const moved = JSON.parse(readFileSync(file, 'utf8')).apps[0]
    expect(moved.url).toBe('http://localhost:25715/')
    expect(moved.webhook_url).toBe('http://127.0.0.1:25716/webhooks/platform')
    expect(moved.pages.map((p: { embed_src: string }) => p.embed_src)).toEqual([
      'http://localhost:25715/launcher.html?direct=true',
      'http://localhost:25715/#settings',
    ])
    // What refused to start before: the dev command's reading of the config.
    const config = parseConfig(['--config', file], {})
    expect(config.ports.panel).toBe(25710)
    expect(config.apps[0]!.pages?.[0]?.embed_src).toBe(
      'http://localhost:25715/launcher.html?direct=true',
    )
  })

  it('leaves an address on a port of no part of the project alone', async () => {
    const { file, ports } = await widgetWithPages()
    const text = readFileSync(file, 'utf8').replace(
      '"http://localhost:4405/#settings"',
      '"http://localhost:9999/#settings"',
    )
    const moved = ports.movePorts(text, 25710)
    expect(moved).toContain('"http://localhost:9999/#settings"')
    expect(moved).toContain('"http://localhost:25715/launcher.html?direct=true"')
  })

  // Starts the dev command from the sources on the moved config: it needs the built SDK
  // (`npm test` builds before the unit tests).
  it.skipIf(!existsSync(path.join(SDK_DIST, 'host.js')))(
    'starts the dev command on the moved config, its pages in the banner',
    async () => {
      const { widget, file, ports } = await widgetWithPages()
      const base = await ports.freeBase(20000 + 10 * Math.floor(Math.random() * 1200))
      if (base === undefined) throw new Error('no seven free ports in a row')
      writeFileSync(file, ports.movePorts(readFileSync(file, 'utf8'), base))
      const cli = path.resolve(import.meta.dirname, '..', 'cli.ts')
      const tsx = path.resolve(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs')
      const child = spawn(process.execPath, [tsx, cli, 'dev', '--config', file], {
        cwd: widget,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      const started = await new Promise<boolean>((resolve) => {
        child.stdout.on('data', (chunk) => {
          out += chunk
          if (out.includes('Your widgets:') && out.endsWith('\n')) resolve(true)
        })
        child.stderr.on('data', (chunk) => {
          out += chunk
        })
        child.once('exit', () => resolve(false))
      })
      child.kill('SIGTERM')
      expect(out).not.toMatch(/embed_src/)
      expect(started).toBe(true)
      expect(out).toContain(`http://127.0.0.1:${base}/_/w/launcher`)
    },
    60_000,
  )
})
