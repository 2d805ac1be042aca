// `widget.addToProfile()` / `removeFromProfile()`, after the doctor confirmed in the panel: the
// widget channel of spec 4.5, the same record the management API's PUT and DELETE keep, so
// `GET /api/v1/apps/{app_key}/channels/` shows it. Removing a channel that is not there is done.
// And `widget.refreshProfile()`: spec 4.2's purge-cache, for the signed-in doctor.

import { Hono } from 'hono'
import { internalRoute } from '../internal-routes.js'
import type { Env, Kit } from '../kit.js'
import { disableChannel, enableChannel } from '../management.js'
import { appParam, notProvider, userParam } from './lookups.js'

export function profileRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'addToProfile', (c) => {
    const user = userParam(kit, c)
    const registered = appParam(kit, c)
    if (user.kind !== 'provider') throw notProvider()
    return c.json({ active: true, placements: enableChannel(kit, registered, user.id).placements })
  })
  internalRoute(router, 'removeFromProfile', (c) => {
    const user = userParam(kit, c)
    const registered = appParam(kit, c)
    if (user.kind !== 'provider') throw notProvider()
    disableChannel(kit, registered.app_key, user.id)
    return c.json({ active: false })
  })
  internalRoute(router, 'purgeProfileCache', (c) => {
    const user = userParam(kit, c)
    if (user.kind !== 'provider') throw notProvider()
    kit.state.profilePurges.set(user.id, kit.now())
    return c.json({ success: true })
  })
  return router
}
