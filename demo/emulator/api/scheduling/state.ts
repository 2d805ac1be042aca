// The scheduling state as the routes read it: a provider's own centers and appointments, the
// free slots of a center, the views the API answers, and who may call (a provider's token).
//
// Times are UNIX seconds; days, weekdays and HH:MM are Tehran time (../../calendar.ts). A slot
// is free when the work hours open it, it has not started yet, no appointment holds it and no
// vacation of the center covers it.

import type { Scope } from 'platform-widget-sdk/events'
import {
  DAY_SECONDS,
  dayStart,
  type Interval,
  minutes,
  openSlots,
  overlaps,
  tehranDate,
  tehranTime,
} from '../../calendar.js'
import type { Appointment, Center, Vacation } from '../../scheduling-records.js'
import { ApiError, type Env, invalid, iso, type Kit } from '../kit.js'
import { asProvider, bearer } from '../middleware.js'
import type { Schemas, WorkHoursRange } from './shapes.js'

type Provider = Env['Variables']['provider']

export function schedule(kit: Kit) {
  const ownCenter = (provider: Provider, center_id: string): Center => {
    const center = kit.state.centers.get(center_id)
    if (!center || center.provider_id !== provider.id) {
      throw new ApiError(404, 'CENTER_NOT_FOUND', `No center "${center_id}" of this provider`)
    }
    return center
  }
  const ownAppointment = (provider: Provider, id: string): Appointment => {
    const appointment = kit.state.appointments.get(id)
    if (!appointment || appointment.provider_id !== provider.id) {
      throw new ApiError(404, 'APPOINTMENT_NOT_FOUND', `No appointment "${id}" of this provider`)
    }
    return appointment
  }
  /** The free slots of a center in the range; `moving` does not hold its own slot. */
  const freeSlots = (center: Center, range: Interval, moving?: Appointment): Interval[] => {
    const nowSeconds = Math.floor(kit.now() / 1000)
    const taken = [...kit.state.appointments.values()].filter(
      (a) => a.center_id === center.id && a.id !== moving?.id,
    )
    const off = [...kit.state.vacations.values()].filter((v) => v.center_id === center.id)
    return openSlots(center.work_hours, center.slot_minutes, range).filter(
      (slot) =>
        slot.from >= nowSeconds &&
        !taken.some((a) => overlaps(a, slot)) &&
        !off.some((v) => overlaps(v, slot)),
    )
  }
  /** The free slot starting at `from`, or 409. */
  const slotAt = (center: Center, from: number, moving?: Appointment): Interval => {
    const slot = freeSlots(center, { from, to: from + DAY_SECONDS }, moving).find(
      (s) => s.from === from,
    )
    if (!slot) {
      throw new ApiError(
        409,
        'SLOT_NOT_AVAILABLE',
        `No free slot of center "${center.id}" starts at ${from} (see GET /open-platform/v1/booking/slots)`,
      )
    }
    return slot
  }
  return { ownCenter, ownAppointment, freeSlots, slotAt }
}

export const centerView = (c: Center): Schemas['MedicalCenter'] => ({
  id: c.id,
  user_center_id: c.user_center_id,
  name: c.name,
  city: c.city,
  address: c.address,
  phone: c.phone,
  slot_minutes: c.slot_minutes,
})

export const appointmentView = (a: Appointment): Schemas['Appointment'] => ({
  id: a.id,
  conversation_id: a.conversation_id,
  center_id: a.center_id,
  user_center_id: a.user_center_id,
  provider_id: a.provider_id,
  from: a.from,
  to: a.to,
  date: tehranDate(a.from),
  time: tehranTime(a.from),
  patient: { ...a.patient },
  created_at: iso(a.created_at),
})

export const vacationView = (v: Vacation) => ({ ...v })

/** Appointments of a center from `first` to `last` (Tehran days, both included), by start. */
export function appointmentsOn(kit: Kit, center: Center, first?: string, last?: string) {
  const from = first ? dayStart(first) : Number.NEGATIVE_INFINITY
  const to = last ? dayStart(last) + DAY_SECONDS : Number.POSITIVE_INFINITY
  return [...kit.state.appointments.values()]
    .filter((a) => a.center_id === center.id && a.from >= from && a.from < to)
    .sort((a, b) => a.from - b.from)
    .map(appointmentView)
}

export function checkNoOverlap(hours: WorkHoursRange[]) {
  for (const [i, a] of hours.entries()) {
    for (const b of hours.slice(i + 1)) {
      if (
        a.day === b.day &&
        overlaps(
          { from: minutes(a.from), to: minutes(a.to) },
          { from: minutes(b.from), to: minutes(b.to) },
        )
      ) {
        throw invalid(`work_hours: ${a.day} ${a.from}-${a.to} overlaps ${b.from}-${b.to}`)
      }
    }
  }
}

/** The center of the public slots and booking operations: any center, by its practitioner. */
export function publicCenter(kit: Kit, center_id: string, user_center_id: string): Center {
  const center = kit.state.centers.get(center_id)
  if (!center || center.user_center_id !== user_center_id) {
    throw new ApiError(
      404,
      'CENTER_NOT_FOUND',
      `No practitioner "${user_center_id}" at center "${center_id}"`,
    )
  }
  return center
}

/** A provider's operation: a Bearer token carrying `scope`, of a provider. */
export const auth = (kit: Kit, scope: Scope) => [bearer(kit, scope), asProvider]

/** One set of the center operations: the booking set, or the clinic set's (`clinic: true`). */
export interface CenterSet {
  kit: Kit
  clinic?: boolean
}

/** The operation id of `name` in `set`: the clinic set's are `clinicListVacations` and so on. */
export const opId = <N extends string>(set: CenterSet, name: N) =>
  (set.clinic ? `clinic${name[0]!.toUpperCase()}${name.slice(1)}` : name) as
    | N
    | `clinic${Capitalize<N>}`
