// The dev platform a Playwright worker tests against: the one already running at the project's
// config's ports (`npm run dev`, or Playwright's `webServer` running it), else one this worker
// starts from the same config, in process, and stops at its end.
import path from 'node:path'
import { parseConfig } from '../lib/config.js'
import { openSecretStore } from '../lib/secrets.js'
import { startDemo } from '../start.js'

export interface FoundPlatform {
  panel: string
  emulator: string
  started: boolean
  close(): Promise<void>
}

/** The emulator's origin the panel at `panel` names, or undefined when nothing answers there. */
async function runningAt(panel: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${panel}/config.json`, { signal: AbortSignal.timeout(2_000) })
    if (!res.ok) return undefined
    const { emulator } = (await res.json()) as { emulator?: unknown }
    return typeof emulator === 'string' ? emulator : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads `configFile` as `platform-widget-dev dev --config` does (its ports and widgets; `port`
 * as `--port`), then
 * uses the platform running at its panel port, or starts one. A running panel that registers
 * other widgets is still used: `panel.open` then says the widget is not registered.
 */
export async function findOrStartPlatform(
  configFile: string,
  port?: number,
): Promise<FoundPlatform> {
  const file = path.resolve(configFile)
  const flags = ['--config', file, ...(port === undefined ? [] : ['--port', String(port)])]
  const config = parseConfig(flags, process.env, path.dirname(file))
  const panel = `http://127.0.0.1:${config.ports.panel}`
  const emulator = await runningAt(panel)
  if (emulator) return { panel, emulator, started: false, close: async () => {} }
  const demo = await startDemo({
    ...config,
    secrets: openSecretStore(config.secretsFile, { rotate: false }),
  })
  return {
    panel: demo.origins.panel,
    emulator: demo.origins.emulator,
    started: true,
    close: () => demo.close(),
  }
}
