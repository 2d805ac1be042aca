// Your widget's backend: the routes the page calls, and the platform's webhooks. It holds the
// developer key and the webhook secret; neither ever goes to the browser.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  exchangeSessionTokenForClient,
  PlatformApiError,
  PlatformError,
  type PlatformWebhookEvent,
  unwrap,
  type Verification,
  verifyPayment,
  verifyWebhook,
} from 'platform-widget-server'
import config from '../platform.config.json' with { type: 'json' }

export interface BackendOptions {
  /** This widget's key (platform.config.json). */
  appKey: string
  /** The developer key (`x-api-key`): the dev command prints it. */
  apiKey: string
  /** Verifies the platform's webhooks: the dev command prints it. */
  webhookSecret: string
  /** Where the platform is: the emulator's URL in development. */
  platformUrl: string
  /**
   * What to do with each verified webhook, once per `event.id` (the platform retries a delivery
   * until the route answers 2xx: this resolves). `event.sandbox` names a browser test's sandbox.
   */
  onWebhook?: (event: PlatformWebhookEvent) => void | Promise<void>
  /** The page's origin, the only one a browser may call /api from. Default: platform.config.json's `url`. */
  pageOrigin?: string
}

/** The largest request body read, in bytes: a token, a receipt id, a webhook's event fit well. */
export const MAX_BODY_BYTES = 64 * 1024

/** The names this backend answers to in `Host`: this machine's. */
const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** The host name of a `Host` header (lower case, `[::1]` with its brackets), or undefined. */
function hostName(host: string): string | undefined {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::[0-9]{1,5})?$/i.exec(host.trim())?.[1]?.toLowerCase()
}

/**
 * An error as this backend answers it: `app.onError` sends `{ error: code, message, ...extra }`
 * with `status`. Throw one from a route of yours; {@link toApiError} turns the server kit's
 * errors into one.
 *
 * @example
 * throw new ApiError(402, 'NOT_PRO', 'Buy Pro first')
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** More fields of the answer, such as the `required_scope` of a 403 `INSUFFICIENT_SCOPE`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** The header `platform-widget-dev/playwright` adds to your page's calls to this backend. */
export const SANDBOX_HEADER = 'x-platform-sandbox'

/**
 * The base URL of the dev platform's sandbox `id` (a browser test's own state: its consent,
 * tokens, receipts), when `platformUrl` is the dev platform on this machine; otherwise
 * undefined, and the header is ignored: a real platform has no sandboxes, and a page must not
 * steer where your developer key goes. A malformed id is 400 `INVALID_INPUT`.
 *
 * @example
 * sandboxUrl('http://127.0.0.1:4402', 'sbx_0a1b') // 'http://127.0.0.1:4402/sandboxes/sbx_0a1b'
 */
export function sandboxUrl(platformUrl: string, id: string | undefined): string | undefined {
  const name = hostName(new URL(platformUrl).host)
  if (id === undefined || !name || !LOCAL_NAMES.includes(name)) return undefined
  if (!/^sbx_[A-Za-z0-9]{1,64}$/.test(id)) {
    throw new ApiError(400, 'INVALID_INPUT', `${SANDBOX_HEADER}: expected a sandbox id`)
  }
  return `${platformUrl.replace(/\/+$/, '')}/sandboxes/${id}`
}

/** Where a request's platform calls go: the platform, or the browser test's sandbox of it. */
function platformFor(options: BackendOptions, request: Request) {
  const sandbox = sandboxUrl(options.platformUrl, request.headers.get(SANDBOX_HEADER) ?? undefined)
  return { appKey: options.appKey, apiKey: options.apiKey, baseUrl: sandbox ?? options.platformUrl }
}

/** The text field `name` of a request body, or 400 `INVALID_INPUT`. */
function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name]
  if (typeof value !== 'string')
    throw new ApiError(400, 'INVALID_INPUT', `${name}: expected a text`)
  return value
}

/** HTTP statuses for the server kit's own errors; anything else is the platform failing (502). */
export const STATUS: Readonly<Record<string, ContentfulStatusCode>> = {
  INVALID_INPUT: 400,
  INVALID_SESSION_TOKEN: 401,
  PAYMENT_NOT_VERIFIED: 402,
}

/**
 * What the page is told for an error, or undefined for a bug of this backend's (answered 500).
 * The platform's refusal of a call (a 4xx: `PlatformApiError`) passes through with its status and
 * code, so the page can act on it: 401 (ask for a new session token), 403 `INSUFFICIENT_SCOPE`
 * with the `required_scope` to ask consent for, 404, 429. The platform failing (a 5xx, no answer)
 * is 502: worth a retry. The server kit's own errors get their {@link STATUS}, else 502.
 *
 * @example
 * app.onError((error, c) => {
 *   const answer = toApiError(error)
 *   if (!answer) return c.json({ error: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500)
 *   return c.json({ error: answer.code, message: answer.message, ...answer.extra }, answer.status)
 * })
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error
  if (error instanceof PlatformApiError) {
    const { status, body } = error
    if (status >= 400 && status < 500) {
      // Only what a page can act on: the platform's code, its message, the scope it lacks.
      const scope = typeof body.required_scope === 'string' ? body.required_scope : undefined
      return new ApiError(
        status as ContentfulStatusCode,
        body.error,
        body.message,
        scope === undefined ? {} : { required_scope: scope },
      )
    }
    return new ApiError(502, error.code, `The platform failed: ${error.message}`, {
      platform_status: status,
    })
  }
  if (error instanceof PlatformError) {
    return new ApiError(STATUS[error.code] ?? 502, error.code, error.message)
  }
  return undefined
}

/** What this widget sells as Pro: its product `pro`, as platform.config.json registers it for `appKey`. */
function proOf(appKey: string): { key: string; price: number } {
  const app = config.apps.find((a) => a.app_key === appKey)
  const pro = app?.products.find((p) => p.key === 'pro')
  if (!pro) throw new Error(`platform.config.json registers no product "pro" for "${appKey}"`)
  return pro
}

/** The JSON object a request carries, or `{}` when it carries none (its fields then fail their checks). */
async function body(request: Request): Promise<Record<string, unknown>> {
  const parsed: unknown = await request.json().catch(() => undefined)
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
}

/** Throws unless `paid` buys Pro for `doctorId`: their receipt, for the product, at its price. */
function checkPro(paid: Verification, doctorId: string, pro: { key: string; price: number }) {
  // The payer is `user_id`, the same id as the profile's `id` (the platform's user id).
  if (paid.user_id !== doctorId) {
    throw new ApiError(403, 'RECEIPT_OF_ANOTHER_USER', 'This receipt was paid by another user')
  }
  // What was bought: the kind first (a plan may be keyed "pro" too), then the key, then what was
  // paid (a price changed in the console shows here).
  if (paid.kind !== 'product' || paid.product_key !== pro.key) {
    const what = paid.kind === 'product' ? `product "${paid.product_key}"` : paid.kind
    throw new ApiError(402, 'NOT_PRO', `Receipt for a ${what}, not the product "${pro.key}"`)
  }
  if (paid.amount !== pro.price) {
    throw new ApiError(
      402,
      'WRONG_AMOUNT',
      `Receipt for ${paid.amount} Rials; "${pro.key}" costs ${pro.price}`,
    )
  }
}

/** What every request passes before any route runs: a web page can reach this port too. */
function guard(app: Hono, pageOrigin: string) {
  // This machine's names only: a site whose name is rebound to 127.0.0.1 (DNS rebinding) reaches
  // this port with its own name in Host, and must call nothing. (Vite's proxy sends the
  // backend's own host.) `app.request()` in tests sends no Host: its URL's is used.
  app.use('*', async (c, next) => {
    const name = hostName(c.req.header('host') ?? new URL(c.req.url).host)
    if (!name || !LOCAL_NAMES.includes(name)) {
      return c.json(
        { error: 'FORBIDDEN_HOST', message: 'This backend answers localhost only' },
        403,
      )
    }
    await next()
  })

  // Every route: a body over the limit is refused (413) before it is read into memory.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          { error: 'PAYLOAD_TOO_LARGE', message: `Bodies are limited to ${MAX_BODY_BYTES} bytes` },
          413,
        ),
    }),
  )

  // A browser calls /api from the page's origin only (Vite's proxy passes its Origin on); a
  // program (a test, curl) sends none. Another site's page is refused before anything runs.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && origin !== pageOrigin) {
      return c.json({ error: 'FORBIDDEN_ORIGIN', message: `Only ${pageOrigin} may call this` }, 403)
    }
    await next()
  })

  // JSON only: a form or text/plain POST from another site needs no CORS preflight, this does.
  app.use('/api/*', async (c, next) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send application/json' }, 415)
    }
    await next()
  })
}

/** What the routes share: the options, the product "pro", and what the backend remembers. */
interface Backend {
  options: BackendOptions
  pro: { key: string; price: number }
  /**
   * Receipts this backend verified, by id. The platform verifies a receipt once, so this is how
   * a payer still gets what they paid for after someone else brought their receipt id first.
   * In memory for the starter: keep it (and who has Pro) in your database. Asking again with
   * the same receipt grants again: right for an entitlement like Pro, not for a purchase that
   * is used up (credits): mark those spent.
   */
  verified: Map<string, Verification>
  /**
   * The webhooks received, by the sandbox that sent them ('' for the platform itself), each
   * once (a retry has the same id): a browser test's sandbox sends its own, named in the signed
   * body, so two tests never see each other's events. In memory for the starter: use your
   * database.
   */
  received: Map<string, Map<string, PlatformWebhookEvent>>
}

/** The page's session token → an access token → the doctor's profile, as the platform says. */
async function doctorOf(backend: Backend, request: Request, sessionToken: string) {
  const { client } = await exchangeSessionTokenForClient({
    ...platformFor(backend.options, request),
    sessionToken,
  })
  return unwrap(client.GET('/open-platform/v1/profile/information'))
}

/** The webhooks received from one sandbox ('' for the platform itself), by id. */
function receivedIn(backend: Backend, sandbox: string) {
  const events = backend.received.get(sandbox) ?? new Map<string, PlatformWebhookEvent>()
  backend.received.set(sandbox, events)
  return events
}

/** The routes the page calls: who the doctor is, and whether a receipt buys Pro. */
function pageRoutes(app: Hono, backend: Backend) {
  app.post('/api/session', async (c) => {
    const profile = await doctorOf(backend, c.req.raw, text(await body(c.req.raw), 'session_token'))
    return c.json({
      doctor: { id: profile.id, name: `${profile.first_name} ${profile.last_name}` },
    })
  })

  // A receipt from `payment.pay`, with a session token that says who is asking: Pro only if the
  // platform says the receipt was paid by that same doctor, for this widget's product "pro"
  // (not a plan of the same key), at its price. A receipt id alone proves nothing: anyone who
  // saw one could send it.
  app.post('/api/verify', async (c) => {
    const fields = await body(c.req.raw)
    const receiptId = text(fields, 'receipt_id')
    // Who is asking first, so a bad token spends no receipt.
    const doctor = await doctorOf(backend, c.req.raw, text(fields, 'session_token'))
    const platform = platformFor(backend.options, c.req.raw)
    // By platform too: two sandboxes' receipts may share an id.
    const key = `${platform.baseUrl} ${receiptId}`
    let paid = backend.verified.get(key)
    if (!paid) {
      paid = await verifyPayment({ ...platform, receiptId })
      backend.verified.set(key, paid)
    }
    checkPro(paid, doctor.id, backend.pro)
    return c.json({ pro: true, user_id: paid.user_id })
  })
}

/** The platform's webhooks, and a browser test's view of its own. */
function webhookRoutes(app: Hono, backend: Backend) {
  const { options } = backend
  // The platform's webhooks, signed with your webhook secret: verify before you act.
  app.post('/webhooks/platform', async (c) => {
    let event: PlatformWebhookEvent
    try {
      event = verifyWebhook(await c.req.text(), c.req.header(), options.webhookSecret)
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'INVALID_WEBHOOK_SIGNATURE') {
        return c.json({ error: error.code, message: error.message }, 400)
      }
      throw error
    }
    const events = receivedIn(backend, event.sandbox ?? '')
    if (!events.has(event.id)) {
      await options.onWebhook?.(event)
      events.set(event.id, event)
    }
    return c.json({ received: true })
  })

  // A browser test's own webhooks: the events its sandbox sent (the page's calls name it), for
  // the test to wait for. Only with a sandbox (a local platform): a real one's are no page's.
  app.post('/api/test/webhooks', (c) => {
    const id = c.req.header(SANDBOX_HEADER)
    if (!sandboxUrl(options.platformUrl, id)) {
      return c.json({ error: 'NOT_FOUND', message: 'Only in a browser test’s sandbox' }, 404)
    }
    return c.json({ events: [...receivedIn(backend, id!).values()] })
  })
}

export function createApp(options: BackendOptions) {
  const backend: Backend = {
    options,
    pro: proOf(options.appKey),
    verified: new Map(),
    received: new Map(),
  }
  const app = new Hono()
  guard(app, new URL(options.pageOrigin ?? config.apps[0]!.url).origin)
  pageRoutes(app, backend)
  webhookRoutes(app, backend)
  app.onError((error, c) => {
    const answer = toApiError(error)
    if (answer) {
      return c.json({ error: answer.code, message: answer.message, ...answer.extra }, answer.status)
    }
    console.error(error)
    return c.json({ error: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500)
  })
  return app
}
