// The platform emulator: the platform's APIs a widget backend calls (every operation of spec
// part 4), plus the internal endpoints the demo panel's backend adapter calls, over one
// in-memory state.
//
// Built on Hono (with @hono/node-server): small, no dependencies of its own, well kept, and
// written against web-standard Request/Response, so the unit tests call `app.request()` with no
// server and no port at all. Each API group of spec part 4 is one router in `api/`, built with
// @hono/zod-openapi from the platform's OpenAPI document, server/openapi.json (api/document.ts):
// the document gives each route its validation and its handler's types, and is served at
// `/openapi.json`, so the three cannot drift apart.

import { OpenAPIHono } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { devGuard } from '../lib/guard.js'
import type { AppConfig, Fixtures } from '../shared/config-types.js'
import { authRouter } from './api/auth.js'
import { chatRouter } from './api/chat.js'
import { chatbotRouter } from './api/chatbot.js'
import { clinicRouter } from './api/clinic.js'
import { PLATFORM_DOCUMENT } from './api/document.js'
import { financeRouter } from './api/finance.js'
import { installationsRouter } from './api/installations.js'
import { internalRouter } from './api/internal.js'
import { ApiError, type Env, type Kit } from './api/kit.js'
import { managementRouter } from './api/management.js'
import { monetizationRouter } from './api/monetization.js'
import { postOnlyRouter } from './api/post-only.js'
import { profileRouter } from './api/profile.js'
import { rxRouter } from './api/rx.js'
import { schedulingRouter } from './api/scheduling.js'
import { smsRouter } from './api/sms.js'
import { jsonBytes, storageFull } from './api/storage.js'
import { webhooksRouter } from './api/webhooks.js'
import { type CallLog, createCallLog } from './call-log.js'
import { controlApp } from './control/index.js'
import {
  createSandboxRegistry,
  SANDBOX_LIMITS,
  type SandboxLimits,
  type SandboxRegistry,
  sandboxDispatch,
} from './control/sandboxes.js'
import { scenarioMiddleware } from './control/scenario.js'
import { INDEX_CSP, indexPage } from './index-page.js'
import { MemoryBudget, type Store } from './memory-budget.js'
import type { ReceiptKind } from './records.js'
import { createState, type EmulatorState, opaque } from './state.js'
import { createTokenSigner } from './tokens.js'
import { createWebhookSender, type WebhookOptions, type WebhookSender } from './webhooks.js'

export { smsParts } from './api/sms.js'

export interface EmulatorOptions {
  fixtures: Fixtures
  /** Every registered widget: the fixture apps and any added with `--app` or a config file. */
  apps: AppConfig[]
  /**
   * The dev panel's origin: it may call the internal endpoints from a browser. None for an
   * emulator alone (`startEmulator`), where only `panelOrigins` may.
   */
  panelOrigin?: string
  /** Other panels' origins that may call the internal endpoints (`--panel-origin`). */
  panelOrigins?: readonly string[]
  /** The clock, in ms. Tests move it to expire tokens. */
  now?: () => number
  /** How webhooks are delivered: tests pass their own `fetch` and shorter retries. */
  webhooks?: Omit<WebhookOptions, 'budget'>
  /**
   * The byte budget of what this emulator and its sandboxes keep (delivery logs, receipts,
   * messages). Default: a new one of MEMORY_BUDGET_BYTES; tests pass a small one.
   */
  budget?: MemoryBudget
  /** The HS256 key of the session and access tokens. Default: 32 random bytes per emulator. */
  tokenSecret?: Uint8Array
  /** Host names answered besides this machine's (`--allowed-host`). */
  allowedHosts?: readonly string[]
  /** The limits of the control API's sandboxes. Default {@link SANDBOX_LIMITS}. */
  sandboxLimits?: SandboxLimits
  /** This emulator is a sandbox answering under this path (`/sandboxes/{id}`): it makes none. */
  sandboxPath?: string
  /**
   * Where the emulator listens (`http://127.0.0.1:PORT`), once known: no webhook is sent there,
   * nor to another loopback name on that port (the emulator would post to itself, in a loop).
   */
  selfOrigin?: () => string | undefined
}

export interface Emulator {
  app: OpenAPIHono<Env>
  /** The live state (tests and the demo's status line read it). */
  readonly state: EmulatorState
  /** Back to the fixtures, as after a restart. */
  reset(): void
  /** The webhook sender; `settled()` waits for the deliveries under way. */
  readonly webhooks: Pick<WebhookSender, 'settled'>
  /**
   * Stops its webhooks and every sandbox's for good (a sandbox deleted, a server closed): no
   * retry or queued attempt runs after it, attempts under way are aborted; resolves once ended.
   */
  stop(): Promise<void>
}

/**
 * The largest request body any route reads, in bytes. The biggest legitimate bodies are 1,000
 * user ids and a payment's payload (16 KiB at most, as the SDK measures it): 64 KiB leaves room.
 */
export const MAX_BODY_BYTES = 64 * 1024

/** The error answer every route gives: `{ error, message }`, plus fields named per case. */
const fail = (status: ContentfulStatusCode, error: string, message: string, extra = {}) =>
  Response.json({ error, message, ...extra }, { status })

/** The services every router is built with, over the live state (`state()`: a reset replaces it). */
function createKit(parts: {
  options: EmulatorOptions
  now: () => number
  state: () => EmulatorState
  webhooks: WebhookSender
  calls: CallLog
  reset: () => void
  /** The memory budget, and this emulator's records in it. */
  budget: MemoryBudget
  store: Store
}): Kit {
  const { options, now, webhooks, budget } = parts
  const tokens = createTokenSigner(now, options.tokenSecret)
  let counter = 0
  // A widget's share is its developer key's: the same widget in every sandbox made from the
  // command's apps shares one; a sandbox's own new widget has its own.
  const widgetOf = (app_key: string) => parts.state().apps.get(app_key)?.developer_key ?? app_key
  const kit: Kit = {
    get state() {
      return parts.state()
    },
    now,
    tokens,
    // The fixtures' lifetimes, unless the control API's scenario sets its own.
    ttl: () => ({
      session_token_ttl_seconds:
        parts.state().scenario.token_ttl.session ??
        options.fixtures.tokens.session_token_ttl_seconds,
      access_token_ttl_seconds:
        parts.state().scenario.token_ttl.access ?? options.fixtures.tokens.access_token_ttl_seconds,
    }),
    store: (app_key, record) => kit.admit(app_key, jsonBytes(record)),
    admit: (app_key, bytes) => {
      const refusal = budget.admit(parts.store, widgetOf(app_key), bytes)
      if (refusal) throw storageFull(refusal, app_key, bytes)
    },
    release: (app_key, bytes) => budget.release(parts.store, widgetOf(app_key), bytes),
    emit: (registered, type, data) => webhooks.send(registered, type, data),
    reset: parts.reset,
    receiptId: (kind: ReceiptKind) =>
      `${kind === 'doctor-service' ? 'dsrv' : kind}_${(++counter).toString().padStart(4, '0')}_${opaque('').slice(1, 9)}`,
    panelOrigin: options.panelOrigin,
    internalOrigins: [
      ...new Set([
        ...(options.panelOrigin ? [options.panelOrigin] : []),
        ...(options.panelOrigins ?? []),
      ]),
    ],
    calls: parts.calls,
  }
  return kit
}

/** Errors thrown anywhere, and unknown paths, answered as `{ error, message }`. */
function answerErrors(app: OpenAPIHono<Env>) {
  app.notFound((c) => fail(404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`))
  app.onError((error) => {
    if (error instanceof ApiError) return fail(error.status, error.code, error.message, error.extra)
    // Thrown by Hono and the validators: a malformed JSON body (400), an unsupported media type.
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode
      const code =
        status === 400 ? 'INVALID_INPUT' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'HTTP_ERROR'
      return fail(status, code, error.message)
    }
    return fail(500, 'INTERNAL_ERROR', error.message)
  })
}

/** The middleware every request passes, in order, before any route. */
function guard(app: OpenAPIHono<Env>, kit: Kit, options: EmulatorOptions) {
  // First: the Host check (a rebound page reads no developer key) and no framing, every route.
  app.use('*', devGuard({ framing: 'emulator', allowedHosts: options.allowedHosts }))

  // Every route: a body over the limit is refused with 413 before it is read into memory (a
  // declared Content-Length at once; a chunked body as soon as the count passes the limit).
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () =>
        fail(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes`, {
          max_bytes: MAX_BODY_BYTES,
        }),
    }),
  )

  // Each open-API call into the platform-call log, with what the scenario below made of it.
  app.use(
    '*',
    kit.calls.middleware({
      secrets: () =>
        [...kit.state.apps.values()].flatMap((a) => [a.developer_key, a.webhook_secret]),
    }),
  )

  // The control API's scenario: delays and failures of the open-API calls (other paths pass).
  app.use('*', scenarioMiddleware(kit))
}

/** One router per section of spec part 4, named after it. */
const PLATFORM_ROUTERS = [
  authRouter,
  schedulingRouter,
  clinicRouter,
  profileRouter,
  chatRouter,
  financeRouter,
  rxRouter,
  smsRouter,
  chatbotRouter,
  managementRouter,
  monetizationRouter,
  installationsRouter,
  webhooksRouter,
]

/** Every route: the index page, the platform's APIs, the panel's, the control API, sandboxes. */
function mountRoutes(
  app: OpenAPIHono<Env>,
  { kit, options, sandboxes }: { kit: Kit; options: EmulatorOptions; sandboxes?: SandboxRegistry },
) {
  app.get('/', (c) =>
    c.html(
      indexPage(new URL(c.req.url).origin, [...kit.state.apps.values()], options.panelOrigin),
      200,
      {
        'content-security-policy': INDEX_CSP,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    ),
  )
  for (const router of PLATFORM_ROUTERS) app.route('/', router(kit))
  app.route('/internal', internalRouter(kit))
  // The control API (its own document, /control/v1/openapi.json), in a plain Hono app: the
  // OpenAPIHono would merge its routes into /openapi.json otherwise.
  app.route(
    '/',
    new Hono<Env>().route('/', controlApp(kit, { sandboxes }, options.sandboxPath ?? '')),
  )
  // Its sandboxes: each a whole emulator of its own under /sandboxes/{id}.
  if (sandboxes) {
    app.all('/sandboxes/:id', sandboxDispatch(sandboxes))
    app.all('/sandboxes/:id/*', sandboxDispatch(sandboxes))
  }
  // A POST-only URL opened in a browser: 405 and how to call it (not in /openapi.json).
  app.route('/', postOnlyRouter())
}

/**
 * The OpenAPI document at /openapi.json: the committed server/openapi.json the routes are built
 * from, with this emulator as its server.
 */
function describeApi(app: OpenAPIHono<Env>) {
  app.get('/openapi.json', (c) =>
    c.json({
      ...PLATFORM_DOCUMENT,
      servers: [{ url: new URL(c.req.url).origin, description: 'This emulator' }],
    }),
  )
}

export function createEmulator(options: EmulatorOptions): Emulator {
  const now = options.now ?? Date.now
  let state = createState(options.fixtures, options.apps, now())
  // One byte budget for what this emulator and all its sandboxes keep (made here, passed down):
  // their delivery logs (the sender joins it) and their receipts and messages (`store`).
  const budget = options.budget ?? new MemoryBudget()
  const store: Store = {
    bytes: (widget) => {
      if (widget !== undefined) return state.storedBytes.get(widget) ?? 0
      let total = 0
      for (const bytes of state.storedBytes.values()) total += bytes
      return total
    },
    add: (widget, bytes) => {
      state.storedBytes.set(widget, (state.storedBytes.get(widget) ?? 0) + bytes)
    },
  }
  budget.join(store)
  const calls = createCallLog(now)
  const webhooks = createWebhookSender(() => state.webhooks, now, {
    ...options.webhooks,
    budget,
    selfOrigin: options.selfOrigin,
    // A sandbox's deliveries say which sandbox sent them (`/sandboxes/{id}`).
    ...(options.sandboxPath !== undefined && {
      sandbox: options.sandboxPath.slice(options.sandboxPath.lastIndexOf('/') + 1),
    }),
  })
  const parts = { options, now, state: () => state, webhooks, calls, budget, store }
  const kit = createKit({ ...parts, reset: () => reset() })
  // A sandbox makes no sandboxes.
  const sandboxes =
    options.sandboxPath === undefined
      ? createSandboxRegistry(
          (apps, sandboxPath) =>
            createEmulator({
              ...options,
              apps,
              sandboxPath,
              tokenSecret: undefined,
              budget,
            }),
          now,
          options.sandboxLimits ?? SANDBOX_LIMITS,
        )
      : undefined

  const app = new OpenAPIHono<Env>()
  answerErrors(app)
  guard(app, kit, options)
  mountRoutes(app, { kit, options, sandboxes })
  describeApi(app)

  function reset() {
    state = createState(options.fixtures, options.apps, now())
    calls.clear()
  }
  return {
    app,
    get state() {
      return state
    },
    reset,
    webhooks: { settled: () => webhooks.settled() },
    stop: async () => {
      // Its records no longer count (its log leaves with its sender).
      budget.leave(store)
      await Promise.all([webhooks.stop(), sandboxes?.stopAll()])
    },
  }
}
