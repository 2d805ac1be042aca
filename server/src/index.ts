import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
  type Verification,
} from './client.js'
import { networkError, resolveHosts } from './hosts.js'

export { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
export {
  type components,
  createPlatformClient,
  EMULATOR_URL,
  type operations,
  PlatformApiError,
  type PlatformClient,
  type PlatformClientOptions,
  type PlatformErrorBody,
  type paths,
  type Verification,
} from './client.js'
export {
  type CompletedPayment,
  type CompletePaymentRequest,
  type ControlOperations,
  type ControlPaths,
  type CreateSandboxRequest,
  createEmulatorControl,
  type EmulatorControl,
  type EmulatorControlClient,
  type EmulatorControlOptions,
  type EmulatorSandbox,
  type MintedSessionToken,
  type MintSessionTokenRequest,
  type Sandbox,
  type Scenario,
  type ScenarioRequest,
  type SetSmsRequest,
  type SmsState,
  type TriggerWebhookRequest,
  type WebhookDelivery,
} from './control.js'
export { PLATFORM_TIME_ZONE, type PlatformDayOptions, platformDay } from './day.js'
export { type SignedWebhook, type SignWebhookOptions, signWebhook } from './sign.js'
export { unwrap } from './unwrap.js'
export {
  type DoctorServiceData,
  type DoctorServiceRefundedEvent,
  type DoctorServiceSucceededEvent,
  type InstallationCreatedEvent,
  type InstallationDeletedEvent,
  type PaymentSucceededEvent,
  type PlatformWebhookEvent,
  type PlatformWebhookEventType,
  SANDBOX_WEBHOOK_HEADER,
  type SmsChargeSucceededEvent,
  type SubscriptionSucceededEvent,
  verifyWebhook,
  type WebhookEventOf,
} from './webhooks.js'

/** Where and as whom a widget backend calls the platform. */
export interface PlatformCredentials {
  /** The widget's `app_key`. */
  appKey: string
  /** The developer key (`x-api-key`). Keep it on the server. */
  apiKey: string
  /**
   * `{platform_url}`, such as `https://platform.example`. Wins over `baseUrl`. Without either,
   * the environment variable `PLATFORM_URL`; without that, the call throws `INVALID_ARGUMENT`.
   */
  platformUrl?: string
  /** One origin for every host of the platform, such as the local emulator's. */
  baseUrl?: string
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch
  /** Milliseconds to wait for the platform. Default 10,000. */
  timeout?: number
}

const KNOWN = new Set<string>(Object.values(ErrorCode))

async function post(
  caller: string,
  credentials: PlatformCredentials,
  path: string,
  body: unknown,
  refused: ErrorCode,
): Promise<Record<string, unknown>> {
  // No default host: a server that forgot its setting fails here, its key sent nowhere.
  const { platformUrl } = resolveHosts(credentials, ['platformUrl'], caller)
  const url = `${platformUrl}/api/v1/apps/${encodeURIComponent(credentials.appKey)}${path}`
  let response: Response
  try {
    response = await (credentials.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': credentials.apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(credentials.timeout ?? 10_000),
    })
  } catch (error) {
    throw networkError('POST', url, error)
  }
  const data = await readObject(response)
  if (response.ok) {
    if (data) return data
    throw new PlatformError(
      ErrorCode.BACKEND_ERROR,
      `The platform answered HTTP ${response.status} without a JSON object`,
    )
  }
  const sent = typeof data?.error === 'string' ? data.error : data?.code
  const message = typeof data?.message === 'string' ? data.message : `HTTP ${response.status}`
  if (typeof sent === 'string' && KNOWN.has(sent))
    throw new PlatformError(sent as ErrorCode, message)
  if (response.status === 401 || response.status === 403) {
    throw new PlatformError(ErrorCode.DEVELOPER_NOT_AUTHORIZED, message)
  }
  throw new PlatformError(response.status >= 500 ? ErrorCode.BACKEND_ERROR : refused, message)
}

/** The body as a JSON object, or undefined for anything else (not JSON, `null`, an array, a string). */
async function readObject(response: Response): Promise<Record<string, unknown> | undefined> {
  let data: unknown
  try {
    data = JSON.parse(await response.text())
  } catch {
    return undefined
  }
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined
}

/**
 * Exchanges a widget's session token for an access token (`POST .../oauth/access_token`).
 * Throws `PlatformError` with `INVALID_SESSION_TOKEN`, `DEVELOPER_NOT_AUTHORIZED`,
 * `INVALID_INPUT`, `NETWORK_ERROR` (naming the URL it tried) or `BACKEND_ERROR`; and
 * `INVALID_ARGUMENT` without `platformUrl`, `baseUrl` or the `PLATFORM_URL` environment variable.
 *
 * @example
 * // PLATFORM_URL=http://127.0.0.1:4402 (the dev command prints it), or pass baseUrl / platformUrl
 * const accessToken = await exchangeSessionToken({ appKey, apiKey, sessionToken })
 * await fetch(`${openapiUrl}/v1/user/information`, { headers: { Authorization: `Bearer ${accessToken}` } })
 */
export async function exchangeSessionToken(
  options: PlatformCredentials & { sessionToken: string },
): Promise<string> {
  if (!options.sessionToken)
    throw new PlatformError(ErrorCode.INVALID_INPUT, 'sessionToken is empty')
  const data = await post(
    'exchangeSessionToken',
    options,
    '/oauth/access_token',
    { session_token: options.sessionToken },
    ErrorCode.INVALID_INPUT,
  )
  if (typeof data.access_token !== 'string') {
    throw new PlatformError(
      ErrorCode.BACKEND_ERROR,
      'The platform answered without an access_token',
    )
  }
  return data.access_token
}

/**
 * Exchanges the session token (as {@link exchangeSessionToken}) and answers a platform client
 * bound to the new access token, with the developer key and `app_id` for the operations that
 * take those. The client refreshes nothing: when the token expires its calls reject with
 * `PlatformApiError` status 401; exchange a new session token then.
 *
 * @example
 * const { client } = await exchangeSessionTokenForClient({ appKey, apiKey, platformUrl, sessionToken })
 * const { data } = await client.GET('/open-platform/v1/profile/information')
 */
export async function exchangeSessionTokenForClient(
  options: PlatformCredentials &
    Omit<PlatformClientOptions, 'accessToken' | 'apiKey' | 'platformUrl'> & {
      sessionToken: string
    },
): Promise<{ accessToken: string; client: PlatformClient }> {
  const accessToken = await exchangeSessionToken(options)
  const { appKey: _, timeout: __, sessionToken: ___, ...rest } = options
  return { accessToken, client: createPlatformClient({ ...rest, accessToken }) }
}

/**
 * Verifies a completed `payment.pay` with monetization verify. Call it before you grant what
 * was bought: a receipt verifies once. It fails closed: it resolves only when the platform
 * answers a JSON object with `verified: true` and this same `receipt_id`, and then resolves
 * with that answer. Otherwise it throws `PlatformError` with `PAYMENT_NOT_VERIFIED` (unknown,
 * unpaid or already verified receipt; an answer that does not say verified, or names another
 * receipt), `DEVELOPER_NOT_AUTHORIZED`, `NETWORK_ERROR` or `BACKEND_ERROR` (the platform
 * failed, or answered something that is not a JSON object). The answer is typed as the
 * platform's OpenAPI document describes it ({@link Verification}); only `verified` and
 * `receipt_id` are checked.
 *
 * @example
 * await verifyPayment({ appKey, apiKey, platformUrl, receiptId: result.receipt_id })
 */
export async function verifyPayment(
  options: PlatformCredentials & { receiptId: string },
): Promise<Verification> {
  if (!options.receiptId)
    throw new PlatformError(ErrorCode.PAYMENT_NOT_VERIFIED, 'receiptId is empty')
  const answer = await post(
    'verifyPayment',
    options,
    '/monetization/verify',
    { receipt_id: options.receiptId },
    ErrorCode.PAYMENT_NOT_VERIFIED,
  )
  if (answer.verified !== true || answer.receipt_id !== options.receiptId) {
    throw new PlatformError(
      ErrorCode.PAYMENT_NOT_VERIFIED,
      `The platform did not confirm receipt "${options.receiptId}"`,
    )
  }
  return answer as Verification
}
