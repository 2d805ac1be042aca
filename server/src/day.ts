// The platform keeps its calendar in Tehran time: an appointment's `date`, the `date` of
// `/open-platform/v1/{set}/appointments` and the days of `/v1/booking/appointments` are Tehran
// days. A backend in another zone (a server in UTC) that asks for "today" with its own date is a
// day off for 3.5 hours of every day, and sees an empty list at the wrong hour.

import { PlatformError } from 'platform-widget-sdk/events'

/** The IANA time zone of the platform's calendar days. */
export const PLATFORM_TIME_ZONE = 'Asia/Tehran'

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

export interface PlatformDayOptions {
  /** Whole days to add to (or, negative, take from) the platform's day of `at`. Default 0. */
  addDays?: number
}

/**
 * The platform's calendar day (`YYYY-MM-DD`, Tehran) holding the instant `at` (default now), as
 * the appointment APIs' `date` parameters take it.
 *
 * @example
 * ```ts
 * const today = platformDay()
 * const inAWeek = platformDay(new Date(), { addDays: 6 })
 * await client.GET('/v1/booking/appointments', {
 *   params: { query: { center_id, date_start: today, date_end: inAWeek } },
 * })
 * ```
 */
export function platformDay(
  at: Date | number = Date.now(),
  options: PlatformDayOptions = {},
): string {
  const ms = typeof at === 'number' ? at : at instanceof Date ? at.getTime() : Number.NaN
  const addDays = options.addDays ?? 0
  if (!Number.isFinite(ms)) {
    throw new PlatformError(
      'INVALID_ARGUMENT',
      'platformDay: `at` must be a valid Date or epoch milliseconds',
    )
  }
  if (!Number.isSafeInteger(addDays)) {
    throw new PlatformError('INVALID_ARGUMENT', 'platformDay: `addDays` must be a whole number')
  }
  const parts = Object.fromEntries(DAY.formatToParts(ms).map((p) => [p.type, p.value]))
  const day = `${parts.year}-${parts.month}-${parts.day}`
  if (addDays === 0) return day
  // Calendar arithmetic on the date alone: Tehran's old daylight-saving shifts cannot move it.
  const shifted = new Date(`${day}T00:00:00Z`)
  shifted.setUTCDate(shifted.getUTCDate() + addDays)
  return shifted.toISOString().slice(0, 10)
}
