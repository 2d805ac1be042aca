// A demo of its own for a journey file: panel, emulator and sample widgets on free ports, with one
// widget served by the journey's own server and registered from a config entry. The original,
// top-level and pages journeys each build theirs on this, with their own widget and entry.
import { appFromConfig } from '../demo/lib/config'
import { freePort } from '../demo/lib/free-port'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'

/** What a journey's widget server gives back: its origin, and how to stop it. */
export interface WidgetServer {
  origin: string
  close(): Promise<void>
}

export interface World<W extends WidgetServer> {
  demo: Demo
  widget: W
  /** Calls the emulator's panel-only `/internal` API as the panel does; throws on a non-200. */
  internal(path: string, method: string, json?: unknown): Promise<void>
  close(): Promise<void>
}

/**
 * Starts the widget's server (`serve`, given the panel's and emulator's origins and a free port),
 * then a demo with the widget registered from `entry(widget)` (a config file's app entry).
 *
 * @example
 * const world = await startWorld((o) => startOriginalWidget({ ...o, app_key, developerKey }),
 *   (widget) => ({ app_key, url: `${widget.origin}/`, scopes }))
 */
export async function startWorld<W extends WidgetServer>(
  serve: (at: { panel: string; emulator: string; port: number }) => Promise<W>,
  entry: (widget: W) => Record<string, unknown>,
): Promise<World<W>> {
  const [panel, emulator, a, b, c, port] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  )
  const widget = await serve({
    panel: `http://127.0.0.1:${panel}`,
    emulator: `http://127.0.0.1:${emulator}`,
    port: port!,
  })
  let demo: Demo
  try {
    demo = await startDemo({
      ports: { panel: panel!, emulator: emulator!, widgets: [a!, b!, c!] },
      apps: [appFromConfig(entry(widget), 0, 'apps[0]')],
      secrets: memorySecretStore(),
    })
  } catch (error) {
    await widget.close()
    throw error
  }
  return {
    demo,
    widget,
    async internal(path, method, json) {
      const res = await fetch(`${demo.origins.emulator}/internal${path}`, {
        method,
        // The internal endpoints answer the panel only.
        headers: { origin: demo.origins.panel, 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status}`)
    },
    async close() {
      await demo.close()
      await widget.close()
    },
  }
}

/**
 * A Playwright worker fixture: one world per worker, closed when the worker ends.
 *
 * @example
 * const test = base.extend<object, { world: MyWorld }>({ world: workerFixture(startMyWorld) })
 */
export function workerFixture<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
): [(args: object, use: (world: T) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments
    async ({}, use: (world: T) => Promise<void>) => {
      const world = await start()
      await use(world)
      await world.close()
    },
    { scope: 'worker' },
  ]
}
