// The page's reads and its SMS, relayed to the platform with the backend session's access token:
// the page never holds the token, only the id of its backend session.

import { Hono, type MiddlewareHandler } from 'hono'
import { type PlatformAccess, relay } from './platform-access.js'
import type { SessionEnv } from './sessions.js'

export function platformRoutes(
  access: PlatformAccess,
  required: MiddlewareHandler<SessionEnv>,
): Hono<SessionEnv> {
  const routes = new Hono<SessionEnv>()
  routes.get('/api/profile', required, (c) =>
    relay(c, () => c.var.session.platform.GET('/open-platform/v1/profile/information')),
  )
  routes.get('/api/user', required, (c) =>
    relay(c, () => c.var.session.platform.GET('/v1/user/information')),
  )
  routes.get('/api/rx/service-types', (c) =>
    relay(c, () => access.anonymous.GET('/v1/rx/service-types')),
  )
  routes.get('/api/rx/search', required, (c) => {
    // The page's values go on as they are; the platform validates them (400 for a bad one).
    const given = (name: string) => {
      const value = c.req.query(name)
      return value === undefined || value === '' ? undefined : value
    }
    const number = (name: string) => (given(name) === undefined ? undefined : Number(given(name)))
    return relay(c, () =>
      c.var.session.platform.GET('/v1/rx/services/search', {
        params: {
          query: {
            _q: given('_q') ?? '',
            provider: given('provider') as 'tamin' | 'salamat' | undefined,
            type: number('type'),
            _limit: number('_limit'),
            _start: number('_start'),
          },
        },
      }),
    )
  })
  routes.get('/api/rx/insurance', required, (c) => {
    const national_code = c.req.query('national_code') ?? ''
    return relay(c, () =>
      c.var.session.platform.GET('/v1/rx/insurance-type', { params: { query: { national_code } } }),
    )
  })
  routes.get('/api/sms/balance', required, (c) =>
    relay(c, () => c.var.session.platform.GET('/v1/sms/balance')),
  )
  routes.post('/api/sms/send', required, async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    return relay(c, () =>
      c.var.session.platform.POST('/v1/sms/messages', {
        body: { to: String(body.to ?? ''), text: String(body.text ?? '') },
      }),
    )
  })
  return routes
}
