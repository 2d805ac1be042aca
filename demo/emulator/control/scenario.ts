// Scenarios: what goes wrong next, asked for by a test instead of waited for. The next payments
// decline; the next calls under a path answer an error status; every call is slow; tokens live
// N seconds. They apply to the open APIs (and the panel's payments), never to the control API.
// The scenario is part of the state: a reset ends it.

import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createRouter, invalid, type Kit } from '../api/kit.js'
import { noScenario, type Scenario } from '../scenario.js'
import { browserSign } from './guards.js'
import { controlError, controlOperation } from './schemas.js'

// The bounds of a scenario (a delay of 30 s at most, a day's token lifetime, 1,000 calls) are
// its document's, server/control-openapi.json.

/** The path prefixes of the open APIs: the calls a scenario's failures and delay apply to. */
export const OPEN_API_PREFIXES = ['/api/v1/', '/v1/', '/open-platform/v1/'] as const

/** A failure's path: "/" (every open-API call), or one under an open API. */
function checkPathPrefix(prefix: string | undefined) {
  if (prefix === undefined) return
  if (!OPEN_API_PREFIXES.some((p) => p.startsWith(prefix) || prefix.startsWith(p))) {
    throw invalid(
      `fail.path_prefix: expected "/" or a path under an open API (${OPEN_API_PREFIXES.join(', ')})`,
    )
  }
}

/** The scenario as the control API shows it: the lifetimes in force, set or not. */
function view(kit: Kit) {
  const { decline_next_payments, fail, delay_ms } = kit.state.scenario
  const ttl = kit.ttl()
  return {
    decline_next_payments,
    fail: fail && { ...fail },
    delay_ms,
    token_ttl: { session: ttl.session_token_ttl_seconds, access: ttl.access_token_ttl_seconds },
  }
}

export function scenarioRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(controlOperation('getScenario', []), (c) => c.json(view(kit), 200))
  router.openapi(controlOperation('setScenario', []), (c) => {
    const input = c.req.valid('json')
    checkPathPrefix(input.fail?.path_prefix)
    const scenario: Scenario = {
      decline_next_payments: input.decline_next_payments ?? 0,
      fail: input.fail
        ? {
            status: input.fail.status,
            times: input.fail.times ?? 1,
            path_prefix: input.fail.path_prefix ?? '/',
          }
        : null,
      delay_ms: input.delay_ms ?? 0,
      token_ttl: {
        session: input.token_ttl?.session ?? null,
        access: input.token_ttl?.access ?? null,
      },
    }
    kit.state.scenario = scenario
    return c.json(view(kit), 200)
  })
  router.openapi(controlOperation('clearScenario', []), (c) => {
    kit.state.scenario = noScenario()
    return c.json(view(kit), 200)
  })
  return router
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const STATUS_CODES: Record<number, string> = {
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
}

/** The headers a backend's call carries its credentials in (developer key, token, bot app id). */
const CREDENTIALS = ['authorization', 'x-api-key', 'app_id'] as const

/**
 * Applies the scenario's delay and failures to the open-API calls a backend makes; other paths
 * pass. A call a browser sent (any web page can load `<img src=…/v1/x>`) or one carrying no
 * credentials neither waits nor counts down `fail.times`: a page must not use up a test's
 * scenario.
 */
export function scenarioMiddleware(kit: Kit): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path
    if (!OPEN_API_PREFIXES.some((prefix) => path.startsWith(prefix))) return next()
    const header = (name: string) => c.req.header(name)
    if (browserSign(header) || !CREDENTIALS.some((name) => header(name) !== undefined)) {
      return next()
    }
    const scenario = kit.state.scenario
    if (scenario.delay_ms > 0) await sleep(scenario.delay_ms)
    const fail = kit.state.scenario.fail
    if (fail && path.startsWith(fail.path_prefix)) {
      fail.times--
      if (fail.times <= 0) kit.state.scenario.fail = null
      return controlError(
        fail.status as ContentfulStatusCode,
        STATUS_CODES[fail.status] ?? `HTTP_${fail.status}`,
        `The emulator answers ${fail.status} as the scenario asks (${fail.times} more under ${fail.path_prefix})`,
      )
    }
    return next()
  }
}
