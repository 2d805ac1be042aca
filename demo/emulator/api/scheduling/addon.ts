// The appointments-list addon of spec 4.1: one per widget and provider, shown on the doctor's
// appointments list.

import { operation } from '../document.js'
import { ApiError, createRouter, type Env, iso, type Kit, trimmed } from '../kit.js'
import { auth } from './state.js'

const addonKey = (c: { var: Env['Variables'] }) => `${c.var.token.app_key} ${c.var.provider.id}`

export function addonRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    operation('upsertAppointmentsAddon', auth(kit, 'provider.appointment.read')),
    (c) => {
      const body = c.req.valid('json')
      const key = addonKey(c)
      const existing = kit.state.addons.get(key)
      const addon = {
        app_key: c.var.token.app_key,
        provider_id: c.var.provider.id,
        title: trimmed('title', body.title),
        description: trimmed('description', body.description, 0) ?? '',
        created_at: existing?.created_at ?? kit.now(),
        updated_at: kit.now(),
      }
      kit.state.addons.set(key, addon)
      const { created_at: _, ...view } = addon
      return c.json({ ...view, present: true, updated_at: iso(addon.updated_at) }, 200)
    },
  )
  router.openapi(
    operation('deleteAppointmentsAddon', auth(kit, 'provider.appointment.read')),
    (c) => {
      const key = addonKey(c)
      const addon = kit.state.addons.get(key)
      if (!addon) {
        throw new ApiError(
          404,
          'ADDON_NOT_FOUND',
          'This widget has no addon on the appointments list',
        )
      }
      kit.state.addons.delete(key)
      const { created_at: _, ...view } = addon
      return c.json({ ...view, present: false, updated_at: iso(kit.now()) }, 200)
    },
  )
  return router
}
