// Spec 4.5 (installations): which users installed the widget. Header X-API-KEY.

import { operation } from './document.js'
import { createRouter, type Kit } from './kit.js'
import { developerKey } from './middleware.js'

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
  const key = [developerKey(kit)]

  router.openapi(operation('listInstallations', key), (c) =>
    c.json({ user_ids: [...installed(c.var.app.app_key)] }, 200),
  )

  for (const method of ['post', 'delete'] as const) {
    router.openapi(
      operation(method === 'post' ? 'installForUsers' : 'uninstallForUsers', key),
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
