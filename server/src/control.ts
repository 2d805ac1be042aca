// A typed client of the local emulator's control API (`platform-widget-dev dev`): what a widget
// backend's tests use to get a session token, a paid receipt or a failure without a browser,
// each test run in a sandbox of its own, and the webhooks it sent. openapi-fetch, typed by ./control-api.ts, which
// openapi-typescript generates from ../control-openapi.json (the document the emulator serves at
// /control/v1/openapi.json). The real platform has no control API: this is for tests only.

import createClient, { type Client } from 'openapi-fetch'
import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import { answerErrors } from './client.js'
import type { components, paths } from './control-api.js'
import { PLATFORM_URL_ENV, platformUrlFromEnv } from './hosts.js'
import { unwrap } from './unwrap.js'

export type { operations as ControlOperations, paths as ControlPaths } from './control-api.js'

type Schemas = components['schemas']
/** `POST /control/v1/sandboxes`'s body: apps to add, or to override (`webhook_url`, scopes…). */
export type CreateSandboxRequest = Schemas['CreateSandboxRequest']
/** A sandbox: its id, its base URL, and its apps' keys and secrets. */
export type Sandbox = Schemas['Sandbox']
export type MintSessionTokenRequest = Schemas['MintSessionTokenRequest']
export type MintedSessionToken = Schemas['SessionToken']
export type CompletePaymentRequest = Schemas['CompletePaymentRequest']
export type CompletedPayment = Schemas['Payment']
export type SetSmsRequest = Schemas['SetSmsRequest']
export type SmsState = Schemas['Sms']
export type ScenarioRequest = Schemas['ScenarioRequest']
export type Scenario = Schemas['Scenario']
/** `POST /control/v1/webhooks/trigger`'s body: an event type, the widget, `data` merged over the sample. */
export type TriggerWebhookRequest = Schemas['WebhookTriggerRequest']
/** One webhook delivery of the emulator's log: the event, its body and headers, its attempts. */
export type WebhookDelivery = Schemas['WebhookDelivery']

/** The raw client: `client.POST('/control/v1/…', { body })`, every operation, typed. */
export type EmulatorControlClient = Client<paths>

export interface EmulatorControlOptions {
  /**
   * The emulator's origin (`platform-widget-dev dev` prints it), or a sandbox's `url`. Without
   * it, the environment variable `PLATFORM_URL`; without that either, `INVALID_ARGUMENT`.
   */
  baseUrl?: string
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch
}

/** A sandbox, with a control client bound to it and a way to end it. */
export interface EmulatorSandbox extends Sandbox {
  /** The control API over this sandbox only. */
  control: EmulatorControl
  /** Ends the sandbox (`DELETE /control/v1/sandboxes/{id}`). */
  delete(): Promise<void>
}

export interface EmulatorControl {
  /** The base URL the calls go to. */
  readonly baseUrl: string
  /** The raw openapi-fetch client, for the operations without a method here. */
  readonly client: EmulatorControlClient
  /** A fresh, isolated emulator state; its `url` answers every route over it. */
  createSandbox(request?: CreateSandboxRequest): Promise<EmulatorSandbox>
  deleteSandbox(id: string): Promise<void>
  /** Back to the fixtures: no tokens, receipts or scenario. */
  reset(): Promise<void>
  /** A session token your backend exchanges as one from the panel. */
  mintSessionToken(request: MintSessionTokenRequest): Promise<MintedSessionToken>
  /** A paid receipt, as if the user paid; the payment webhook is sent. */
  completePayment(request: CompletePaymentRequest): Promise<CompletedPayment>
  /** A doctor's SMS activation and credit. */
  setSms(request: SetSmsRequest): Promise<SmsState>
  getScenario(): Promise<Scenario>
  /** Replaces the scenario: declines, failures, a delay, token lifetimes. */
  setScenario(request: ScenarioRequest): Promise<Scenario>
  /** Back to normal. */
  clearScenario(): Promise<Scenario>
  /**
   * Sends a sample event of `type` to the widget's webhook URL, signed as the platform signs;
   * resolves once the first attempt ended (at most 10 s), with the receiver's answer in it.
   *
   * @example
   * const delivery = await control.triggerWebhook({ type: 'payment.succeeded', app_key: 'my-widget' })
   * expect(delivery.status).toBe('delivered')
   */
  triggerWebhook(request: TriggerWebhookRequest): Promise<WebhookDelivery>
  /** The webhook deliveries, newest first; with `app_key`, that widget's only. */
  listWebhookDeliveries(filter?: { app_key?: string }): Promise<WebhookDelivery[]>
  /** One delivery of the log by its id (`evt_…`); 404 `DELIVERY_NOT_FOUND` when it is not there. */
  getWebhookDelivery(id: string): Promise<WebhookDelivery>
  /**
   * Sends a delivery again: the same body and `webhook-id`, a fresh timestamp and signature;
   * resolves once the first attempt of the new series ended.
   */
  resendWebhook(id: string): Promise<WebhookDelivery>
}

function baseUrlOf(options: EmulatorControlOptions | undefined): string {
  const given = options?.baseUrl ?? platformUrlFromEnv()
  let url: URL | undefined
  try {
    url = given === undefined ? undefined : new URL(given)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new PlatformError(
      ErrorCode.INVALID_ARGUMENT,
      `createEmulatorControl needs baseUrl${given === undefined ? '' : ` (not an http(s) URL: ${JSON.stringify(String(given))})`}: the emulator's origin, which \`platform-widget-dev dev\` prints, or a sandbox's url, or the ${PLATFORM_URL_ENV} environment variable`,
      'baseUrl',
    )
  }
  return url.href.replace(/\/+$/, '')
}

/**
 * A client of the local emulator's control API. Each method resolves with the answer's body
 * (`listWebhookDeliveries` with the array itself, not the `{ deliveries }` it came in;
 * `deleteSandbox` and `reset` with nothing) and rejects with {@link PlatformApiError} on an error answer (`status`, `body.error`), or with
 * `PlatformError` `NETWORK_ERROR` naming the URL when the emulator cannot be reached.
 *
 * @example
 * const control = createEmulatorControl({ baseUrl: 'http://127.0.0.1:4402' })
 * const sandbox = await control.createSandbox()
 * const { session_token } = await sandbox.control.mintSessionToken({ app_key: 'my-widget' })
 * // …your backend, pointed at sandbox.url, exchanges it; then:
 * await sandbox.delete()
 */
export function createEmulatorControl(options?: EmulatorControlOptions): EmulatorControl {
  const baseUrl = baseUrlOf(options)
  const client = createClient<paths>({
    baseUrl,
    ...(options?.fetch ? { fetch: options.fetch } : {}),
  })
  client.use(answerErrors)
  const control: EmulatorControl = {
    baseUrl,
    client,
    async createSandbox(request = {}) {
      const sandbox = await unwrap(client.POST('/control/v1/sandboxes', { body: request }))
      return {
        ...sandbox,
        control: createEmulatorControl({ ...options, baseUrl: sandbox.url }),
        delete: () => control.deleteSandbox(sandbox.id),
      }
    },
    async deleteSandbox(id) {
      await client.DELETE('/control/v1/sandboxes/{id}', { params: { path: { id } } })
    },
    async reset() {
      await unwrap(client.POST('/control/v1/reset'))
    },
    mintSessionToken: (body) => unwrap(client.POST('/control/v1/session-tokens', { body })),
    completePayment: (body) => unwrap(client.POST('/control/v1/payments', { body })),
    setSms: (body) => unwrap(client.PUT('/control/v1/sms', { body })),
    getScenario: () => unwrap(client.GET('/control/v1/scenario')),
    setScenario: (body) => unwrap(client.PUT('/control/v1/scenario', { body })),
    clearScenario: () => unwrap(client.DELETE('/control/v1/scenario')),
    triggerWebhook: (body) => unwrap(client.POST('/control/v1/webhooks/trigger', { body })),
    async listWebhookDeliveries(filter = {}) {
      const query = filter.app_key === undefined ? {} : { app_key: filter.app_key }
      const log = await unwrap(client.GET('/control/v1/webhooks/deliveries', { params: { query } }))
      return log.deliveries
    },
    getWebhookDelivery: (id) =>
      unwrap(client.GET('/control/v1/webhooks/deliveries/{id}', { params: { path: { id } } })),
    resendWebhook: (id) =>
      unwrap(
        client.POST('/control/v1/webhooks/deliveries/{id}/resend', { params: { path: { id } } }),
      ),
  }
  return control
}
