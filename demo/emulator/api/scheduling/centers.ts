// The center operations both sets of spec 4.1 answer alike (`/open-platform/v1/booking` and
// `/open-platform/v1/clinic`), over the same state: medical centers, the appointments of a day
// and cancelling one, work hours. Vacations are in ./vacations.ts.

import type { Center } from '../../scheduling-records.js'
import { operation } from '../document.js'
import { createRouter } from '../kit.js'
import { centerChange, checkDate, checkRanges } from './shapes.js'
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
  const { kit } = set
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(
    operation(opId(set, 'listMedicalCenters'), auth(kit, 'provider.profile.read')),
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
    operation(opId(set, 'updateMedicalCenter'), auth(kit, 'provider.profile.write')),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').id)
      Object.assign(center, centerChange(c.req.valid('json')))
      return c.json(centerView(center), 200)
    },
  )
  return router
}

/** The appointments of a center on one day, and cancelling one. */
function dayRoutes(set: CenterSet) {
  const { kit } = set
  const router = createRouter()
  const { ownCenter, ownAppointment } = schedule(kit)
  router.openapi(
    operation(opId(set, 'listAppointmentsOfDay'), auth(kit, 'provider.appointment.read')),
    (c) => {
      const { center_id } = c.req.valid('query')
      const date = checkDate('date', c.req.valid('query').date)
      const center = ownCenter(c.var.provider, center_id)
      return c.json({ appointments: appointmentsOn(kit, center, date, date) }, 200)
    },
  )
  router.openapi(
    operation(opId(set, 'deleteAppointment'), auth(kit, 'provider.appointment.write')),
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
  const { kit } = set
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(operation(opId(set, 'getWorkHours'), auth(kit, 'provider.management.read')), (c) =>
    c.json(workHoursView(ownCenter(c.var.provider, c.req.valid('query').center_id)), 200),
  )
  router.openapi(
    operation(opId(set, 'setWorkHours'), auth(kit, 'provider.management.write')),
    (c) => {
      const body = c.req.valid('json')
      const center = ownCenter(c.var.provider, body.center_id)
      checkRanges(body.work_hours)
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
