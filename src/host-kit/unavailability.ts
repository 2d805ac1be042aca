import type { WidgetUnavailableReason } from '../events/index.js'

/** What `HostOptions.diagnose` may find about a page that never connected. */
export type Diagnosis =
  | { reason: 'http-error'; status: number }
  | { reason: 'refused-framing'; detail: string }
  | { reason: 'unreachable'; detail: string }

/** Why a widget is unavailable, as `onUnresponsive` and the trace get it. */
export interface Unavailability {
  reason: WidgetUnavailableReason
  /** What was seen, in English for the developer: `HTTP 404`, `X-Frame-Options: DENY`, … */
  detail: string
  /** The HTTP status, for `http-error`. */
  status?: number
}
