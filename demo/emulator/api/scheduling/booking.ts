// Booking in spec 4.1: the public slots and booking (no token, as the specification declares),
// one appointment, moving it, and the direct listing under /v1.

import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { DAY_SECONDS } from '../../calendar.js'
import type { Appointment } from '../../state.js'
import {
  ApiError,
  createRouter,
  errors,
  invalid,
  jsonBody,
  type Kit,
  ok,
  queryInt,
} from '../kit.js'
import {
  AppointmentRecord,
  Appointments,
  CenterIdParam,
  CreateAppointment,
  DateText,
  MAX_SLOT_RANGE_DAYS,
  MoveAppointment,
  Slots,
} from './shapes.js'
import { appointmentsOn, appointmentView, auth, publicCenter, schedule } from './state.js'

const slotsRoute = createRoute({
  operationId: 'listFreeSlots',
  tags: ['scheduling'],
  summary: 'The free slots of a practitioner at a center in [from, to) (at most 31 days)',
  description:
    'No token, as the specification declares. Slots in a vacation or already booked are left out.',
  method: 'get',
  path: '/open-platform/v1/booking/slots',
  security: [],
  request: {
    query: z.object({
      center_id: z.string().min(1),
      user_center_id: z.string().min(1),
      from: queryInt({ min: 0 }).openapi({ description: 'UNIX seconds' }),
      to: queryInt({ min: 0 }).openapi({ description: 'UNIX seconds' }),
    }),
  },
  responses: { ...ok(Slots), ...errors(400, 404) },
})

const bookRoute = createRoute({
  operationId: 'bookAppointment',
  tags: ['scheduling'],
  summary: 'Book a free slot for a patient',
  description:
    'No token, as the specification declares. 409 `SLOT_NOT_AVAILABLE` when no free slot starts at `from`.',
  method: 'post',
  path: '/open-platform/v1/booking/appointments',
  security: [],
  request: jsonBody(CreateAppointment),
  responses: { ...ok(AppointmentRecord, 'The appointment booked'), ...errors(400, 404, 409) },
})

/** The free slots of a center, and booking one: public. */
export function publicBookingRoutes(kit: Kit) {
  const router = createRouter()
  const { freeSlots, slotAt } = schedule(kit)
  router.openapi(slotsRoute, (c) => {
    const { center_id, user_center_id, from, to } = c.req.valid('query')
    if (to <= from) throw invalid('to: must be after from')
    if (to - from > MAX_SLOT_RANGE_DAYS * DAY_SECONDS) {
      throw invalid(`to: at most ${MAX_SLOT_RANGE_DAYS} days after from`)
    }
    const center = publicCenter(kit, center_id, user_center_id)
    const slots = freeSlots(center, { from, to })
    return c.json({ center_id, user_center_id, slot_minutes: center.slot_minutes, slots }, 200)
  })
  router.openapi(bookRoute, (c) => {
    const body = c.req.valid('json')
    const center = publicCenter(kit, body.center_id, body.user_center_id)
    const slot = slotAt(center, body.from)
    const appointment: Appointment = {
      id: randomUUID(),
      conversation_id: kit.state.nextConversationId++,
      center_id: center.id,
      user_center_id: center.user_center_id,
      provider_id: center.provider_id,
      from: slot.from,
      to: slot.to,
      patient: {
        full_name: body.full_name,
        mobile: body.mobile,
        national_code: body.national_code,
      },
      created_at: kit.now(),
    }
    kit.state.appointments.set(appointment.id, appointment)
    return c.json(appointmentView(appointment), 200)
  })
  return router
}

/** One appointment, moving it, and a center's appointments by dates: the provider's. */
export function appointmentsRoutes(kit: Kit) {
  const router = createRouter()
  const { ownCenter, ownAppointment, slotAt } = schedule(kit)
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'getAppointment',
      summary: 'One appointment',
      method: 'get',
      path: '/open-platform/v1/booking/appointments/{id}',
      request: {
        params: z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) }),
      },
      responses: { ...ok(AppointmentRecord), ...errors(400, 401, 403, 404) },
    }),
    (c) => c.json(appointmentView(ownAppointment(c.var.provider, c.req.valid('param').id)), 200),
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.write', 'scheduling'),
      operationId: 'moveAppointment',
      summary: 'Move an appointment to another free slot of the same center',
      description: '409 `SLOT_NOT_AVAILABLE` when no free slot starts at the new `from`.',
      method: 'post',
      path: '/open-platform/v1/booking/move/{center_id}',
      request: { params: CenterIdParam, ...jsonBody(MoveAppointment) },
      responses: {
        ...ok(AppointmentRecord, 'The appointment, moved'),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const body = c.req.valid('json')
      const appointment = ownAppointment(c.var.provider, body.appointment_id)
      if (appointment.center_id !== center.id) {
        throw new ApiError(
          404,
          'APPOINTMENT_NOT_FOUND',
          `Appointment "${appointment.id}" is not at center "${center.id}"`,
        )
      }
      const slot = slotAt(center, body.from, appointment)
      appointment.from = slot.from
      appointment.to = slot.to
      return c.json(appointmentView(appointment), 200)
    },
  )
  return router
}

/** The direct listing, under /v1: a center's appointments from one day to another. */
export function listingRoutes(kit: Kit) {
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'listAppointments',
      summary: 'The appointments of a center, from date_start to date_end (both included)',
      description: '`date_start` and `date_end` are Tehran days (UTC+03:30), as "today" is.',
      method: 'get',
      path: '/v1/booking/appointments',
      request: {
        query: z.object({
          center_id: z.string().min(1),
          date_start: DateText.optional(),
          date_end: DateText.optional(),
        }),
      },
      responses: { ...ok(Appointments), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const { center_id, date_start, date_end } = c.req.valid('query')
      const center = ownCenter(c.var.provider, center_id)
      return c.json({ appointments: appointmentsOn(kit, center, date_start, date_end) }, 200)
    },
  )
  return router
}
