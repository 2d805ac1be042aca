// The control API's platform-call log: every call a widget backend made to the open APIs, as the
// inspector's "Platform calls" view shows it. The `logs` command reads it (and polls it with
// `after` to follow).

import { createRoute, z } from '@hono/zod-openapi'
import { ApiError, createRouter, errors, type Kit, ok } from '../api/kit.js'
import { CALL_LOG_ENTRIES } from '../call-log.js'

const Body = z.object({ body: z.string().nullable(), truncated: z.literal(true).optional() })

export const PlatformCall = z
  .object({
    id: z.int().openapi({ example: 42 }),
    at: z.string().openapi({ example: '2026-11-27T08:30:00.000Z' }),
    app_key: z.string().nullable(),
    method: z.string().openapi({ example: 'POST' }),
    path: z.string().openapi({ example: '/v1/sms/messages' }),
    status: z.int().openapi({ example: 402 }),
    duration_ms: z.number(),
    request: Body.extend({ headers: z.record(z.string(), z.string()) }),
    response: Body,
    links: z.object({
      session: z.string().optional().openapi({
        description:
          'SHA-256 of the session token the call comes from (the exchange, or a Bearer call with its access token), 16 hex digits',
      }),
      receipt: z.string().optional(),
    }),
  })
  .openapi('PlatformCall')

const CallList = z.object({ calls: z.array(PlatformCall) }).openapi('PlatformCallList')

/** The platform-call log route of the control API. Mount under `/control/v1`. */
export function controlCallsRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'listPlatformCalls',
      tags: ['calls'],
      summary: 'The calls widget backends made to the open APIs, oldest first',
      description: `The newest ${CALL_LOG_ENTRIES} at most (and 2 MiB of bodies; each body cut at 8 KiB), with developer keys, tokens and secrets masked. \`status\`: a status (\`402\`), a class (\`4xx\`) or \`error\` (400 and up); \`after\`: only calls with a greater id (to follow the log).`,
      method: 'get',
      path: '/calls',
      request: {
        query: z.object({
          app_key: z.string().min(1).optional(),
          status: z
            .string()
            .regex(/^(?:[1-5]\d\d|[1-5]xx|error)$/i)
            .optional(),
          after: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(CALL_LOG_ENTRIES).optional(),
        }),
      },
      responses: { ...ok(CallList), ...errors(404) },
    }),
    (c) => {
      const query = c.req.valid('query')
      if (query.app_key !== undefined && !kit.state.apps.has(query.app_key)) {
        throw new ApiError(
          404,
          'APP_NOT_FOUND',
          `No widget "${query.app_key}" is registered with this emulator (registered: ${[...kit.state.apps.keys()].join(', ')})`,
        )
      }
      return c.json({ calls: kit.calls.list(query) }, 200)
    },
  )
  return router
}
