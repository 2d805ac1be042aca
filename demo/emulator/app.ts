// The platform emulator: the platform's APIs a widget backend calls, plus the internal endpoints
// the demo panel's backend adapter calls, over one in-memory state.
//
// Built on Hono (with @hono/node-server): it is small, has no dependencies of its own, is well
// kept, and is written against web-standard Request/Response, so the unit tests call
// `app.request()` with no server and no port at all.

import { timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { doctorServiceAmounts, isScope, type Scope } from '../../src/events/index.js'
import { INDEX_CSP, indexPage } from './index-page.js'
import {
  type AccessToken,
  createState,
  type EmulatorState,
  opaque,
  type ReceiptKind,
  type ReceiptRecord,
} from './state.js'
import { createTokenSigner } from './tokens.js'
import type { AppConfig, Fixtures, Localized } from './types.js'
import {
  createWebhookSender,
  type WebhookEventType,
  type WebhookOptions,
  type WebhookSender,
} from './webhooks.js'

export interface EmulatorOptions {
  fixtures: Fixtures
  /** Every registered widget: the fixture apps and any added with `--app` or a config file. */
  apps: AppConfig[]
  /** The one origin allowed to call the internal endpoints from a browser. */
  panelOrigin: string
  /** The clock, in ms. Tests move it to expire tokens. */
  now?: () => number
  /** How webhooks are delivered: tests pass their own `fetch` and shorter retries. */
  webhooks?: WebhookOptions
  /** The HS256 key of the session and access tokens. Default: 32 random bytes per emulator. */
  tokenSecret?: Uint8Array
}

export interface Emulator {
  app: Hono<Env>
  /** The live state (tests and the demo's status line read it). */
  readonly state: EmulatorState
  /** Back to the fixtures, as after a restart. */
  reset(): void
  /** The webhook sender; `settled()` waits for the deliveries under way. */
  readonly webhooks: Pick<WebhookSender, 'settled'>
}

type Env = { Variables: { token: AccessToken } }

/** Every error answer: `{ error: CODE, message }`, plus fields named per case. */
function fail(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return c.json({ error, message, ...extra }, status)
}

async function jsonBody(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body = await c.req.json()
    return body && typeof body === 'object' && !Array.isArray(body) ? body : undefined
  } catch {
    return undefined
  }
}

/**
 * The fields of a JSON object body or of an `application/x-www-form-urlencoded` body (the token
 * exchange of some platform clients sends a form). Undefined when the body is neither.
 */
async function fieldsBody(c: Context): Promise<Record<string, unknown> | undefined> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return jsonBody(c)
  try {
    return Object.fromEntries(new URLSearchParams(await c.req.text()))
  } catch {
    return undefined
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** `^[0-9]+$` as a number, or NaN: no signs, no decimals, no spaces, no exponents. */
function integer(text: string): number {
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN
}

const normalize = (text: string) =>
  text
    .replace(/\u064a/g, 'ی')
    .replace(/\u0643/g, 'ک')
    .replace(/\u200c/g, ' ')
    .toLowerCase()

const localized = (text: Localized | undefined, locale: string) =>
  text === undefined ? '' : typeof text === 'string' ? text : locale === 'en' ? text.en : text.fa

/** SMS parts: 70 characters a part when the text needs Unicode (Persian), else 160. */
export function smsParts(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the GSM-ish ASCII range
  const perPart = /^[\u0000-\u007f]*$/.test(text) ? 160 : 70
  return Math.max(1, Math.ceil(text.length / perPart))
}

const MOBILE = /^09[0-9]{9}$/
const MAX_SMS_LENGTH = 612
const MAX_USER_IDS = 1000
const MAX_TITLE_LENGTH = 200
/** C0 and C1 controls, line and paragraph separators, and bidi embeddings, overrides, isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it refuses
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
/**
 * The largest request body any route reads, in bytes. The biggest legitimate bodies are 1,000
 * user ids and a payment's payload (16 KiB at most, as the SDK measures it): 64 KiB leaves room.
 */
export const MAX_BODY_BYTES = 64 * 1024

export function createEmulator(options: EmulatorOptions): Emulator {
  const now = options.now ?? Date.now
  let state = createState(options.fixtures, options.apps, now())
  const ttl = () => options.fixtures.tokens
  const tokens = createTokenSigner(now, options.tokenSecret)
  let counter = 0
  const receiptId = (kind: ReceiptKind) =>
    `${kind === 'doctor-service' ? 'dsrv' : kind}_${(++counter).toString().padStart(4, '0')}_${opaque('').slice(1, 9)}`
  const webhooks = createWebhookSender(() => state.webhooks, now, options.webhooks)
  /** Sends the event to the widget's webhook URL after the answer; never fails the call. */
  const emit = (app: AppConfig, type: WebhookEventType, data: Record<string, unknown>) => {
    webhooks.send(app, type, data)
  }
  const iso = (ms: number | undefined) => new Date(ms ?? now()).toISOString()
  /**
   * The `data` of a payment event: what monetization verify answers, less the verification (and
   * the plan's period for a subscription, the new credit for an SMS top-up).
   */
  const paymentData = (
    receipt: ReceiptRecord,
    registered: AppConfig,
    credit?: number,
  ): Record<string, unknown> => {
    const payload = receipt.payload === undefined ? {} : { payload: receipt.payload }
    switch (receipt.kind) {
      case 'doctor-service':
        return {
          receipt_id: receipt.id,
          user_id: receipt.user_id,
          service_amount: receipt.service_amount,
          vat: receipt.vat,
          amount: receipt.amount,
          paid_at: iso(receipt.paid_at),
          ...(receipt.refunded_at === undefined ? {} : { refunded_at: iso(receipt.refunded_at) }),
          ...payload,
        }
      case 'sms':
        return {
          receipt_id: receipt.id,
          user_id: receipt.user_id,
          count: receipt.sms_count,
          credit,
          amount: receipt.amount,
          paid_at: iso(receipt.paid_at),
        }
      default: {
        const plan = registered.plans.find((p) => p.key === receipt.plan_key)
        return {
          receipt_id: receipt.id,
          kind:
            receipt.kind === 'subscribe'
              ? 'subscription'
              : receipt.kind === 'pay'
                ? 'product'
                : 'receipt',
          ...(receipt.product_key ? { product_key: receipt.product_key } : {}),
          ...(receipt.plan_key ? { plan_key: receipt.plan_key } : {}),
          ...(plan ? { period: plan.period } : {}),
          amount: receipt.amount,
          user_id: receipt.user_id,
          paid_at: iso(receipt.paid_at),
          ...payload,
        }
      }
    }
  }
  /** What verify and the receipt look-up call the kind of a receipt. */
  const kindName = (kind: ReceiptKind) =>
    ({
      subscribe: 'subscription',
      pay: 'product',
      receipt: 'receipt',
      'doctor-service': 'doctor_service',
      sms: 'sms',
    })[kind]

  const app = new Hono<Env>()

  app.notFound((c) => fail(c, 404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`))
  app.onError((error, c) => fail(c, 500, 'INTERNAL_ERROR', error.message))

  // Every route: a body over the limit is refused with 413 before it is read into memory (a
  // declared Content-Length at once; a chunked body as soon as the count passes the limit).
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(c, 413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes`, {
          max_bytes: MAX_BODY_BYTES,
        }),
    }),
  )

  app.get('/', (c) =>
    c.html(
      indexPage(new URL(c.req.url).origin, [...state.apps.values()], options.panelOrigin),
      200,
      {
        'content-security-policy': INDEX_CSP,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    ),
  )

  // ---- Widget management (header x-api-key) -------------------------------------------------

  /** The app of the path, when the request carries its developer key. */
  const developer = (c: Context): AppConfig | Response => {
    const app_key = c.req.param('app_key') ?? ''
    const registered = state.apps.get(app_key)
    if (!registered || !sameSecret(c.req.header('x-api-key'), registered.developer_key)) {
      return fail(
        c,
        401,
        'DEVELOPER_NOT_AUTHORIZED',
        registered
          ? `The x-api-key header does not hold the developer key of "${app_key}"`
          : `No widget "${app_key}" is registered, so no developer key is authorized for it`,
      )
    }
    return registered
  }

  app.post('/api/v1/apps/:app_key/oauth/access_token', async (c) => {
    const registered = developer(c)
    if (registered instanceof Response) return registered
    const body = await fieldsBody(c)
    const session_token = body?.session_token
    if (typeof session_token !== 'string' || !session_token) {
      return fail(
        c,
        400,
        'INVALID_INPUT',
        'Expected a body { "session_token": "..." }, as JSON or application/x-www-form-urlencoded',
      )
    }
    const verified = await tokens.verify('session', session_token)
    const record = verified.ok ? state.sessionTokens.get(verified.claims.jti) : undefined
    const expired = `expired (session tokens live ${ttl().session_token_ttl_seconds} s)`
    const reason = !verified.ok
      ? verified.reason === 'expired'
        ? expired
        : 'is not a session token this platform issued'
      : !record
        ? 'is not a session token this platform issued (or the emulator was reset since)'
        : record.app_key !== registered.app_key
          ? 'was issued to another widget'
          : record.used
            ? 'was already exchanged (session tokens are single-use)'
            : record.expires_at <= now()
              ? expired
              : undefined
    if (reason || !record) {
      return fail(c, 400, 'INVALID_SESSION_TOKEN', `The session token ${reason}`)
    }
    record.used = true
    const expires_in = ttl().access_token_ttl_seconds
    const { token: access_token, claims } = await tokens.sign('access', record, expires_in)
    state.accessTokens.set(claims.jti, {
      user_id: record.user_id,
      app_key: record.app_key,
      scopes: record.scopes,
      expires_at: claims.exp * 1000,
    })
    return c.json({
      access_token,
      token_type: 'Bearer',
      expires_in,
      scope: record.scopes.join(' '),
    })
  })

  app.post('/api/v1/apps/:app_key/monetization/verify', async (c) => {
    const registered = developer(c)
    if (registered instanceof Response) return registered
    const body = await fieldsBody(c)
    const receipt_id = body?.receipt_id
    if (typeof receipt_id !== 'string' || !receipt_id) {
      return fail(c, 400, 'INVALID_INPUT', 'Expected a body { "receipt_id": "..." }')
    }
    const receipt = state.receipts.get(receipt_id)
    if (!receipt || receipt.app_key !== registered.app_key) {
      return fail(c, 404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}" for this widget`)
    }
    if (receipt.kind === 'sms') {
      return fail(
        c,
        400,
        'INVALID_INPUT',
        `Receipt "${receipt_id}" is an SMS top-up, paid to the platform; it does not verify`,
      )
    }
    if (receipt.status === 'refunded') {
      return fail(c, 409, 'RECEIPT_REFUNDED', `Receipt "${receipt_id}" was refunded`, {
        refunded_at: iso(receipt.refunded_at),
      })
    }
    if (receipt.status !== 'paid') {
      return fail(c, 409, 'RECEIPT_NOT_PAID', `Receipt "${receipt_id}" has not been paid`)
    }
    if (receipt.verified_at !== undefined) {
      return fail(
        c,
        409,
        'RECEIPT_ALREADY_VERIFIED',
        `Receipt "${receipt_id}" was already verified; a receipt verifies once`,
        { verified_at: new Date(receipt.verified_at).toISOString() },
      )
    }
    receipt.verified_at = now()
    return c.json({
      verified: true,
      receipt_id,
      kind: kindName(receipt.kind),
      // What was bought: the product or plan key; a receipt's own id; none for a doctor service.
      key:
        receipt.product_key ?? receipt.plan_key ?? (receipt.kind === 'receipt' ? receipt.id : null),
      ...(receipt.product_key ? { product_key: receipt.product_key } : {}),
      ...(receipt.plan_key ? { plan_key: receipt.plan_key } : {}),
      ...(receipt.kind === 'doctor-service'
        ? { service_amount: receipt.service_amount, vat: receipt.vat }
        : {}),
      amount: receipt.amount,
      user_id: receipt.user_id,
      payload: receipt.payload ?? null,
      paid_at: new Date(receipt.paid_at ?? receipt.created_at).toISOString(),
      verified_at: new Date(receipt.verified_at).toISOString(),
    })
  })

  // Server-side receipts: the widget's backend prices an order itself and gets a receipt id the
  // page passes to `payment.pay({ receipt_id })`. The title and amount shown in the dialog come
  // from here, never from the browser.
  app.post('/api/v1/apps/:app_key/monetization/receipts', async (c) => {
    const registered = developer(c)
    if (registered instanceof Response) return registered
    const body = await jsonBody(c)
    const bad = (message: string) => fail(c, 400, 'INVALID_INPUT', message)
    if (!body) return bad('Expected a JSON body { "title", "amount", "user_id", "payload"? }')
    const { title, amount, user_id } = body
    if (
      typeof title !== 'string' ||
      !title.trim() ||
      title.length > MAX_TITLE_LENGTH ||
      UNSAFE_TEXT.test(title)
    ) {
      return bad(
        `title: expected 1 to ${MAX_TITLE_LENGTH} characters, without control or bidi-override characters`,
      )
    }
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
      return bad('amount: expected whole Rials, at least 1')
    }
    if (typeof user_id !== 'string' || !state.users.has(user_id)) {
      return bad("user_id: expected the id of a platform user (the access token's sub)")
    }
    const id = receiptId('receipt')
    const receipt: ReceiptRecord = {
      id,
      app_key: registered.app_key,
      user_id,
      kind: 'receipt',
      title: title.trim(),
      amount,
      status: 'issued',
      created_at: now(),
      created_by_backend: true,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }
    state.receipts.set(id, receipt)
    return c.json(
      {
        receipt_id: id,
        title: receipt.title,
        amount,
        user_id,
        status: receipt.status,
        payload: receipt.payload ?? null,
        created_at: iso(receipt.created_at),
      },
      201,
    )
  })

  // Refunds a doctor-service payment, once. A refunded receipt no longer verifies.
  app.post('/api/v1/apps/:app_key/billing/provider-service/refund', async (c) => {
    const registered = developer(c)
    if (registered instanceof Response) return registered
    const receipt_id = (await fieldsBody(c))?.receipt_id
    if (typeof receipt_id !== 'string' || !receipt_id) {
      return fail(c, 400, 'INVALID_INPUT', 'Expected a body { "receipt_id": "..." }')
    }
    const receipt = state.receipts.get(receipt_id)
    if (!receipt || receipt.app_key !== registered.app_key) {
      return fail(c, 404, 'RECEIPT_NOT_FOUND', `No receipt "${receipt_id}" for this widget`)
    }
    if (receipt.kind !== 'doctor-service') {
      return fail(
        c,
        400,
        'INVALID_INPUT',
        `Receipt "${receipt_id}" is not a doctor-service payment; only those are refunded here`,
      )
    }
    if (receipt.status === 'refunded') {
      return fail(
        c,
        409,
        'RECEIPT_ALREADY_REFUNDED',
        `Receipt "${receipt_id}" was already refunded; a payment is refunded once`,
        { refunded_at: iso(receipt.refunded_at) },
      )
    }
    receipt.status = 'refunded'
    receipt.refunded_at = now()
    emit(registered, 'doctor_service.refunded', paymentData(receipt, registered))
    return c.json({
      refunded: true,
      receipt_id,
      amount: receipt.amount,
      user_id: receipt.user_id,
      refunded_at: iso(receipt.refunded_at),
    })
  })

  const installed = (app_key: string) => {
    let users = state.installations.get(app_key)
    if (!users) {
      users = new Set()
      state.installations.set(app_key, users)
    }
    return users
  }
  const userIds = (body: Record<string, unknown> | undefined): string[] | undefined => {
    const ids = body?.user_ids
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_USER_IDS) return undefined
    return ids.every((id) => typeof id === 'string' && /^[^\s]{1,64}$/.test(id))
      ? (ids as string[])
      : undefined
  }
  app.get('/api/v1/apps/:app_key/installations', (c) => {
    const registered = developer(c)
    if (registered instanceof Response) return registered
    return c.json({ user_ids: [...installed(registered.app_key)] })
  })
  for (const method of ['post', 'delete'] as const) {
    app[method]('/api/v1/apps/:app_key/installations', async (c) => {
      const registered = developer(c)
      if (registered instanceof Response) return registered
      const ids = userIds(await jsonBody(c))
      if (!ids) {
        return fail(
          c,
          400,
          'INVALID_INPUT',
          `Expected a JSON body { "user_ids": [...] } with 1 to ${MAX_USER_IDS} user ids`,
        )
      }
      const users = installed(registered.app_key)
      const changed = new Set<string>()
      for (const id of ids) {
        if (method === 'post' ? !users.has(id) : users.has(id)) changed.add(id)
        if (method === 'post') users.add(id)
        else users.delete(id)
      }
      // One event per call, naming the users whose installation changed; none when none did.
      if (changed.size) {
        emit(registered, method === 'post' ? 'installation.created' : 'installation.deleted', {
          user_ids: [...changed],
        })
      }
      return c.json({ user_ids: [...users] })
    })
  }

  // ---- Bearer APIs ---------------------------------------------------------------------------

  /**
   * Checks `Authorization: Bearer <access token>` and the scope. `missingHeader` is the status
   * for a request with no Authorization header at all (the catalog search declares 400).
   */
  const bearer =
    (scope: Scope | undefined, missingHeader: 400 | 401 = 401) =>
    async (c: Context<Env>, next: () => Promise<void>) => {
      const header = c.req.header('authorization')
      if (header === undefined) {
        return missingHeader === 400
          ? fail(c, 400, 'INVALID_INPUT', 'The Authorization header is missing')
          : fail(c, 401, 'INVALID_ACCESS_TOKEN', 'The Authorization header is missing')
      }
      const match = /^Bearer ([^\s]+)$/i.exec(header)
      const verified = match ? await tokens.verify('access', match[1]!) : undefined
      const token = verified?.ok ? state.accessTokens.get(verified.claims.jti) : undefined
      if (!token && !(verified && !verified.ok && verified.reason === 'expired')) {
        return fail(c, 401, 'INVALID_ACCESS_TOKEN', 'The access token is not valid')
      }
      if (!token || token.expires_at <= now()) {
        return fail(
          c,
          401,
          'INVALID_ACCESS_TOKEN',
          'The access token expired; exchange a new session token',
        )
      }
      if (scope && !token.scopes.includes(scope)) {
        return fail(
          c,
          403,
          'INSUFFICIENT_SCOPE',
          `This access token does not carry the scope ${scope}`,
          { required_scope: scope },
        )
      }
      c.set('token', token)
      await next()
    }

  const userOf = (c: Context<Env>) => state.users.get(c.get('token').user_id)
  const provider = (c: Context<Env>) => {
    const user = userOf(c)
    return user?.kind === 'provider' ? user : undefined
  }
  const notProvider = (c: Context) =>
    fail(c, 403, 'NOT_A_PROVIDER', 'The user of this access token is not a provider')

  app.get('/open-platform/v1/profile/information', bearer('provider.profile.read'), (c) => {
    const user = provider(c)
    if (!user?.profile) return notProvider(c)
    return c.json({
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      ...(user.latin_name ? { latin_name: user.latin_name } : {}),
      ...user.profile,
    })
  })

  app.get('/v1/user/information', bearer('user.profile.read'), (c) => {
    const user = userOf(c)
    if (!user) return fail(c, 401, 'INVALID_ACCESS_TOKEN', 'The user of this token is gone')
    return c.json({
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      ...(user.latin_name ? { latin_name: user.latin_name } : {}),
      mobile: user.mobile,
      kind: user.kind,
    })
  })

  app.get('/v1/rx/service-types', (c) => c.json({ categories: state.fixtures.service_types }))

  app.get('/v1/rx/insurance-type', bearer('provider.prescription.read'), (c) => {
    const code = c.req.query('national_code')
    if (code === undefined || !/^[0-9]{10}$/.test(code)) {
      return fail(c, 400, 'INVALID_INPUT', 'national_code: expected exactly 10 digits')
    }
    if (!provider(c)) return notProvider(c)
    const person = state.fixtures.insured_people.find((p) => p.national_code === code)
    // Only these two fields leave: every other personal field of the upstream record is stripped.
    return c.json(
      person
        ? { status: person.status, insurance: person.insurance }
        : { status: 'NOT_FOUND', insurance: '' },
    )
  })

  const typeCodes = (providerKey: string) =>
    state.fixtures.service_types.flatMap((category) => category.providers[providerKey] ?? [])

  app.get('/v1/rx/services/search', bearer('provider.prescription.read', 400), (c) => {
    const q = c.req.query('_q')
    const providerKey = c.req.query('provider') ?? 'tamin'
    const typeText = c.req.query('type') ?? '79'
    const limitText = c.req.query('_limit') ?? '10'
    const startText = c.req.query('_start') ?? '0'
    const bad = (message: string) => fail(c, 400, 'INVALID_INPUT', message)
    if (q === undefined || q.length < 1) return bad('_q: required, at least 1 character')
    const providers = new Set(state.fixtures.service_types.flatMap((t) => Object.keys(t.providers)))
    if (!providers.has(providerKey)) {
      return bad(`provider: expected one of ${[...providers].join(', ')}`)
    }
    const type = integer(typeText)
    if (Number.isNaN(type)) return bad('type: expected an integer type code')
    if (!typeCodes(providerKey).includes(type)) {
      return bad(
        `type: ${type} is not a type code of provider ${providerKey} (see GET /v1/rx/service-types)`,
      )
    }
    const limit = integer(limitText)
    if (Number.isNaN(limit) || limit < 1 || limit > 100) {
      return bad('_limit: expected an integer from 1 to 100')
    }
    const start = integer(startText)
    if (Number.isNaN(start)) return bad('_start: expected an integer of at least 0')
    const user = provider(c)
    if (!user?.insurance_providers?.includes(providerKey)) {
      return fail(
        c,
        403,
        'PROVIDER_NOT_PERMITTED',
        `This user may not prescribe under the ${providerKey} insurance`,
      )
    }
    const needle = normalize(q)
    const category = state.fixtures.service_types.find((t) =>
      t.providers[providerKey]?.includes(type),
    )
    const serviceList = state.fixtures.catalog
      .filter(
        (item) =>
          item.provider === providerKey &&
          item.type === type &&
          normalize(item.srvName).includes(needle),
      )
      .slice(start, start + limit)
      .map((item) => ({
        id: item.id,
        srvId: null,
        srvCode: null,
        srvName: item.srvName,
        srvBimSw: null,
        gSrvCode: item.gSrvCode,
        wsSrvCode: item.wsSrvCode,
        serviceType: {
          id: item.type,
          srvType: String(item.type),
          srvTypeDes: category?.title ?? '',
          custType: providerKey === 'tamin' ? '1' : '2',
          status: '1',
        },
        brands: item.brands,
      }))
    return c.json({
      statusCode: 200,
      message: 'OK',
      result: { insuranceType: providerKey, serviceList },
    })
  })

  const smsNotActive = (c: Context) =>
    fail(
      c,
      409,
      'SMS_NOT_ACTIVATED',
      'SMS is not active; the provider must activate it through the SDK (platform.sms.activate)',
    )

  app.get('/v1/sms/balance', bearer('provider.sms.read'), (c) => {
    const user = provider(c)
    if (!user) return notProvider(c)
    if (!user.sms.active) return smsNotActive(c)
    return c.json({ credit: user.sms.credit })
  })

  app.post('/v1/sms/messages', bearer('provider.sms.write'), async (c) => {
    const body = await jsonBody(c)
    const to = body?.to
    const text = body?.text
    if (typeof to !== 'string' || !MOBILE.test(to)) {
      return fail(c, 400, 'INVALID_INPUT', 'to: expected a mobile number like 09121234567')
    }
    if (typeof text !== 'string' || !text.trim() || text.length > MAX_SMS_LENGTH) {
      return fail(c, 400, 'INVALID_INPUT', `text: expected 1 to ${MAX_SMS_LENGTH} characters`)
    }
    const user = provider(c)
    if (!user) return notProvider(c)
    if (!user.sms.active) return smsNotActive(c)
    const parts = smsParts(text)
    if (user.sms.credit < parts) {
      return fail(
        c,
        402,
        'INSUFFICIENT_SMS_CREDIT',
        `This message needs ${parts} SMS credit; the provider has ${user.sms.credit}`,
        { credit: user.sms.credit, required: parts },
      )
    }
    user.sms.credit -= parts
    const message = {
      id: opaque('sms'),
      user_id: user.id,
      app_key: c.get('token').app_key,
      to,
      text,
      parts,
      sent_at: now(),
    }
    state.messages.push(message)
    return c.json({ message_id: message.id, parts, credit: user.sms.credit })
  })

  // ---- Internal endpoints of the demo panel's backend adapter --------------------------------
  // The panel says which user is signed in (`user_id`): this emulator has no login.

  // These answer the demo panel only: every request, reads included, must carry the panel's
  // Origin. A browser sets Origin on every cross-origin fetch and a page cannot forge it; a
  // request with no Origin at all (curl, a script, a top-level navigation) is refused too, so
  // nothing but the panel can mint consent-free session tokens, top up SMS or mark receipts paid.
  // A script on this machine can still send the header: the emulator is a local tool, bound to
  // 127.0.0.1, not a security boundary against the machine's own user.
  app.use('/internal/*', async (c, next) => {
    if (c.req.header('origin') !== options.panelOrigin) {
      return fail(
        c,
        403,
        'FORBIDDEN_ORIGIN',
        `Only the demo panel (${options.panelOrigin}) may call this: the request must carry its Origin header`,
      )
    }
    await next()
  })
  app.use(
    '/internal/*',
    cors({
      origin: (origin) => (origin === options.panelOrigin ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT'],
      allowHeaders: ['content-type'],
      maxAge: 600,
    }),
  )

  const userParam = (c: Context) => state.users.get(c.req.param('user_id') ?? '')
  const appParam = (c: Context) => state.apps.get(c.req.param('app_key') ?? '')
  const noUser = (c: Context) => fail(c, 404, 'NOT_FOUND', 'Unknown user')
  const noApp = (c: Context) => fail(c, 404, 'NOT_FOUND', 'Unknown app_key')

  app.get('/internal/health', (c) => c.json({ ok: true }))

  app.get('/internal/users/:user_id', (c) => {
    const user = userParam(c)
    if (!user) return noUser(c)
    return c.json({
      id: user.id,
      kind: user.kind,
      first_name: user.first_name,
      last_name: user.last_name,
      ...(user.latin_name ? { latin_name: user.latin_name } : {}),
      ...(user.profile ? { profile: user.profile } : {}),
    })
  })

  app.post('/internal/users/:user_id/apps/:app_key/session-tokens', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (!user) return noUser(c)
    if (!registered) return noApp(c)
    const scopes = (await jsonBody(c))?.scopes
    if (!Array.isArray(scopes) || !scopes.every(isScope)) {
      return fail(c, 400, 'INVALID_INPUT', 'scopes: expected an array of platform scopes')
    }
    const notEnabled = scopes.filter((s) => !registered.scopes.includes(s))
    if (notEnabled.length) {
      return fail(
        c,
        403,
        'INVALID_SCOPE',
        `Not enabled for ${registered.app_key}: ${notEnabled.join(', ')}`,
      )
    }
    const expires_in = ttl().session_token_ttl_seconds
    const bound = { user_id: user.id, app_key: registered.app_key, scopes: [...new Set(scopes)] }
    const { token: session_token, claims } = await tokens.sign('session', bound, expires_in)
    state.sessionTokens.set(claims.jti, { ...bound, expires_at: claims.exp * 1000, used: false })
    return c.json({ session_token, expires_in })
  })

  const consentKey = (c: Context) => `${c.req.param('user_id')} ${c.req.param('app_key')}`
  app.get('/internal/users/:user_id/apps/:app_key/consent', (c) =>
    c.json({ scopes: state.consent.get(consentKey(c)) ?? [] }),
  )
  app.put('/internal/users/:user_id/apps/:app_key/consent', async (c) => {
    if (!userParam(c)) return noUser(c)
    if (!appParam(c)) return noApp(c)
    const scopes = (await jsonBody(c))?.scopes
    if (!Array.isArray(scopes) || !scopes.every(isScope)) {
      return fail(c, 400, 'INVALID_INPUT', 'scopes: expected an array of platform scopes')
    }
    state.consent.set(consentKey(c), [...new Set(scopes)])
    return c.json({ scopes: state.consent.get(consentKey(c)) })
  })

  app.get('/internal/users/:user_id/apps/:app_key/receipts/:receipt_id', (c) => {
    const receipt = state.receipts.get(c.req.param('receipt_id'))
    if (
      receipt?.kind !== 'receipt' ||
      receipt.app_key !== c.req.param('app_key') ||
      receipt.user_id !== c.req.param('user_id')
    ) {
      return fail(c, 404, 'RECEIPT_NOT_FOUND', 'No such receipt for this widget and user')
    }
    if (receipt.status === 'paid') {
      return fail(c, 409, 'RECEIPT_ALREADY_PAID', `Receipt "${receipt.id}" is already paid`)
    }
    return c.json({
      title: localized(receipt.title, c.req.query('locale') ?? 'fa'),
      amount: receipt.amount,
    })
  })

  const PAYMENT_EVENTS: Partial<Record<ReceiptKind, WebhookEventType>> = {
    receipt: 'payment.succeeded',
    pay: 'payment.succeeded',
    subscribe: 'subscription.succeeded',
    'doctor-service': 'doctor_service.succeeded',
  }
  /** Sends the payment's webhook. */
  const paid = (registered: AppConfig, receipt: ReceiptRecord) => {
    const type = PAYMENT_EVENTS[receipt.kind]
    if (type) emit(registered, type, paymentData(receipt, registered))
  }

  /** Records a charge, sends its webhook and answers its receipt id. */
  const charge = (
    c: Context,
    registered: AppConfig,
    record: Omit<ReceiptRecord, 'id' | 'status' | 'created_at'>,
  ) => {
    const id = receiptId(record.kind)
    const receipt: ReceiptRecord = {
      ...record,
      id,
      status: 'paid',
      created_at: now(),
      paid_at: now(),
    }
    state.receipts.set(id, receipt)
    paid(registered, receipt)
    return c.json({ receipt_id: id })
  }

  app.post('/internal/users/:user_id/apps/:app_key/payments', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (!user) return noUser(c)
    if (!registered) return noApp(c)
    const body = (await jsonBody(c)) ?? {}
    const amount = body.amount
    const payload = body.payload === undefined ? {} : { payload: body.payload }
    const base = { app_key: registered.app_key, user_id: user.id, ...payload }
    const bad = (message: string) => fail(c, 400, 'INVALID_INPUT', message)
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
      return bad('amount: expected whole Rials')
    }
    switch (body.kind) {
      case 'pay': {
        if (typeof body.receipt_id === 'string') {
          const receipt = state.receipts.get(body.receipt_id)
          if (receipt?.kind !== 'receipt' || receipt.app_key !== registered.app_key) {
            return fail(c, 404, 'RECEIPT_NOT_FOUND', `No receipt "${body.receipt_id}"`)
          }
          if (receipt.status === 'paid') {
            return fail(c, 409, 'RECEIPT_ALREADY_PAID', `Receipt "${receipt.id}" is already paid`)
          }
          if (receipt.amount !== amount) return bad(`amount: the receipt is ${receipt.amount}`)
          if (receipt.user_id !== user.id) {
            return fail(
              c,
              404,
              'RECEIPT_NOT_FOUND',
              `No receipt "${body.receipt_id}" for this user`,
            )
          }
          // A payload its backend set when creating it stays; else the page's is kept.
          if (receipt.payload === undefined && body.payload !== undefined) {
            receipt.payload = body.payload
          }
          receipt.status = 'paid'
          receipt.paid_at = now()
          paid(registered, receipt)
          return c.json({ receipt_id: receipt.id })
        }
        const product = registered.products.find((p) => p.key === body.product_key)
        if (!product) return bad(`product_key: ${registered.app_key} has no such product`)
        if (product.price !== amount) return bad(`amount: the product costs ${product.price}`)
        return charge(c, registered, {
          ...base,
          kind: 'pay',
          amount,
          product_key: product.key,
          title: product.title,
        })
      }
      case 'subscribe': {
        const plan = registered.plans.find((p) => p.key === body.plan_key)
        if (!plan) return bad(`plan_key: ${registered.app_key} has no such plan`)
        if (plan.price !== amount) return bad(`amount: the plan costs ${plan.price}`)
        return charge(c, registered, {
          ...base,
          kind: 'subscribe',
          amount,
          plan_key: plan.key,
          title: plan.title,
        })
      }
      case 'doctor-service': {
        const expected = doctorServiceAmounts(amount)
        if (body.vat !== expected.vat || body.payable !== expected.payable) {
          return bad(`vat and payable: expected ${expected.vat} and ${expected.payable}`)
        }
        return charge(c, registered, {
          ...base,
          kind: 'doctor-service',
          amount: expected.payable,
          service_amount: amount,
          vat: expected.vat,
        })
      }
      default:
        return bad('kind: expected pay, subscribe or doctor-service')
    }
  })

  app.get('/internal/users/:user_id/sms', (c) => {
    const user = userParam(c)
    if (!user) return noUser(c)
    return c.json({ active: user.sms.active, credit: user.sms.credit })
  })
  app.post('/internal/users/:user_id/apps/:app_key/sms/activate', (c) => {
    const user = userParam(c)
    if (!user) return noUser(c)
    if (!appParam(c)) return noApp(c)
    if (user.kind !== 'provider') return notProvider(c)
    user.sms.active = true
    return c.json({ active: true, credit: user.sms.credit })
  })
  app.post('/internal/users/:user_id/apps/:app_key/sms/charge', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (!user) return noUser(c)
    if (!registered) return noApp(c)
    if (user.kind !== 'provider') return notProvider(c)
    const body = (await jsonBody(c)) ?? {}
    const { count, price } = body
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) {
      return fail(c, 400, 'INVALID_INPUT', 'count: expected a positive whole number')
    }
    if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) {
      return fail(c, 400, 'INVALID_INPUT', 'price: expected whole Rials')
    }
    user.sms.credit += count
    const id = receiptId('sms')
    const receipt: ReceiptRecord = {
      id,
      app_key: registered.app_key,
      user_id: user.id,
      kind: 'sms',
      amount: price,
      sms_count: count,
      status: 'paid',
      created_at: now(),
      paid_at: now(),
    }
    state.receipts.set(id, receipt)
    emit(registered, 'sms_charge.succeeded', paymentData(receipt, registered, user.sms.credit))
    return c.json({ receipt_id: id, credit: user.sms.credit })
  })

  /** What happened so far, for people looking at the demo (no keys, no tokens). */
  app.get('/internal/activity', (c) =>
    c.json({
      receipts: [...state.receipts.values()].map((r) => ({
        id: r.id,
        app_key: r.app_key,
        user_id: r.user_id,
        kind: r.kind,
        amount: r.amount,
        status: r.status,
        verified: r.verified_at !== undefined,
      })),
      sms: [...state.users.values()]
        .filter((u) => u.kind === 'provider')
        .map((u) => ({ user_id: u.id, ...u.sms })),
      messages: state.messages.map(({ id, user_id, app_key, to, parts }) => ({
        id,
        user_id,
        app_key,
        to,
        parts,
      })),
    }),
  )

  /** The webhook delivery log, oldest first (`?app_key=` keeps one widget's). No secrets. */
  const webhookLog = (c: Context) => {
    const app_key = c.req.query('app_key')
    return c.json({
      deliveries: state.webhooks.filter((d) => app_key === undefined || d.app_key === app_key),
    })
  }
  app.get('/internal/webhooks', webhookLog)
  // The same log, readable from a browser tab (a navigation sends no Origin): the index page
  // links here. It holds events and delivery outcomes, never a key or a secret.
  app.get('/webhooks', webhookLog)

  app.post('/internal/reset', (c) => {
    emulator.reset()
    return c.json({ ok: true })
  })

  const emulator: Emulator = {
    app,
    get state() {
      return state
    },
    reset() {
      state = createState(options.fixtures, options.apps, now())
    },
    webhooks: { settled: () => webhooks.settled() },
  }
  return emulator
}
