// Booking in spec 4.1: the public slots and booking (no token, as the specification declares),
// one appointment, moving it, and the direct listing under /v1.

import { randomUUID } from 'node:crypto'
import { DAY_SECONDS } from '../../calendar.js'
import type { Appointment } from '../../scheduling-records.js'
import { operation } from '../document.js'
import { ApiError, createRouter, invalid, type Kit, trimmed } from '../kit.js'
import { checkDate, MAX_SLOT_RANGE_DAYS } from './shapes.js'
import { appointmentsOn, appointmentView, auth, publicCenter, schedule } from './state.js'

const slotsRoute = operation('listFreeSlots', [])

const bookRoute = operation('bookAppointment', [])

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
        full_name: trimmed('full_name', body.full_name, 2),
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
  router.openapi(operation('getAppointment', auth(kit, 'provider.appointment.read')), (c) =>
    c.json(appointmentView(ownAppointment(c.var.provider, c.req.valid('param').id)), 200),
  )
  router.openapi(operation('moveAppointment', auth(kit, 'provider.appointment.write')), (c) => {
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
  })
  return router
}

/** The direct listing, under /v1: a center's appointments from one day to another. */
export function listingRoutes(kit: Kit) {
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(operation('listAppointments', auth(kit, 'provider.appointment.read')), (c) => {
    const { center_id } = c.req.valid('query')
    const date_start = checkDate('date_start', c.req.valid('query').date_start)
    const date_end = checkDate('date_end', c.req.valid('query').date_end)
    const center = ownCenter(c.var.provider, center_id)
    return c.json({ appointments: appointmentsOn(kit, center, date_start, date_end) }, 200)
  })
  return router
}
