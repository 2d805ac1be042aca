import type { BackendAdapter, BackendCall, ChargeCall, Receipt } from 'platform-widget-sdk/host'
import type {
  PaymentOutcome,
  SmsActivateOutcome,
  SmsChargeOutcome,
  TestOutcomes,
} from 'platform-widget-sdk/testing'

/** The payment dialogs' test outcomes, in order (a type only: the page loads no source). */
const OUTCOMES = [
  'succeed',
  'declined',
  'insufficient_funds',
  'platform_error',
  'timeout',
] as const satisfies readonly PaymentOutcome[]

import type { PlatformCall } from '../../shared/call-types.js'
import type { operations } from '../../shared/internal-api.js'
import type { WebhookDelivery } from '../../shared/webhook-types.js'

export type { WebhookDelivery }

export interface HttpBackendOptions {
  /** The platform emulator's origin. */
  emulator: string
  /** The signed-in user (the emulator has no login; the panel says who it is). */
  user: string
  /** For the titles of platform receipts: a language, or where to read the current one. */
  locale: 'fa' | 'en' | (() => 'fa' | 'en')
}

/**
 * A payment's payload may hold what JSON cannot (the SDK allows bigint, Map, Set, ArrayBuffer and
 * typed arrays): the platform stores JSON, so these become a decimal string, an array of entries,
 * an array, and an array of bytes. Dates become ISO strings, as JSON.stringify does anyway.
 */
function toJson(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Map) return [...value.entries()]
  if (value instanceof Set) return [...value]
  if (value instanceof ArrayBuffer) return [...new Uint8Array(value)]
  if (ArrayBuffer.isView(value)) {
    return [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)]
  }
  return value
}

/** The JSON of a 200 answer of the internal API's operation `K`, as its document describes it. */
type Answer<K extends keyof operations> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer T } }
}
  ? T
  : never

type Charge = (app_key: string, body: object, call?: ChargeCall) => Promise<Answer<'pay'>>

/** The payment calls; with an outcome other than succeed, the emulator is told to give it. */
function paymentCalls(charge: Charge, outcome?: PaymentOutcome) {
  const chosen = outcome === undefined || outcome === 'succeed' ? {} : { test_outcome: outcome }
  const post = (kind: string, request: { app_key: string }, call?: ChargeCall) =>
    charge(request.app_key, { kind, ...request, ...chosen }, call)
  return {
    pay: (request: Parameters<BackendAdapter['pay']>[0], call?: ChargeCall) =>
      post('pay', request, call),
    subscribe: (request: Parameters<BackendAdapter['subscribe']>[0], call?: ChargeCall) =>
      post('subscribe', request, call),
    payForDoctorService: (
      request: Parameters<BackendAdapter['payForDoctorService']>[0],
      call?: ChargeCall,
    ) => post('doctor-service', request, call),
  }
}

/**
 * What `fetch` gets of the host's options: the call's signal, and a charge's idempotency key as
 * the `Idempotency-Key` header, which the emulator answers once per key.
 */
function fetchOptions(call: BackendCall | ChargeCall | undefined): {
  signal?: AbortSignal
  headers?: Record<string, string>
} {
  if (!call) return {}
  const key = 'idempotencyKey' in call ? call.idempotencyKey : undefined
  return { signal: call.signal, ...(key && { headers: { 'idempotency-key': key } }) }
}

/** The adapter, and what the dev panel's bridge inspector reads besides. */
export interface HttpBackend extends BackendAdapter {
  /** The emulator's webhook deliveries for one widget, oldest first. */
  webhookDeliveries(app_key: string): Promise<WebhookDelivery[]>
  /**
   * For `createDevHost`: the payment dialogs offer every outcome, and a payment made with one
   * chosen tells the emulator (`test_outcome`), which answers as the platform would.
   */
  testOutcomes: TestOutcomes
  /** The widget backend's calls to the emulator's open APIs, oldest first (its call log). */
  platformCalls(app_key: string): Promise<PlatformCall[]>
}

/** Where the adapter's calls go: the emulator, the user they act for, the receipts' language. */
interface Emulator {
  origin: string
  user: string
  language: () => 'fa' | 'en'
}

/** The emulator's internal API, under the user: `rest` is the path below `/internal/users/:user`. */
const userUrl = (at: Emulator, rest: string) =>
  `${at.origin}/internal/users/${encodeURIComponent(at.user)}${rest}`
/** The same, under one of the user's widgets. */
const appUrl = (at: Emulator, app_key: string, rest: string) =>
  userUrl(at, `/apps/${encodeURIComponent(app_key)}${rest}`)

/** One call to the emulator: its JSON answer, or an error with the emulator's message. */
async function send<T>(
  target: string,
  {
    method = 'GET',
    body,
    host,
  }: { method?: string; body?: unknown; host?: BackendCall | ChargeCall } = {},
): Promise<T> {
  const { signal, headers } = fetchOptions(host)
  const res = await fetch(target, {
    method,
    ...(signal && { signal }),
    ...(body === undefined
      ? headers && { headers }
      : {
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body, toJson),
        }),
  })
  const data = (await res.json().catch(() => ({}))) as { message?: string }
  if (!res.ok) throw new Error(data.message ?? `The platform answered ${res.status}`)
  return data as T
}

/** The payment calls, with the emulator told of `outcome` (see `paymentCalls`). */
const payments = (at: Emulator, outcome?: PaymentOutcome) =>
  paymentCalls(
    (app_key, body, host) => send(appUrl(at, app_key, '/payments'), { method: 'POST', body, host }),
    outcome,
  )

/** The SMS dialogs' calls, their outcomes sent as the payments' are (`test_outcome`). */
function smsCalls(at: Emulator, outcome: SmsChargeOutcome | SmsActivateOutcome) {
  const chosen = outcome === 'succeed' ? {} : { test_outcome: outcome }
  return {
    smsCharge: (request: Parameters<BackendAdapter['smsCharge']>[0], host?: ChargeCall) =>
      send<Answer<'chargeSms'>>(appUrl(at, request.app_key, '/sms/charge'), {
        method: 'POST',
        body: { ...request, ...chosen },
        host,
      }),
    async smsActivate(app_key: string, host?: BackendCall) {
      await send(appUrl(at, app_key, '/sms/activate'), { method: 'POST', body: chosen, host })
    },
  }
}

/** The calls that issue what a widget signs in with, and the user's consent. */
function grantCalls(
  at: Emulator,
): Pick<
  BackendAdapter,
  'issueSessionToken' | 'issueRenewalGrant' | 'issueSignInCode' | 'getConsent' | 'recordConsent'
> {
  const post = <T>(app_key: string, rest: string, body: unknown, host?: BackendCall) =>
    send<T>(appUrl(at, app_key, rest), { method: 'POST', body, host })
  return {
    async issueSessionToken({ app_key, scopes }, host) {
      const answer = await post<Answer<'issueSessionToken'>>(
        app_key,
        '/session-tokens',
        { scopes },
        host,
      )
      return answer.session_token
    },
    async issueRenewalGrant({ app_key, origin, scopes }, host) {
      const answer = await post<Answer<'issueRenewalGrant'>>(
        app_key,
        '/grants',
        { origin, scopes },
        host,
      )
      return answer.grant
    },
    async issueSignInCode({ app_key, ...rest }, host) {
      return (await post<Answer<'issueSignInCode'>>(app_key, '/signin-codes', rest, host)).code
    },
    async getConsent(app_key, host) {
      const target = appUrl(at, app_key, '/consent')
      return (await send<Answer<'getConsent'>>(target, { host })).scopes as never[]
    },
    async recordConsent(app_key, scopes, host) {
      await send(appUrl(at, app_key, '/consent'), { method: 'PUT', body: { scopes }, host })
    },
  }
}

/** The calls about the user's receipts, SMS service and profile. */
function accountCalls(
  at: Emulator,
): Pick<
  BackendAdapter,
  'lookupReceipt' | 'smsStatus' | 'addToProfile' | 'removeFromProfile' | 'purgeProfileCache'
> {
  return {
    async lookupReceipt(app_key, receipt_id, host) {
      const res = await fetch(
        appUrl(at, app_key, `/receipts/${encodeURIComponent(receipt_id)}?locale=${at.language()}`),
        fetchOptions(host),
      )
      if (res.status === 404) return undefined
      const data = (await res.json().catch(() => ({}))) as Answer<'lookupReceipt'> &
        Partial<Receipt> & { message?: string }
      if (!res.ok) throw new Error(data.message ?? `The platform answered ${res.status}`)
      return { title: data.title, amount: data.amount }
    },
    async smsStatus(host) {
      const { active } = await send<Answer<'getSms'>>(userUrl(at, '/sms'), { host })
      return { active }
    },
    async addToProfile(app_key, host) {
      await send(appUrl(at, app_key, '/channel'), { method: 'PUT', host })
    },
    async removeFromProfile(app_key, host) {
      await send(appUrl(at, app_key, '/channel'), { method: 'DELETE', host })
    },
    async purgeProfileCache(host) {
      await send(userUrl(at, '/profile/purge-cache'), { method: 'POST', host })
    },
  }
}

/**
 * The host's backend adapter for the demo: every call goes to the platform emulator over HTTP.
 * Session tokens, consent, receipts, payments, SMS state and the widgets on the doctor's profile
 * (channels) all live there, so the state the dialogs change is the one the open APIs read. A non-2xx answer throws with the emulator's
 * message, which the host turns into the documented error event or `BACKEND_ERROR`.
 */
export function createHttpBackend({ emulator, user, locale }: HttpBackendOptions): HttpBackend {
  const at: Emulator = {
    origin: emulator,
    user,
    language: typeof locale === 'function' ? locale : () => locale,
  }
  return {
    ...payments(at),
    ...smsCalls(at, 'succeed'),
    testOutcomes: {
      outcomes: OUTCOMES,
      withOutcome: (outcome) => payments(at, outcome),
      withSmsOutcome: (outcome) => smsCalls(at, outcome),
    },
    ...grantCalls(at),
    ...accountCalls(at),
    async platformCalls(app_key) {
      const target = `${emulator}/internal/calls?app_key=${encodeURIComponent(app_key)}`
      return (await send<Answer<'listCalls'>>(target)).calls as PlatformCall[]
    },
    async webhookDeliveries(app_key) {
      const target = `${emulator}/internal/webhooks?app_key=${encodeURIComponent(app_key)}`
      return (await send<Answer<'listWebhooks'>>(target)).deliveries as WebhookDelivery[]
    },
  }
}
