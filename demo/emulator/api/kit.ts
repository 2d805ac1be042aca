// What every router of the emulator shares: the error it throws (answered in `app.onError`), the
// variables its middleware sets on `c.var`, how a refused input is answered, and the kit of
// services (state, clock, tokens, webhooks) each router is built with.

import { OpenAPIHono, type z } from '@hono/zod-openapi'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ScopeName } from 'platform-widget-sdk/events'
import type { AppConfig, Fixtures, UserFixture } from '../../shared/config-types.js'
import type { CallLog } from '../call-log.js'
import type { AccessToken, ReceiptKind } from '../records.js'
import type { EmulatorState } from '../state.js'
import type { TokenSigner } from '../tokens.js'
import type { WebhookDelivery, WebhookEventType } from '../webhooks.js'

/** Every error answer: `{ error: CODE, message }`, plus fields named per case. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const invalid = (message: string) => new ApiError(400, 'INVALID_INPUT', message)

/**
 * A text field trimmed, refused (400 INVALID_INPUT) when that leaves fewer than `min`
 * characters: the document bounds the length a client sends, and the platform trims the text
 * it keeps, which a JSON Schema cannot say.
 */
export function trimmed<T extends string | undefined>(field: string, value: T, min = 1): T {
  if (value === undefined) return value
  const text = value.trim()
  if (text.length < min) throw invalid(`${field}: expected at least ${min} characters, not blank`)
  return text as T
}

export type StateUser = UserFixture & { sms: { active: boolean; credit: number } }

/** What the middleware of a route found, for its handler. */
export type Env = {
  Variables: {
    /** The access token of a Bearer route. */
    token: AccessToken
    /** The user of that token. */
    user: StateUser
    /** The same user, on routes that need a provider. */
    provider: StateUser & { profile: NonNullable<StateUser['profile']> }
    /** The widget of an `x-api-key` route (its path's `app_key`, or the bot's `app_id`). */
    app: AppConfig
  }
}

/** The services a router is built with. `state` is a getter: a reset replaces it. */
export interface Kit {
  readonly state: EmulatorState
  /** The clock, in ms. */
  now(): number
  tokens: TokenSigner
  ttl(): Fixtures['tokens']
  /**
   * Counts `record` (a receipt, a message, a payload added to a receipt), as JSON, against the share of the widget `app_key` (its developer key's) in the memory budget
   * the emulator shares with its sandboxes: 507 STORAGE_FULL when it does not fit. Called before
   * anything changes, so a refused call changes nothing.
   */
  store(app_key: string, record: unknown): void
  /** Counts `bytes` as {@link store} does a record's (installations, counted by their ids). */
  admit(app_key: string, bytes: number): void
  /** Gives back `bytes` that the widget `app_key` no longer keeps (installations removed). */
  release(app_key: string, bytes: number): void
  /** Logs a webhook and sends it after the answer; never fails the call. */
  emit(app: AppConfig, type: WebhookEventType, data: Record<string, unknown>): WebhookDelivery
  /** Back to the fixtures. */
  reset(): void
  /** A fresh receipt id of that kind (`pay_0001_…`). */
  receiptId(kind: ReceiptKind): string
  /** The dev panel's origin; none for an emulator alone. */
  panelOrigin: string | undefined
  /** Every panel origin the internal routes answer: the dev panel's and `--panel-origin`'s. */
  internalOrigins: readonly string[]
  /** The platform-call log (`/internal/calls`, `/control/v1/calls`). */
  calls: CallLog
}

export const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A session token for `user_id` and `registered` with `scopes`, as the panel gets one after
 * consent (the panel's internal route, a renewal and the control API all issue them): 403
 * INVALID_SCOPE for a scope the app does not enable, and for a `provider.*` scope when the user
 * is not a provider (a patient's token must not say "provider" to a backend that reads the
 * scope so); single use, the session lifetime.
 */
export async function issueSessionToken(
  kit: Kit,
  user_id: string,
  registered: AppConfig,
  scopes: ScopeName[],
) {
  checkScopesFor(kit, user_id, registered, scopes)
  const expires_in = kit.ttl().session_token_ttl_seconds
  const bound = { user_id, app_key: registered.app_key, scopes }
  const { token: session_token, claims } = await kit.tokens.sign('session', bound, expires_in)
  const expires_at = claims.exp * 1000
  kit.state.sessionTokens.set(claims.jti, { ...bound, expires_at, used: false })
  return { session_token, expires_in, expires_at, bound }
}

/**
 * 403 INVALID_SCOPE unless `scopes` may stand for `user_id` in `registered`: every scope enabled
 * for the app, and no `provider.*` scope for a user who is not a provider. A session token and a
 * renewal grant are both held to it, so neither exists for what the other would refuse.
 */
export function checkScopesFor(
  kit: Kit,
  user_id: string,
  registered: AppConfig,
  scopes: readonly ScopeName[],
) {
  const notEnabled = scopes.filter((s) => !registered.scopes.includes(s))
  if (notEnabled.length) {
    throw new ApiError(
      403,
      'INVALID_SCOPE',
      `Not enabled for ${registered.app_key}: ${notEnabled.join(', ')}`,
    )
  }
  const provider = scopes.filter((s) => s.startsWith('provider.'))
  if (provider.length && kit.state.users.get(user_id)?.kind !== 'provider') {
    throw new ApiError(
      403,
      'INVALID_SCOPE',
      `Not for ${user_id}, who is not a provider: ${provider.join(', ')}`,
    )
  }
}

// ---- Validation ---------------------------------------------------------------------------
// Every route's validators are built from its OpenAPI document (./document.ts).

/** 400 INVALID_INPUT naming the first few validation problems, as `field: problem`. */
export const invalidInput = (error: z.ZodError) => invalid(describe(error))

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ')
}

/**
 * A router of one API group. Its validation failures become 400 `INVALID_INPUT`, thrown to
 * `app.onError` like every other error.
 */
export function createRouter() {
  return new OpenAPIHono<Env>({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error)
    },
  })
}

export type Router = ReturnType<typeof createRouter>
