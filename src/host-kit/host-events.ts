import type { PlatformEventName, PlatformEvents } from '../events/index.js'

/**
 * Passed with each result to `host.on` listeners: the widget it is for. Only results that carry an
 * `event` (`PLATFORM_*`: payments and SMS) reach `host.on`; `widget.*` and `openLink` answer plain
 * values, which it does not see.
 */
export interface ResultMeta {
  app_key: string
  /**
   * True when the widget's page was gone (unmounted, reloaded, the host destroyed) before the
   * result came: the widget never hears it. A charge the backend completed after an unmount
   * arrives so (docs/panel.md, "A charge the widget no longer waits for").
   *
   * @example
   * host.on('PLATFORM_PAYMENT_SUCCESS', (r, { app_key, late }) => late && tellDoctor(app_key, r))
   */
  late: boolean
}

export type HostEvents = {
  [E in PlatformEventName]: (result: Parameters<PlatformEvents[E]>[0], meta: ResultMeta) => void
}
