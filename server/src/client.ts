// A typed client of the platform's open APIs (spec part 4): openapi-fetch, typed by the types
// openapi-typescript generates from the committed OpenAPI document, ../openapi.json (the one the
// emulator serves; ./platform-api.ts, never edited by hand). One client covers the three hosts: each call goes
// to the host its path belongs to, with the credentials that path takes.

import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import { networkError, resolveHosts } from './hosts.js'
import type { components, paths } from './platform-api.js'

export type { components, operations, paths } from './platform-api.js'

/** The platform's error body: `{ error: CODE, message }`, plus fields named per case. */
export type PlatformErrorBody = components['schemas']['Error']

/**
 * What monetization verify answers for a verified receipt (the document's `Verification`), and
 * what `verifyPayment` resolves with.
 *
 * @example
 * const { kind, key, amount, payload } = await verifyPayment({ ...creds, receiptId })
 */
export type Verification = components['schemas']['Verification']

/**
 * The platform answered a call with an error. `status` is the HTTP status; `body` the
 * platform's `{ error, message }` (`body.error` is the platform's code, such as
 * `INVALID_ACCESS_TOKEN`, `INSUFFICIENT_SCOPE`, `SMS_NOT_ACTIVATED`).
 *
 * @example
 * catch (e) { if (e instanceof PlatformApiError && e.status === 401) reconnect() }
 */
export class PlatformApiError extends PlatformError {
  readonly status: number
  readonly body: PlatformErrorBody
  constructor(status: number, body: PlatformErrorBody) {
    super(ErrorCode.API_ERROR, `${status} ${body.error}: ${body.message}`)
    this.status = status
    this.body = body
  }
}

/**
 * The platform's answers as the server kit's errors: a non-2xx answer throws
 * {@link PlatformApiError} with the platform's `{ error, message }`, a failed request a
 * `NETWORK_ERROR` naming the URL. Shared by the platform client and the emulator's control client.
 * @internal
 */
export const answerErrors: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined
    let body: unknown
    try {
      body = await response.clone().json()
    } catch {}
    const record = body as Partial<PlatformErrorBody> | undefined
    throw new PlatformApiError(
      response.status,
      typeof record?.error === 'string' && typeof record.message === 'string'
        ? (record as PlatformErrorBody)
        : { error: 'HTTP_ERROR', message: `HTTP ${response.status} ${response.statusText}` },
    )
  },
  onError({ error, request }) {
    if (error instanceof PlatformError) return error
    return networkError(request.method, request.url, error)
  },
}

/**
 * Where `platform-widget-dev dev` runs its emulator by default (all three hosts on one origin).
 * Never a default: pass it as `createPlatformClient({ baseUrl: EMULATOR_URL })` to mean it.
 */
export const EMULATOR_URL = 'http://127.0.0.1:4402'

export interface PlatformClientOptions {
  /**
   * One origin for every host below, such as the local emulator's (`platform-widget-dev dev`
   * prints it). A host's own URL, given as well, wins. Without it and without the three URLs,
   * the environment variable `PLATFORM_URL` stands for it; without that either, the client
   * throws `INVALID_ARGUMENT`.
   */
  baseUrl?: string
  /** @deprecated The same as `baseUrl`, its older name; it can go in 0.2. */
  emulator?: string
  /** `{gateway_url}`: `/open-platform/v1/…`. Wins over `baseUrl`. */
  gatewayUrl?: string
  /** `{platform_url}`: `/api/v1/…` (token exchange, channels, monetization, installations). Wins over `baseUrl`. */
  platformUrl?: string
  /** `{openapi_url}`: `/v1/…` (catalog, SMS, bot messaging, user information). Wins over `baseUrl`. */
  openapiUrl?: string
  /** The access token for the Bearer operations. */
  accessToken?: string
  /** The developer key (`x-api-key`) for `/api/v1/…` and bot messaging. Keep it on the server. */
  apiKey?: string
  /** The widget's internal `app_id`, for bot messaging. */
  appId?: string
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch
}

/** A typed client: `client.GET(path, { params })`, `client.POST(path, { params, body })`… */
export type PlatformClient = Client<paths>

const PLACEHOLDER = 'http://platform.invalid'

/**
 * A client of every operation of the platform's open APIs, typed from its OpenAPI description:
 * paths, parameters, bodies and answers are checked by TypeScript. A call resolves with
 * `{ data }` on success and rejects with {@link PlatformApiError} on an error answer (with
 * `PlatformError` `NETWORK_ERROR` when the platform cannot be reached). It refreshes nothing on
 * its own: an expired access token gives a `PlatformApiError` with status 401.
 *
 * Each host's URL is its own option, else `baseUrl` (one origin for all three), else the
 * environment variable `PLATFORM_URL`. It has no default host: without any of them it throws
 * `INVALID_ARGUMENT` naming what is missing, so a server that
 * forgot a setting fails at start instead of sending its tokens somewhere else.
 *
 * @example
 * const platform = createPlatformClient({ gatewayUrl, platformUrl, openapiUrl, accessToken })
 * const { data } = await platform.GET('/v1/rx/services/search', { params: { query: { _q: 'amox' } } })
 * // Against `platform-widget-dev dev`:
 * const local = createPlatformClient({ baseUrl: 'http://127.0.0.1:4402', accessToken })
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const urls = resolveHosts(
    options,
    ['gatewayUrl', 'platformUrl', 'openapiUrl'],
    'createPlatformClient',
  )
  const hosts = { gateway: urls.gatewayUrl, platform: urls.platformUrl, openapi: urls.openapiUrl }
  const route: Middleware = {
    onRequest({ request }) {
      const url = new URL(request.url)
      const path = url.pathname
      const host = path.startsWith('/open-platform/')
        ? hosts.gateway
        : path.startsWith('/api/')
          ? hosts.platform
          : hosts.openapi
      const routed = new Request(`${host}${path}${url.search}`, request)
      const developer = path.startsWith('/api/') || path.startsWith('/v1/chatbot/')
      if (developer && options.apiKey) routed.headers.set('x-api-key', options.apiKey)
      if (path.startsWith('/v1/chatbot/') && options.appId)
        routed.headers.set('app_id', options.appId)
      if (!developer && options.accessToken) {
        routed.headers.set('authorization', `Bearer ${options.accessToken}`)
      }
      return routed
    },
  }
  const client = createClient<paths>({
    baseUrl: PLACEHOLDER,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  client.use(route, answerErrors)
  return client
}
