// The world of the top-level journeys (e2e/engines/toplevel.journeys.ts): a demo of its own (panel,
// emulator, sample widgets on free ports) with the original widget registered at its site's root
// and no pages by key (so `/_/{app_key}/{path}` mounts the path below it), and the widget's own
// server (e2e/original-widget.ts), which serves its top-level settings page and a hostile page.
import { appFromConfig } from '../demo/lib/config'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'
import {
  ORIGINAL_KEY,
  ORIGINAL_SCOPES,
  type OriginalWidget,
  startOriginalWidget,
} from './original-widget'
import { freePort } from './own-demo'

export interface TopLevelWorld {
  demo: Demo
  widget: OriginalWidget
  /** Back to the fixtures' state: no consent given, no grant. */
  reset(): Promise<void>
  /** Records the doctor's consent to `scopes` for `app_key`, as Allow in the panel does. */
  consent(app_key: string, scopes: string[]): Promise<void>
  close(): Promise<void>
}

export async function startTopLevelWorld(): Promise<TopLevelWorld> {
  const [panel, emulator, a, b, c, port] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  )
  const origins = { panel: `http://127.0.0.1:${panel}`, emulator: `http://127.0.0.1:${emulator}` }
  const developerKey = 'dk_toplevel_e2e_key_0001'
  const widget = await startOriginalWidget({
    app_key: ORIGINAL_KEY,
    panel: origins.panel,
    emulator: origins.emulator,
    developerKey,
    port,
  })
  const app = appFromConfig(
    {
      app_key: ORIGINAL_KEY,
      url: `${widget.origin}/`,
      name: { fa: 'همگام‌سازی تقویم', en: 'Calendar sync' },
      developer_key: developerKey,
      webhook_url: null,
      contexts: ['doctor-panel'],
      scopes: ORIGINAL_SCOPES,
    },
    0,
    'apps[0]',
  )
  let demo: Demo
  try {
    demo = await startDemo({
      ports: { panel: panel!, emulator: emulator!, widgets: [a!, b!, c!] },
      apps: [app],
      secrets: memorySecretStore(),
    })
  } catch (error) {
    await widget.close()
    throw error
  }
  const internal = async (path: string, method: string, json?: unknown) => {
    const res = await fetch(`${demo.origins.emulator}/internal${path}`, {
      method,
      // The internal endpoints answer the panel only.
      headers: { origin: demo.origins.panel, 'content-type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    })
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status}`)
  }
  return {
    demo,
    widget,
    reset: () => internal('/reset', 'POST'),
    consent: (app_key, scopes) =>
      // The demo's signed-in doctor (demo/start.ts).
      internal(`/users/dr-1/apps/${app_key}/consent`, 'PUT', { scopes }),
    async close() {
      await demo.close()
      await widget.close()
    },
  }
}

/** The worker fixture: one world per worker. */
export const topLevelWorld: [
  (args: object, use: (world: TopLevelWorld) => Promise<void>) => Promise<void>,
  { scope: 'worker' },
] = [
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments
  async ({}, use: (world: TopLevelWorld) => Promise<void>) => {
    const world = await startTopLevelWorld()
    await use(world)
    await world.close()
  },
  { scope: 'worker' },
]
