// What `platform-widget-dev check` says about a widget: findings, each with what the doctor or
// patient would see and the fix, and the place (a context or a page by key) where it was seen.
import type { HostContext } from 'platform-widget-sdk/events'

export type Severity = 'error' | 'warning' | 'note'

/** One thing wrong (or worth knowing) about a widget, in its developer's words. */
export interface Finding {
  /** Stable name of the check that made it (`sdk.app-key`): what `--json` consumers match. */
  check: string
  severity: Severity
  /** One line: what is wrong. */
  title: string
  /** What the doctor or patient would see. */
  seen: string
  /** What to change. */
  fix: string
  /** Why it appears: what the run saw that made it (every note has one). */
  why?: string
  /** Where it was seen: `doctor-panel`, `page settings`, `phone width`… (filled in by the run). */
  where?: string[]
}

/** Where a widget is loaded: one of its contexts, or one of its pages by key, in the panel. */
export interface Target {
  app_key: string
  /** `doctor-panel`, `booking-flow`, `doctor-profile`, or `page <key>`. */
  label: string
  /** The panel's URL that shows it. */
  panelUrl: string
  /** The widget's own URL loaded there. */
  widgetUrl: string
  /** The context the widget runs in (pages by key run in the doctor panel). */
  context: HostContext
  /** A top-level page of the widget, loaded on its own (no panel, no frame; `panelUrl` empty). */
  topLevel?: boolean
}

/** Patients use these contexts: no `provider.*` scope belongs there. */
export const PATIENT_CONTEXTS: readonly HostContext[] = ['booking-flow', 'doctor-profile']
