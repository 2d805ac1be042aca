// Spec 4.5 (installations): which users installed the widget. Header X-API-KEY.

import { operation } from './document.js'
import { ApiError, createRouter, type Kit } from './kit.js'
import { developerKey } from './middleware.js'
import { jsonBytes } from './storage.js'

/**
 * The user ids one call may name. The platform's own bound is not published; this one keeps a
 * call within the body limit and the widget's share of the memory budget counts the rest.
 */
export const MAX_INSTALLATION_IDS = 1000

/** 413 PAYLOAD_TOO_LARGE, with `max_items`, for a call naming too many users. */
function tooMany(count: number) {
  return new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `user_ids: ${count} ids; the emulator takes at most ${MAX_INSTALLATION_IDS} a call`,
    { max_items: MAX_INSTALLATION_IDS },
  )
}

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
        const ids = c.req.valid('json').user_ids
        if (ids.length > MAX_INSTALLATION_IDS) throw tooMany(ids.length)
        const users = installed(registered.app_key)
        const changed = new Set(ids.filter((id) => (method === 'post') !== users.has(id)))
        // Each installation counts against the widget's share as its id's JSON; checked before
        // anything changes, and given back when it is removed.
        const bytes = [...changed].reduce((sum, id) => sum + jsonBytes(id), 0)
        if (method === 'post') {
          kit.admit(registered.app_key, bytes)
          for (const id of changed) users.add(id)
        } else {
          for (const id of changed) users.delete(id)
          kit.release(registered.app_key, bytes)
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
