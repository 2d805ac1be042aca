// Spec 4.5 (installations): which users installed the widget. Header X-API-KEY.

import { createRoute, z } from '@hono/zod-openapi'
import { AppKeyParam, createRouter, errors, jsonBody, type Kit, ok, UserIds } from './kit.js'
import { apiKeySecurity, developerKey } from './middleware.js'

const Installations = z
  .object({ user_ids: z.array(z.string()).openapi({ description: 'Every user who installed it' }) })
  .openapi('Installations')
const Change = UserIds.openapi('InstallationsChange', {
  description: '1 to 1,000 user ids (no spaces, at most 64 characters each)',
})

export function installationsRouter(kit: Kit) {
  const router = createRouter()
  const installed = (app_key: string) => {
    let users = kit.state.installations.get(app_key)
    if (!users) {
      users = new Set()
      kit.state.installations.set(app_key, users)
    }
    return users
  }
  const common = {
    tags: ['installations'],
    path: '/api/v1/apps/{app_key}/installations',
    security: apiKeySecurity,
    middleware: [developerKey(kit)],
  }

  router.openapi(
    createRoute({
      ...common,
      operationId: 'listInstallations',
      summary: 'Every user who installed the widget',
      method: 'get',
      request: { params: AppKeyParam },
      responses: { ...ok(Installations), ...errors(401) },
    }),
    (c) => c.json({ user_ids: [...installed(c.var.app.app_key)] }, 200),
  )

  for (const method of ['post', 'delete'] as const) {
    router.openapi(
      createRoute({
        ...common,
        operationId: method === 'post' ? 'installForUsers' : 'uninstallForUsers',
        summary:
          method === 'post'
            ? 'Install the widget for these users'
            : 'Uninstall the widget for these users',
        description:
          '1 to 1,000 `user_ids` a call; a webhook names the users whose installation changed.',
        method,
        request: { params: AppKeyParam, ...jsonBody(Change) },
        responses: {
          ...ok(Installations, 'Every user with the widget installed now'),
          ...errors(400, 401),
        },
      }),
      (c) => {
        const registered = c.var.app
        const users = installed(registered.app_key)
        const changed = new Set<string>()
        for (const id of c.req.valid('json').user_ids) {
          if (method === 'post' ? !users.has(id) : users.has(id)) changed.add(id)
          if (method === 'post') users.add(id)
          else users.delete(id)
        }
        // One event per call, naming the users whose installation changed; none when none did.
        if (changed.size) {
          kit.emit(
            registered,
            method === 'post' ? 'installation.created' : 'installation.deleted',
            { user_ids: [...changed] },
          )
        }
        return c.json({ user_ids: [...users] }, 200)
      },
    )
  }
  return router
}
