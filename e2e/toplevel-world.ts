// The world of the top-level journeys (e2e/engines/toplevel.journeys.ts): a demo of its own (panel,
// emulator, sample widgets on free ports) with the original widget registered at its site's root
// and no pages by key (so `/_/{app_key}/{path}` mounts the path below it), and the widget's own
// server (e2e/original-widget.ts), which serves its top-level settings page and a hostile page.
import {
  ORIGINAL_KEY,
  type OriginalWidget,
  originalEntry,
  startOriginalWidget,
} from './original-widget'
import { startWorld, type World, workerFixture } from './world'

export interface TopLevelWorld extends World<OriginalWidget> {
  /** Back to the fixtures' state: no consent given, no grant, no request in the widget's log. */
  reset(): Promise<void>
  /** Records the doctor's consent to `scopes` for `app_key`, as Allow in the panel does. */
  consent(app_key: string, scopes: string[]): Promise<void>
}

export async function startTopLevelWorld(): Promise<TopLevelWorld> {
  const developerKey = 'dk_toplevel_e2e_key_0001'
  const world = await startWorld(
    (at) => startOriginalWidget({ app_key: ORIGINAL_KEY, developerKey, ...at }),
    // No pages by key: `/_/{app_key}/{path}` mounts the path below the widget's URL.
    (widget) => ({ ...originalEntry(widget, developerKey), pages: [] }),
  )
  return {
    ...world,
    // The worker's journeys share the world: one file's visits must not count in the next's.
    reset: async () => {
      world.widget.requests.length = 0
      await world.internal('/reset', 'POST')
    },
    consent: (app_key, scopes) =>
      // The demo's signed-in doctor (demo/start.ts).
      world.internal(`/users/dr-1/apps/${app_key}/consent`, 'PUT', { scopes }),
  }
}

/** The worker fixture: one world per worker. */
export const topLevelWorld = workerFixture(startTopLevelWorld)
