// The center operations both sets of spec 4.1 answer alike (`/open-platform/v1/booking` and
// `/open-platform/v1/clinic`), over the same state: medical centers, the appointments of a day
// and cancelling one, work hours. Vacations are in ./vacations.ts.

import { createRoute, z } from '@hono/zod-openapi'
import type { Center } from '../../state.js'
import { createRouter, errors, jsonBody, ok } from '../kit.js'
import {
  Appointments,
  DateText,
  Deleted,
  Id,
  MedicalCenter,
  SetWorkHours,
  UpdateCenter,
  WorkHours,
} from './shapes.js'
import {
  appointmentsOn,
  auth,
  type CenterSet,
  centerView,
  checkNoOverlap,
  opId,
  schedule,
} from './state.js'
import { vacationsRoutes } from './vacations.js'

const workHoursView = (center: Center) => ({
  center_id: center.id,
  slot_minutes: center.slot_minutes,
  work_hours: center.work_hours.map((h) => ({ ...h })),
})

/** The provider's medical centers: the list, and a change to one. */
function centersRoutes(set: CenterSet) {
  const { kit, prefix, tag } = set
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.profile.read', tag),
      operationId: opId(set, 'listMedicalCenters'),
      summary: "The provider's medical centers",
      method: 'get',
      path: `${prefix}/medical-centers`,
      responses: {
        ...ok(z.object({ medical_centers: z.array(MedicalCenter) })),
        ...errors(401, 403),
      },
    }),
    (c) =>
      c.json(
        {
          medical_centers: [...kit.state.centers.values()]
            .filter((center) => center.provider_id === c.var.provider.id)
            .map(centerView),
        },
        200,
      ),
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.profile.write', tag),
      operationId: opId(set, 'updateMedicalCenter'),
      summary: 'Change the name, city, address or phone of a center',
      method: 'put',
      path: `${prefix}/medical-centers/{id}`,
      request: { params: z.object({ id: Id('id', 'c-101') }), ...jsonBody(UpdateCenter) },
      responses: { ...ok(MedicalCenter), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').id)
      Object.assign(center, c.req.valid('json'))
      return c.json(centerView(center), 200)
    },
  )
  return router
}

/** The appointments of a center on one day, and cancelling one. */
function dayRoutes(set: CenterSet) {
  const { kit, prefix, tag } = set
  const router = createRouter()
  const { ownCenter, ownAppointment } = schedule(kit)
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', tag),
      operationId: opId(set, 'listAppointmentsOfDay'),
      summary: 'The appointments of a center on one day',
      description: '`date` is a Tehran day (UTC+03:30): "today" is the date in Tehran, not UTC.',
      method: 'get',
      path: `${prefix}/appointments`,
      request: { query: z.object({ center_id: z.string().min(1), date: DateText }) },
      responses: { ...ok(Appointments), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const { center_id, date } = c.req.valid('query')
      const center = ownCenter(c.var.provider, center_id)
      return c.json({ appointments: appointmentsOn(kit, center, date, date) }, 200)
    },
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.write', tag),
      operationId: opId(set, 'deleteAppointment'),
      summary: 'Cancel an appointment: it leaves every list and its slot is free again',
      method: 'delete',
      path: `${prefix}/appointments/{id}`,
      request: { params: z.object({ id: Id('id', '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11') }) },
      responses: { ...ok(Deleted), ...errors(401, 403, 404) },
    }),
    (c) => {
      const appointment = ownAppointment(c.var.provider, c.req.valid('param').id)
      kit.state.appointments.delete(appointment.id)
      return c.json({ id: appointment.id, deleted: true as const }, 200)
    },
  )
  return router
}

/** The work hours of a center: read them, replace them. */
function workHoursRoutes(set: CenterSet) {
  const { kit, prefix, tag } = set
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.read', tag),
      operationId: opId(set, 'getWorkHours'),
      summary: 'The work hours of a center',
      method: 'get',
      path: `${prefix}/work-hours`,
      request: { query: z.object({ center_id: z.string().min(1) }) },
      responses: { ...ok(WorkHours), ...errors(400, 401, 403, 404) },
    }),
    (c) => c.json(workHoursView(ownCenter(c.var.provider, c.req.valid('query').center_id)), 200),
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.write', tag),
      operationId: opId(set, 'setWorkHours'),
      summary: 'Replace the work hours of a center (and optionally its slot length)',
      method: 'post',
      path: `${prefix}/work-hours`,
      request: jsonBody(SetWorkHours),
      responses: { ...ok(WorkHours), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const body = c.req.valid('json')
      const center = ownCenter(c.var.provider, body.center_id)
      checkNoOverlap(body.work_hours)
      center.work_hours = body.work_hours.map((h) => ({ ...h }))
      if (body.slot_minutes !== undefined) center.slot_minutes = body.slot_minutes
      return c.json(workHoursView(center), 200)
    },
  )
  return router
}

/** The ten center operations of one set, as one router: each resource a sub-app. */
export function centerRoutes(set: CenterSet) {
  return createRouter()
    .route('/', centersRoutes(set))
    .route('/', dayRoutes(set))
    .route('/', workHoursRoutes(set))
    .route('/', vacationsRoutes(set))
}
