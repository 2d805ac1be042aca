// The scheduling data the platform holds (centers, appointments, vacations, a widget's addon)
// and its seed from the fixtures. The routes' view of it is api/scheduling/state.ts.
import type { Fixtures, WorkHoursRange } from '../shared/config-types.js'
import { DAY_SECONDS, dayStart, openSlots, tehranDate } from './calendar.js'

/** A medical center: the profile's center (name, city, address) and its scheduling. */
export interface Center {
  id: string
  provider_id: string
  user_center_id: string
  name: string
  city: string
  address: string
  phone: string
  slot_minutes: number
  work_hours: WorkHoursRange[]
}

export interface Appointment {
  /** A UUID. */
  id: string
  /** The appointment's chat (`POST /open-platform/v1/chats/{conversation_id}/messages`). */
  conversation_id: number
  center_id: string
  user_center_id: string
  provider_id: string
  /** UNIX seconds: the slot. */
  from: number
  to: number
  patient: { full_name: string; mobile: string; national_code: string }
  created_at: number
}

export interface Vacation {
  id: string
  center_id: string
  /** UNIX seconds, [from, to). */
  from: number
  to: number
  reason: string
}

export interface Addon {
  app_key: string
  provider_id: string
  title: string
  description: string
  created_at: number
  updated_at: number
}

/** Centers, appointments and vacations, the seeded ones placed relative to today (Tehran). */
export function seedScheduling(fixtures: Fixtures, now: number) {
  const today = dayStart(tehranDate(Math.floor(now / 1000)))
  const profiles = new Map(
    fixtures.users.flatMap((u) => (u.profile?.centers ?? []).map((c) => [c.id, c] as const)),
  )
  const centers = new Map<string, Center>()
  for (const c of fixtures.centers) {
    const profile = profiles.get(c.id)
    if (!profile) throw new Error(`fixtures: center ${c.id} is in no provider's profile`)
    centers.set(c.id, {
      ...c,
      name: profile.name,
      city: profile.city,
      address: profile.address,
      work_hours: c.work_hours.map((h) => ({ ...h })),
    })
  }
  const appointments = new Map<string, Appointment>()
  for (const a of fixtures.appointments) {
    const center = centers.get(a.center_id)
    if (!center) throw new Error(`fixtures: appointment ${a.id} is at an unknown center`)
    const slot = openSlots(center.work_hours, center.slot_minutes, {
      from: today,
      to: today + 14 * DAY_SECONDS,
    })[a.slot]
    if (!slot) throw new Error(`fixtures: appointment ${a.id} has no slot ${a.slot}`)
    const from = slot.from
    appointments.set(a.id, {
      id: a.id,
      conversation_id: a.conversation_id,
      center_id: center.id,
      user_center_id: center.user_center_id,
      provider_id: center.provider_id,
      from,
      to: from + center.slot_minutes * 60,
      patient: { ...a.patient },
      created_at: now,
    })
  }
  const vacations = new Map(
    fixtures.vacations.map((v) => {
      const from = today + v.from_day_offset * DAY_SECONDS
      const vacation: Vacation = {
        id: v.id,
        center_id: v.center_id,
        from,
        to: from + v.days * DAY_SECONDS,
        reason: v.reason,
      }
      return [v.id, vacation] as const
    }),
  )
  const nextConversationId =
    Math.max(70000, ...fixtures.appointments.map((a) => a.conversation_id)) + 1
  return { centers, appointments, vacations, nextConversationId }
}
