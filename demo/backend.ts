// The `platform-widget-dev/backend` entry: a `BackendAdapter` for a panel of your own, in the
// browser, over the dev platform's emulator (its internal API, the one the dev panel's own
// adapter calls). Start the dev command with `--panel-origin` naming your panel's origin, or
// the emulator alone with `startEmulator({ panelOrigins })`: the emulator answers only the
// panels it was told of.
//
// The public types are written out here, so the entry's `.d.ts` stands alone
// (scripts/build-dev.mjs makes it from this file with `ts.transpileDeclaration`).

import type { BackendAdapter } from 'platform-widget-sdk/host'
import type { TestOutcomes } from 'platform-widget-sdk/testing'
import { createHttpBackend } from './panel/app/backend.js'

export interface EmulatorBackendOptions {
  /** The emulator's origin: the dev command prints it (`http://127.0.0.1:4402`). */
  emulator: string
  /** The signed-in user, an emulator user id. Default `dr-1`, the dev platform's doctor. */
  user?: string
  /**
   * The language of the receipts' titles the payment dialogs show, or a function that reads the
   * panel's current one (`() => host.locale`), so a receipt looked up after `host.setLocale`
   * comes in the new language. Default `en`.
   */
  locale?: 'fa' | 'en' | (() => 'fa' | 'en')
}

/** The adapter, with the payment test outcomes a development host may offer. */
export interface EmulatorBackend extends BackendAdapter {
  /**
   * For `createDevHost` (`platform-widget-sdk/testing`) only: its payment dialogs then offer
   * every outcome (declined, insufficient funds, …), and the emulator answers as the platform
   * would. `createHost` takes no such option.
   */
  testOutcomes: TestOutcomes
}

/**
 * A `BackendAdapter` over the dev platform's emulator: session tokens, consent, receipts,
 * payments, SMS and the doctor's profile live there, so what your panel's dialogs change is
 * what the widgets' backends read through the open APIs. A non-2xx answer throws with the
 * emulator's message, which the host turns into the documented error. Each request passes on
 * the host's `signal`, and each charge its idempotency key (`Idempotency-Key`), which the
 * emulator answers once.
 *
 * @example
 * const backend = createEmulatorBackend({ emulator: 'http://127.0.0.1:4402' })
 * const host = createHost({ context: 'doctor-panel', widgets, backend, locale: 'fa' })
 */
export function createEmulatorBackend(options: EmulatorBackendOptions): EmulatorBackend {
  const { emulator, user = 'dr-1', locale = 'en' } = options
  const {
    platformCalls: _calls,
    webhookDeliveries: _deliveries,
    ...adapter
  } = createHttpBackend({ emulator: new URL(emulator).origin, user, locale })
  return adapter
}
