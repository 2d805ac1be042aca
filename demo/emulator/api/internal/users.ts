// The panel's view of a user, and the doctor panel's pages (dashboard, appointments, patients):
// the appointments the open APIs list, at the signed-in provider's centers. Days are Tehran's, as
// in the open APIs, so "today" here is the day GET …/booking/appointments calls today.

import { Hono } from 'hono'
import { DAY_SECONDS, dayStart, tehranDate } from '../../calendar.js'
import type { Appointment } from '../../scheduling-records.js'
import { internalRoute } from '../internal-routes.js'
import { type Env, invalid, type Kit } from '../kit.js'
import { profileOf } from '../profile.js'
import { isDate } from '../scheduling/shapes.js'
import { appointmentView } from '../scheduling/state.js'
import { providerParam, userParam } from './lookups.js'

interface PatientRow {
  full_name: string
  mobile: string
  appointments: number
  last_visit: string | null
  next_visit: string | null
}

/** The provider's appointments from `first` to `last` (Tehran days, both included), by start. */
function appointmentsOf(kit: Kit, provider_id: string, first?: string, last?: string) {
  const from = first ? dayStart(first) : Number.NEGATIVE_INFINITY
  const to = last ? dayStart(last) + DAY_SECONDS : Number.POSITIVE_INFINITY
  return [...kit.state.appointments.values()]
    .filter((a) => a.provider_id === provider_id && a.from >= from && a.from < to)
    .sort((a, b) => a.from - b.from)
}

/** One entry per patient (by national code), in the order of their first appointment. */
function patientsOf(appointments: Appointment[], nowSeconds: number) {
  const patients = new Map<string, PatientRow>()
  for (const a of appointments) {
    const patient = patients.get(a.patient.national_code) ?? {
      full_name: a.patient.full_name,
      mobile: a.patient.mobile,
      appointments: 0,
      last_visit: null,
      next_visit: null,
    }
    patient.appointments++
    if (a.from < nowSeconds) patient.last_visit = tehranDate(a.from)
    else patient.next_visit ??= tehranDate(a.from)
    patients.set(a.patient.national_code, patient)
  }
  return [...patients.values()]
}

/** `/users/:user_id`, its appointments and its patients. */
export function usersRoutes(kit: Kit) {
  const router = new Hono<Env>()
  internalRoute(router, 'getUser', (c) => {
    const user = userParam(kit, c)
    return c.json({
      id: user.id,
      kind: user.kind,
      first_name: user.first_name,
      last_name: user.last_name,
      ...(user.latin_name ? { latin_name: user.latin_name } : {}),
      ...(user.profile
        ? {
            profile: (({ id, first_name, last_name, latin_name, ...profile }) => profile)(
              profileOf(kit, user as Env['Variables']['provider']),
            ),
          }
        : {}),
    })
  })
  internalRoute(router, 'listAppointments', (c) => {
    const user = providerParam(kit, c)
    const today = tehranDate(Math.floor(kit.now() / 1000))
    const from = c.req.query('from') ?? today
    const to = c.req.query('to') ?? from
    if (!isDate(from) || !isDate(to) || to < from) {
      throw invalid('from, to: expected Tehran days YYYY-MM-DD, from no later than to')
    }
    return c.json({
      today,
      from,
      to,
      appointments: appointmentsOf(kit, user.id, from, to).map((a) => ({
        ...appointmentView(a),
        center_name: kit.state.centers.get(a.center_id)?.name ?? '',
      })),
    })
  })
  internalRoute(router, 'listPatients', (c) => {
    const user = providerParam(kit, c)
    const patients = patientsOf(appointmentsOf(kit, user.id), Math.floor(kit.now() / 1000))
    return c.json({ patients })
  })
  return router
}
