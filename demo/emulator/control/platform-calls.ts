// The control API's platform-call log: every call a widget backend made to the open APIs, as the
// inspector's "Platform calls" view shows it. The `logs` command reads it (and polls it with
// `after` to follow).

import { ApiError, createRouter, type Kit } from '../api/kit.js'
import { controlOperation } from './schemas.js'

/** The platform-call log route of the control API. Mount under `/control/v1`. */
export function controlCallsRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(controlOperation('listPlatformCalls', []), (c) => {
    const query = c.req.valid('query')
    if (query.app_key !== undefined && !kit.state.apps.has(query.app_key)) {
      throw new ApiError(
        404,
        'APP_NOT_FOUND',
        `No widget "${query.app_key}" is registered with this emulator (registered: ${[...kit.state.apps.keys()].join(', ')})`,
      )
    }
    // The document lets `after` be null (as zod-to-openapi once wrote it): no bound.
    return c.json({ calls: kit.calls.list({ ...query, after: query.after ?? undefined }) }, 200)
  })
  return router
}
