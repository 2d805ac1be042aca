// Shared by the control API's tests: an emulator of the sample widgets (webhooks to a recording
// `fetch`), and calls as a program makes them (no Origin, no Sec-Fetch-*). Not a test file.

import { portsFrom, sampleApps, sampleOrigins } from '../../lib/config.js'
import { memorySecretStore } from '../../lib/secrets.js'
import { createEmulator, type Emulator, type EmulatorOptions } from '../app.js'
import { loadFixtures } from '../state.js'

export const PANEL = 'http://127.0.0.1:4400'
export const ORIGIN = 'http://127.0.0.1:4402'
export const fixtures = loadFixtures()
export const apps = sampleApps(fixtures, sampleOrigins(portsFrom(4400)), memorySecretStore())
export const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
export const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!

export interface ControlHarness {
  emulator: Emulator
  clock: { now: number }
  /** The webhooks sent, parsed. */
  sent: { url: string; event: { type: string; data: Record<string, unknown> } }[]
  /** A call from a program; `json` is sent as a JSON body. `base`: a sandbox's path. */
  call(
    method: string,
    path: string,
    init?: { json?: unknown; headers?: Record<string, string>; body?: string },
    // biome-ignore lint/suspicious/noExplicitAny: the answers of many operations, read by the tests
  ): Promise<{ status: number; body: any; headers: Headers }>
}

export function controlHarness(options: Partial<EmulatorOptions> = {}): ControlHarness {
  const clock = { now: 1_700_000_000_000 }
  const sent: ControlHarness['sent'] = []
  const emulator = createEmulator({
    fixtures,
    apps,
    panelOrigin: PANEL,
    now: () => clock.now,
    webhooks: {
      fetch: async (input, init) => {
        const request = new Request(input, init)
        sent.push({ url: request.url, event: JSON.parse(await request.text()) })
        return new Response(null, { status: 204 })
      },
      retryDelaysMs: [],
    },
    ...options,
  })
  const call: ControlHarness['call'] = async (method, path, init = {}) => {
    const res = await emulator.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      ...(init.body === undefined ? {} : { body: init.body }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
  }
  return { emulator, clock, sent, call }
}
