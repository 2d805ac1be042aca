import type { Locale } from '../events/index.js'
import type { DeadlineTimer } from '../transport/deadlines.js'
import type { DialogLayer } from './dialog/dialog-types.js'
import type { DialogSlot } from './dialog/slot.js'
import type { WidgetGuard } from './guard.js'
import type { HostOptions } from './host-options.js'
import type { TestOutcomes } from './test-outcomes.js'
import type { DialogTrace } from './trace.js'
import type { WidgetRegistration } from './widget-registration.js'

/**
 * What a feature handler gets for one call. `K` names the fields of `HostOptions` it reads, so
 * its type says what it depends on (`CallContext<'backend' | 'context'>`); the session builds
 * the whole one, and the dialog helpers (`ask`, `show`) read none.
 */
export interface CallContext<K extends keyof HostOptions = keyof HostOptions> {
  widget: WidgetRegistration
  /** The widget's origin, from its registered URL. */
  origin: string
  /** The panel's options, as far as this handler reads them. */
  options: Pick<HostOptions, K>
  /** The widget's limits, cool-down and pending consent, kept across its reloads. */
  guard: WidgetGuard
  locale: Locale
  panelOrigin: string
  layer: DialogLayer
  slot: DialogSlot
  /** Aborted when the widget reloads, unmounts or the host is destroyed. */
  signal: AbortSignal
  /**
   * When (a `Date.now()` time) the host answers this call at the latest, derived from the SDK's
   * wait: `HOST_TIMEOUTS.call` or `HOST_TIMEOUTS.dialogCall` after it arrived.
   */
  deadline: number
  /** The widget's deadlines, on one timer (see `deadlineTimer`). */
  deadlines: DeadlineTimer
  warn(message: string): void
  /** The widget's iframe, when the host mounted it: whose the page's user activation is. */
  frame?: HTMLIFrameElement
  /** The origin framing the panel page that it does not trust (see `frameAncestors`), if any. */
  framedBy(): string | undefined
  /** Reports a dialog of this call to `onTrace`; absent when no observer is set. */
  trace?: (entry: DialogTrace) => void
  /**
   * The payment test outcomes a development host offers (see `TestOutcomes`); only a host built
   * by the test kit (`createDevHost`) fills it, `createHost` never does.
   */
  testOutcomes?: TestOutcomes
}
