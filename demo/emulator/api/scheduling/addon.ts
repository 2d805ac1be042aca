// The appointments-list addon of spec 4.1: one per widget and provider, shown on the doctor's
// appointments list.

import { createRoute } from '@hono/zod-openapi'
import { ApiError, createRouter, type Env, errors, iso, jsonBody, type Kit, ok } from '../kit.js'
import { Addon, AddonRequest } from './shapes.js'
import { auth } from './state.js'

const path = '/open-platform/v1/addons/appointments'
const addonKey = (c: { var: Env['Variables'] }) => `${c.var.token.app_key} ${c.var.provider.id}`

export function addonRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'upsertAppointmentsAddon',
      summary: "Add (or update) the widget's addon on the doctor's appointments list",
      method: 'post',
      path,
      request: jsonBody(AddonRequest),
      responses: { ...ok(Addon), ...errors(400, 401, 403) },
    }),
    (c) => {
      const body = c.req.valid('json')
      const key = addonKey(c)
      const existing = kit.state.addons.get(key)
      const addon = {
        app_key: c.var.token.app_key,
        provider_id: c.var.provider.id,
        title: body.title,
        description: body.description ?? '',
        created_at: existing?.created_at ?? kit.now(),
        updated_at: kit.now(),
      }
      kit.state.addons.set(key, addon)
      const { created_at: _, ...view } = addon
      return c.json({ ...view, present: true, updated_at: iso(addon.updated_at) }, 200)
    },
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'deleteAppointmentsAddon',
      summary: "Remove the widget's addon from the appointments list",
      method: 'delete',
      path,
      responses: { ...ok(Addon, 'The addon removed'), ...errors(401, 403, 404) },
    }),
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
