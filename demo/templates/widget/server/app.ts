// Your widget's backend: the routes the page calls, and the platform's webhooks. It holds the
// developer key and the webhook secret; neither ever goes to the browser.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  exchangeSessionTokenForClient,
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
   * What to do with each verified webhook. The platform retries a delivery until the route
   * answers 2xx (this resolves), so one event may come twice: deduplicate on `event.id`.
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

/** A request's error this backend answers itself: `app.onError` sends it as `{ error, message }`. */
class ApiError extends Error {
  constructor(
    readonly status: 400 | 402 | 403,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The text field `name` of a request body, or 400 `INVALID_INPUT`. */
function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name]
  if (typeof value !== 'string')
    throw new ApiError(400, 'INVALID_INPUT', `${name}: expected a text`)
  return value
}

/** HTTP statuses for the server kit's errors; anything else is the platform failing (502). */
const STATUS: Record<string, 400 | 401 | 402> = {
  INVALID_INPUT: 400,
  INVALID_SESSION_TOKEN: 401,
  PAYMENT_NOT_VERIFIED: 402,
}

/** The JSON object a request carries, or `{}` when it carries none (its fields then fail their checks). */
async function body(request: Request): Promise<Record<string, unknown>> {
  const parsed: unknown = await request.json().catch(() => undefined)
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
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

export function createApp(options: BackendOptions) {
  const platform = { appKey: options.appKey, apiKey: options.apiKey, baseUrl: options.platformUrl }
  const app = new Hono()

  guard(app, new URL(options.pageOrigin ?? config.apps[0]!.url).origin)

  /** The page's session token → an access token → the doctor's profile, as the platform says. */
  async function doctorOf(sessionToken: string) {
    const { client } = await exchangeSessionTokenForClient({ ...platform, sessionToken })
    return unwrap(client.GET('/open-platform/v1/profile/information'))
  }

  // Receipts this backend verified, by id. The platform verifies a receipt once, so this is how a
  // payer still gets what they paid for after someone else brought their receipt id first.
  // In memory for the starter: keep it (and who has Pro) in your database. Asking again with
  // the same receipt grants again: right for an entitlement like Pro, not for a purchase that is
  // used up (credits): mark those spent.
  const verified = new Map<string, Verification>()

  app.post('/api/session', async (c) => {
    const profile = await doctorOf(text(await body(c.req.raw), 'session_token'))
    return c.json({
      doctor: { id: profile.id, name: `${profile.first_name} ${profile.last_name}` },
    })
  })

  // A receipt from `payment.pay`, with a session token that says who is asking: Pro only if the
  // platform says the receipt was paid for "pro" by that same doctor. A receipt id alone proves
  // nothing: anyone who saw one could send it.
  app.post('/api/verify', async (c) => {
    const fields = await body(c.req.raw)
    const receiptId = text(fields, 'receipt_id')
    // Who is asking first, so a bad token spends no receipt.
    const doctor = await doctorOf(text(fields, 'session_token'))
    let paid = verified.get(receiptId)
    if (!paid) {
      paid = await verifyPayment({ ...platform, receiptId })
      verified.set(receiptId, paid)
    }
    // The payer is `user_id`, the same id as the profile's `id` (the platform's user id).
    if (paid.user_id !== doctor.id) {
      throw new ApiError(403, 'RECEIPT_OF_ANOTHER_USER', 'This receipt was paid by another user')
    }
    if (paid.key !== 'pro') {
      throw new ApiError(402, 'NOT_PRO', `Receipt for "${paid.key}", not "pro"`)
    }
    return c.json({ pro: true, user_id: paid.user_id })
  })

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
    await options.onWebhook?.(event)
    return c.json({ received: true })
  })

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ error: error.code, message: error.message }, error.status)
    }
    if (error instanceof PlatformError) {
      return c.json({ error: error.code, message: error.message }, STATUS[error.code] ?? 502)
    }
    console.error(error)
    return c.json({ error: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500)
  })
  return app
}
