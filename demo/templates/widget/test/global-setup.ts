// Starts one platform emulator for the test run, with this widget registered from
// platform.config.json, unless PLATFORM_URL names a platform already (a running
// `npm run dev`'s emulator, say). Each test file then takes a sandbox of its own in it.

import { fileURLToPath } from 'node:url'
import { startEmulator } from 'platform-widget-dev/emulator'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    platformUrl: string
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.PLATFORM_URL
  if (given) {
    project.provide('platformUrl', given)
    return
  }
  const emulator = await startEmulator({
    config: fileURLToPath(new URL('../platform.config.json', import.meta.url)),
  }).catch((error: unknown) => {
    // Vitest reports a failed global setup after its own summary ("No test files found"): a
    // mistake in the config is printed first, alone, and ends the run.
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
  project.provide('platformUrl', emulator.url)
  return () => emulator.close()
}
