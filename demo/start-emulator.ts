// The `platform-widget-dev/emulator` entry: the platform emulator alone, started from code, for a
// widget backend's tests (a vitest global setup): `startEmulator({ config })` on a free port of
// 127.0.0.1, no panel, no sample widgets, nothing written to disk.
//
// The public types are written out here, not imported, so the entry's `.d.ts` stands alone
// (scripts/build-dev.mjs makes it from this file with `ts.transpileDeclaration`).

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createAdaptorServer } from '@hono/node-server'
import { createEmulator } from './emulator/app.js'
import { loadFixtures } from './emulator/state.js'
import { withSecrets } from './lib/config.js'
import { appsFromFile, readConfigFile } from './lib/config-file.js'
import { HOST } from './lib/http.js'
import { memorySecretStore } from './lib/secrets.js'

export interface StartEmulatorOptions {
  /** The port on 127.0.0.1. Default 0: a free port, which `url` then names. */
  port?: number
  /**
   * The widgets to register: the dev config (`platform-widget-dev dev --config`'s file), as its
   * path (relative to the working directory) or its parsed JSON. Its `ports` are not read.
   */
  config?: string | { apps?: unknown[] }
  /**
   * The origins of panels that may call the emulator's internal routes from a browser page (the
   * `Origin` they send): a panel of your own under test, with `createEmulatorBackend` from
   * `platform-widget-dev/backend`. Default none: no page may.
   */
  panelOrigins?: string[]
}

/** A widget as the started emulator knows it, with the credentials its backend uses. */
export interface EmulatorApp {
  app_key: string
  app_id: string
  /** `x-api-key`: the config file's own, else made at random for this emulator. */
  developer_key: string
  /** Verifies this widget's webhooks: the config file's own, else made at random. */
  webhook_secret: string
  url: string
  webhook_url?: string
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT`: every host of the platform (the server kit's `PLATFORM_URL`). */
  url: string
  /** The widgets of `config`. */
  apps: EmulatorApp[]
  /** Stops it, its webhooks and its sandboxes' (nothing is sent after); resolves once all ended. */
  close(): Promise<void>
}

/**
 * Starts the platform emulator on 127.0.0.1, its state fresh from the fixtures, with the widgets
 * of a dev config. Rejects with a message naming the problem (a bad config, a taken port).
 *
 * @example
 * const emulator = await startEmulator({ config: 'platform.config.json' })
 * process.env.PLATFORM_URL = emulator.url
 * await emulator.close()
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const apps = configApps(options.config).map((app) => withSecrets(app, memorySecretStore()))
  let origin: string | undefined
  const emulator = createEmulator({
    fixtures: loadFixtures(),
    apps,
    // No dev panel: only the panels named may call the internal endpoints.
    panelOrigins: (options.panelOrigins ?? []).map((o) => panelOriginOf(o)),
    // Known once it listens: webhooks to its own port are refused (a loop).
    selfOrigin: () => origin,
  })
  const server = createAdaptorServer({ fetch: emulator.app.fetch }) as Server
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  origin = `http://${HOST}:${port}`
  return {
    url: `http://${HOST}:${port}`,
    apps: apps.map(({ app_key, app_id, developer_key, webhook_secret, url, webhook_url }) => ({
      app_key,
      app_id,
      developer_key,
      webhook_secret,
      url,
      ...(webhook_url ? { webhook_url } : {}),
    })),
    close: async () => {
      // No webhook (its own or a sandbox's) is sent after the test run, into the next one's receiver.
      const stopped = emulator.stop()
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      await stopped
    },
  }
}

/** `url`'s origin; throws naming it when it is not an http(s) URL. */
function panelOriginOf(url: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {}
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
    throw new Error(`panelOrigins: expected an http(s) origin, got ${JSON.stringify(url)}`)
  }
  return parsed.origin
}

/** The widgets of a dev config, checked as the dev command checks them. */
function configApps(config: StartEmulatorOptions['config']) {
  if (config === undefined) return []
  const where = typeof config === 'string' ? config : 'config'
  const file = typeof config === 'string' ? readConfigFile(path.resolve(config)) : config
  // Its warnings (scopes the dev platform does not know) are the dev command's to print, not each test run's.
  return appsFromFile(file, where).apps
}
