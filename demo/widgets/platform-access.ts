// How the sample backend reaches the platform: the package's typed client and server helpers
// (`platform-widget-server`), pointed at the emulator, and how their answers and refusals reach
// the page.

import type { Context } from 'hono'
import { createPlatformClient, PlatformApiError, PlatformError } from 'platform-widget-server'
import type { AppConfig } from '../shared/config-types.js'

export interface PlatformAccess {
  /** The platform's hosts, all the emulator here. */
  hosts: { gatewayUrl: string; platformUrl: string; openapiUrl: string }
  /** For the operations that need no token (service types). */
  anonymous: ReturnType<typeof createPlatformClient>
  /** The server helpers' credentials for one widget: its key and developer key. */
  credentials(target: AppConfig): { appKey: string; apiKey: string; platformUrl: string }
}

export function platformAccess(emulatorOrigin: string): PlatformAccess {
  const hosts = {
    gatewayUrl: emulatorOrigin,
    platformUrl: emulatorOrigin,
    openapiUrl: emulatorOrigin,
  }
  return {
    hosts,
    anonymous: createPlatformClient(hosts),
    credentials: (target) => ({
      appKey: target.app_key,
      apiKey: target.developer_key,
      platformUrl: emulatorOrigin,
    }),
  }
}

/**
 * Makes a platform call with the package's typed client and hands its answer back to the page
 * as it is: the data, or the platform's status and `{ error, message }`.
 */
export async function relay(c: Context, call: () => Promise<{ data?: unknown }>) {
  try {
    const { data } = await call()
    return c.json((data ?? {}) as Record<string, unknown>, 200)
  } catch (error) {
    if (error instanceof PlatformApiError) return c.json(error.body, error.status as 400)
    if (error instanceof PlatformError) {
      return c.json({ error: 'UPSTREAM_UNREACHABLE', message: error.message }, 502)
    }
    throw error
  }
}

/** A refusal from the server helpers, as the page sees it: `{ error, message }`. */
export function refused(c: Context, error: unknown) {
  if (!(error instanceof PlatformError)) throw error
  const statuses: Record<string, number> = {
    INVALID_SESSION_TOKEN: 400,
    INVALID_INPUT: 400,
    DEVELOPER_NOT_AUTHORIZED: 401,
    PAYMENT_NOT_VERIFIED: 409,
  }
  return c.json({ error: error.code, message: error.message }, (statuses[error.code] ?? 502) as 400)
}
