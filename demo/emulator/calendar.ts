// Local time of the emulator's scheduling: Tehran, UTC+03:30 all year (Iran has kept no daylight
// saving time since 2022). Slots, appointments and vacations are UNIX seconds, as the slots
// query of the spec; days (`YYYY-MM-DD`), weekdays and `HH:MM` are Tehran's.

import type { Weekday, WorkHoursRange } from '../shared/config-types.js'

export const TEHRAN_OFFSET_SECONDS = 3.5 * 3600
export const DAY_SECONDS = 86_400
const WEEKDAYS: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** `YYYY-MM-DD` of the Tehran day holding `seconds`. */
export function tehranDate(seconds: number): string {
  return new Date((seconds + TEHRAN_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10)
}

/** `HH:MM` Tehran time of `seconds`. */
export function tehranTime(seconds: number): string {
  return new Date((seconds + TEHRAN_OFFSET_SECONDS) * 1000).toISOString().slice(11, 16)
}

/** UNIX seconds of 00:00 Tehran time on `date` (`YYYY-MM-DD`). */
export function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000 - TEHRAN_OFFSET_SECONDS
}

export function weekday(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!
}

/** Minutes since midnight of `HH:MM`. */
export const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

export interface Interval {
  from: number
  to: number
}

export const overlaps = (a: Interval, b: Interval) => a.from < b.to && b.from < a.to

/**
 * Every slot the work hours open in [from, to), `slotMinutes` long, before anything is booked or
 * taken off: a slot belongs to the range when it starts and ends inside it.
 */
export function openSlots(
  hours: WorkHoursRange[],
  slotMinutes: number,
  range: Interval,
): Interval[] {
  const slots: Interval[] = []
  const length = slotMinutes * 60
  for (let day = dayStart(tehranDate(range.from)); day < range.to; day += DAY_SECONDS) {
    const name = weekday(tehranDate(day))
    for (const open of hours.filter((h) => h.day === name)) {
      const end = day + minutes(open.to) * 60
      for (let start = day + minutes(open.from) * 60; start + length <= end; start += length) {
        if (start >= range.from && start + length <= range.to) {
          slots.push({ from: start, to: start + length })
        }
      }
    }
  }
  return slots.sort((a, b) => a.from - b.from)
}
