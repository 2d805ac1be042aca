// The widget-management operations that are POST only, opened in a browser (the dev command
// prints their URLs): a GET answers 405 with `Allow: POST` and one line of text on how to call
// it, not a 404 that reads like a wrong URL. Plain Hono, outside the OpenAPI routers: these
// answers are not operations, so /openapi.json (and server/openapi.json) stay as they are.

import { Hono } from 'hono'

/** Each POST-only path, what it does and the JSON body it takes. */
export const POST_ONLY = [
  {
    path: '/api/v1/apps/:app_key/oauth/access_token',
    what: 'the token exchange',
    body: '{"session_token":"<from platform.getSessionToken>"}',
  },
  {
    path: '/api/v1/apps/:app_key/monetization/verify',
    what: 'monetization verify',
    body: '{"receipt_id":"<from payment.pay>"}',
  },
  {
    path: '/api/v1/apps/:app_key/monetization/receipts',
    what: 'creating a receipt',
    body: '{"title":"...","amount":350000,"user_id":"<the access token\'s sub>"}',
  },
  {
    path: '/api/v1/apps/:app_key/billing/provider-service/refund',
    what: 'a doctor-service refund',
    body: '{"receipt_id":"<a doctor-service receipt>"}',
  },
] as const

export function postOnlyRouter() {
  const router = new Hono()
  for (const { path, what, body } of POST_ONLY) {
    router.get(path, (c) => {
      const url = `${new URL(c.req.url).origin}${c.req.path}`
      return c.text(
        `405: ${what} takes POST only, from your backend: curl -X POST ${url} -H 'x-api-key: <developer key>' -H 'content-type: application/json' -d '${body}'\n`,
        405,
        { allow: 'POST', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
      )
    })
  }
  return router
}
