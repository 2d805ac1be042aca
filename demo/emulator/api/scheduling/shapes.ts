// The shapes of spec 4.1's operations (scheduling, the clinic set, the appointments addon) are
// the document's (server/openapi.json, typed by the server kit's `components`). What its JSON
// Schemas cannot say is checked here, after the document's validation: a real calendar day,
// `from` before `to`, a trimmed text, a change that changes something.

import type { components } from 'platform-widget-server'
import { dayStart, minutes, tehranDate } from '../../calendar.js'
import { invalid, trimmed } from '../kit.js'

export type Schemas = components['schemas']
export type WorkHoursRange = Schemas['WorkHours']['work_hours'][number]

/** The widest range the slots query answers. */
export const MAX_SLOT_RANGE_DAYS = 31

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/
// A day that does not exist (month 13) parses to NaN, which tehranDate cannot format: not a date.
export const isDate = (text: string) =>
  DATE.test(text) && Number.isFinite(dayStart(text)) && tehranDate(dayStart(text)) === text

/** `text` when it is a day (YYYY-MM-DD), else 400 INVALID_INPUT. */
export function checkDate<T extends string | undefined>(field: string, text: T): T {
  if (text !== undefined && !isDate(text)) throw invalid(`${field}: expected a date YYYY-MM-DD`)
  return text
}

/** Each range of a center's work hours starts before it ends. */
export function checkRanges(hours: WorkHoursRange[]) {
  hours.forEach((range, i) => {
    if (minutes(range.from) >= minutes(range.to)) {
      throw invalid(`work_hours.${i}: from must be before to`)
    }
  })
}

/** A center's new name, city, address or phone, trimmed; one at least. */
export function centerChange(body: Schemas['UpdateMedicalCenterRequest']) {
  const change = {
    name: trimmed('name', body.name),
    city: trimmed('city', body.city),
    address: trimmed('address', body.address),
    phone: body.phone,
  }
  const given = Object.entries(change).filter(([, v]) => v !== undefined)
  if (given.length === 0) throw invalid('Expected at least one of name, city, address, phone')
  return Object.fromEntries(given) as Partial<typeof change>
}
