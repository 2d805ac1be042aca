// Sandboxes: an isolated emulator per test run. Each is a whole emulator of its own (state,
// token key, scenario, webhook log), made from the fixtures and the apps registered with the
// running command, answering every route under `/sandboxes/{id}`. Tests in parallel each make
// their own and see neither each other nor the dev command's state.
//
// Bounded: at most `max` at once, and one left idle for `idleMs` is dropped (checked on each
// request, no timer), so a test run that never deletes its sandboxes cannot grow the emulator.

import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { isLocalWebhookUrl, isScopeName } from 'platform-widget-sdk/events'
import type { CreateSandboxRequest } from 'platform-widget-server'
import { quickApp } from '../../lib/quick-app.js'
import { newAppSecrets } from '../../lib/secrets.js'
import type { AppConfig } from '../../shared/config-types.js'
import { ApiError, createRouter, invalid, type Kit } from '../api/kit.js'
import { isOwnOrigin, ownOriginMessage } from '../webhooks.js'
import { CONTROL_PREFIX, controlOperation } from './schemas.js'

export interface SandboxLimits {
  /** Sandboxes alive at once. */
  max: number
  /** A sandbox no request reached for this long is dropped. */
  idleMs: number
}

export const SANDBOX_LIMITS: SandboxLimits = { max: 32, idleMs: 30 * 60_000 }

/** The emulator of a sandbox, as the registry uses it. */
export interface SandboxEmulator {
  app: { fetch(request: Request, env?: unknown): Response | Promise<Response> }
  /** Stops its webhooks for good (no retry, no queued attempt): deleted, dropped or closed. */
  stop?(): Promise<void> | void
}

/** What the control routers need besides the kit. */
export interface ControlContext {
  /** The sandboxes of this emulator; absent inside a sandbox (no sandbox in a sandbox). */
  sandboxes?: SandboxRegistry
}

export interface SandboxRegistry {
  /** A new sandbox over these apps; throws 429 TOO_MANY_SANDBOXES at the limit. */
  create(apps: AppConfig[]): { id: string; emulator: SandboxEmulator }
  /** The sandbox, marked as used now; undefined when deleted, expired or never made. */
  get(id: string): SandboxEmulator | undefined
  delete(id: string): boolean
  /** Stops and drops every sandbox, and any made later (the emulator stops); resolves once stopped. */
  stopAll(): Promise<void>
  readonly limits: SandboxLimits
}

export function createSandboxRegistry(
  make: (apps: AppConfig[], basePath: string) => SandboxEmulator,
  now: () => number,
  limits: SandboxLimits = SANDBOX_LIMITS,
): SandboxRegistry {
  const sandboxes = new Map<string, { emulator: SandboxEmulator; used: number }>()
  let stopped = false
  const sweep = () => {
    for (const [id, sandbox] of sandboxes) {
      if (now() - sandbox.used >= limits.idleMs) {
        sandboxes.delete(id)
        void sandbox.emulator.stop?.()
      }
    }
  }
  return {
    limits,
    create(apps) {
      sweep()
      if (sandboxes.size >= limits.max) {
        throw new ApiError(
          429,
          'TOO_MANY_SANDBOXES',
          `At most ${limits.max} sandboxes at once: delete finished ones (DELETE ${CONTROL_PREFIX}/sandboxes/{id}); idle ones go after ${limits.idleMs / 60_000} min`,
        )
      }
      const id = `sbx_${randomBytes(12).toString('hex')}`
      const emulator = make(apps, `/sandboxes/${id}`)
      // One made while the emulator stops (a request already under way) sends nothing either.
      if (stopped) void emulator.stop?.()
      sandboxes.set(id, { emulator, used: now() })
      return { id, emulator }
    },
    get(id) {
      sweep()
      const sandbox = sandboxes.get(id)
      if (sandbox) sandbox.used = now()
      return sandbox?.emulator
    },
    delete(id) {
      sweep()
      void sandboxes.get(id)?.emulator.stop?.()
      return sandboxes.delete(id)
    },
    async stopAll() {
      stopped = true
      const all = [...sandboxes.values()]
      sandboxes.clear()
      await Promise.all(all.map((sandbox) => sandbox.emulator.stop?.()))
    },
  }
}

type SandboxApp = NonNullable<CreateSandboxRequest['apps']>[number]

/**
 * What the document's SandboxApp cannot say: its page is an http(s) URL, its webhook URL is on
 * this machine, its scopes are scope names.
 */
function checkSandboxApp(app: SandboxApp, i: number) {
  if (app.url !== undefined && !/^https?:$/.test(new URL(app.url).protocol)) {
    throw invalid(`apps.${i}.url: expected an http(s) URL`)
  }
  if (typeof app.webhook_url === 'string' && !isLocalWebhookUrl(app.webhook_url)) {
    throw invalid(`apps.${i}.webhook_url: expected an http(s) URL on localhost, 127.0.0.1 or [::1]`)
  }
  app.scopes?.forEach((scope, j) => {
    if (!isScopeName(scope)) throw invalid(`apps.${i}.scopes.${j}: expected a scope name`)
  })
}

/** The apps of a new sandbox: the running command's, with `given` overriding or added. */
export function sandboxApps(base: AppConfig[], given: SandboxApp[]): AppConfig[] {
  const apps = new Map(base.map((app) => [app.app_key, structuredClone(app)]))
  const ids = new Set(base.map((app) => app.app_id))
  for (const [index, input] of given.entries()) {
    const { webhook_url, name, contexts, scopes, url, products, plans } = input
    let app = apps.get(input.app_key)
    if (!app) {
      let n = 29001 + index
      while (ids.has(String(n))) n++
      const { webhook_url: _, ...made } = quickApp(
        input.app_key,
        url ?? 'http://localhost:5173/',
        0,
      )
      app = { ...made, app_id: String(n), ...newAppSecrets() }
      ids.add(app.app_id)
    }
    if (url !== undefined) app.url = url
    if (name !== undefined) app.name = name
    if (contexts !== undefined) app.contexts = contexts
    if (scopes !== undefined) app.scopes = scopes.filter(isScopeName)
    if (products !== undefined) {
      app.products = products.map((p) => ({ key: p.key, title: p.title ?? p.key, price: p.price }))
    }
    if (plans !== undefined) {
      app.plans = plans.map((p) => ({
        key: p.key,
        title: p.title ?? p.key,
        price: p.price,
        period: p.period ?? 'month',
      }))
    }
    if (webhook_url === null) delete app.webhook_url
    else if (webhook_url !== undefined) app.webhook_url = webhook_url
    apps.set(app.app_key, app)
  }
  return [...apps.values()]
}

const nested = () =>
  new ApiError(
    409,
    'NESTED_SANDBOX',
    'This is a sandbox: make and delete sandboxes on the emulator itself',
  )

export function sandboxesRouter(kit: Kit, control: ControlContext) {
  const router = createRouter()
  router.openapi(controlOperation('createSandbox', []), (c) => {
    if (!control.sandboxes) throw nested()
    const given = c.req.valid('json').apps ?? []
    given.forEach(checkSandboxApp)
    // This request reached the emulator's own port: a webhook URL there would loop.
    const self = new URL(c.req.url).origin
    for (const [i, app] of given.entries()) {
      if (app.webhook_url && isOwnOrigin(app.webhook_url, self)) {
        throw new ApiError(
          400,
          'INVALID_INPUT',
          `apps[${i}].webhook_url: ${ownOriginMessage(self)}`,
        )
      }
    }
    const apps = sandboxApps([...kit.state.apps.values()], given)
    const { id } = control.sandboxes.create(apps)
    return c.json(
      {
        id,
        url: `${new URL(c.req.url).origin}/sandboxes/${id}`,
        apps: apps.map(({ app_key, app_id, developer_key, webhook_secret, webhook_url }) => ({
          app_key,
          app_id,
          developer_key,
          webhook_secret,
          webhook_url: webhook_url ?? null,
        })),
        expires_after_idle_seconds: control.sandboxes.limits.idleMs / 1000,
      },
      201,
    )
  })
  router.openapi(controlOperation('deleteSandbox', []), (c) => {
    if (!control.sandboxes) throw nested()
    const { id } = c.req.valid('param')
    if (!control.sandboxes.delete(id)) throw notFound(id)
    return c.body(null, 204)
  })
  return router
}

const notFound = (id: string) =>
  new ApiError(
    404,
    'SANDBOX_NOT_FOUND',
    `No sandbox "${id.slice(0, 64)}": it was deleted, it went idle too long, or the emulator restarted`,
  )

/** Answers `/sandboxes/{id}/…` with the sandbox's own emulator, the prefix taken off the path. */
export function sandboxDispatch(registry: SandboxRegistry) {
  return (c: Context) => {
    const id = c.req.param('id') ?? ''
    const sandbox = registry.get(id)
    if (!sandbox) throw notFound(id)
    const url = new URL(c.req.url)
    // Cut by the raw segment: the id param is decoded (`sbx%5F…` is `sbx_…`), the path is not.
    url.pathname = url.pathname.replace(/^\/sandboxes\/[^/]*/, '') || '/'
    return sandbox.app.fetch(new Request(url, c.req.raw), c.env)
  }
}
