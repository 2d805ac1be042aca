// What the doctor panel's parts read: the page's config and host, and the doctor's data as the
// emulator holds it, read before the page renders.

import type { Host, WidgetRegistration } from 'platform-widget-sdk/host'
import type { Locale } from './i18n.js'
import type { PageConfig, ThemeName, User } from './shell.js'

/** An appointment as the emulator lists it for the panel (`GET /internal/users/{id}/appointments`). */
export interface Appointment {
  id: string
  /** UNIX seconds. */
  from: number
  to: number
  /** `HH:MM`, Tehran time, as the open APIs give it. */
  time: string
  center_name: string
  patient: { full_name: string; mobile: string }
}

/** A patient of the doctor (`GET /internal/users/{id}/patients`); days are `YYYY-MM-DD`. */
export interface Patient {
  full_name: string
  mobile: string
  appointments: number
  last_visit: string | null
  next_visit: string | null
}

/** What the doctor panel's parts read: the page's config, its host, and the emulator's data. */
export interface DoctorPanel {
  config: PageConfig
  /** The page's language now: the language switch changes it (`switchLocale`). */
  locale: Locale
  /** Switches the page, its host and its inspector to `next`, in place. */
  switchLocale(next: Locale): void
  theme: ThemeName
  /** The panel route shown (`/panel/apps/{app_key}` on a widget's own page). */
  route: string
  doctor: User
  widgets: WidgetRegistration[]
  host: Host
  /** A widget's own page, `/_/{app_key}/{rest}`: its match, or null. */
  widgetPage: RegExpExecArray | null
  /** Today's appointments, read before the page renders (dashboard and appointments only). */
  today: Appointment[]
  /** The doctor's patients, read before the page renders (dashboard and patients only). */
  patients: Patient[]
}

/** Reads the doctor's data from the emulator, as the panel's other internal calls do. */
export async function fromEmulator<T>(config: PageConfig, rest: string): Promise<T> {
  const res = await fetch(
    `${config.emulator}/internal/users/${encodeURIComponent(config.users.doctor)}${rest}`,
  )
  if (!res.ok) throw new Error(`The emulator answered ${res.status} to ${rest}`)
  return (await res.json()) as T
}

/** Done once it ended; otherwise confirmed (the emulator books confirmed appointments). */
export const statusOf = (a: Appointment) => (a.to * 1000 <= Date.now() ? 'done' : 'confirmed')

/** A Tehran `YYYY-MM-DD` as a date to format (noon UTC: the same day in every time zone). */
export const dayOf = (date: string) => new Date(`${date}T12:00:00Z`)
