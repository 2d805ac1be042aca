/** What `observe` and `observeTopLevel` read of the run. */
export interface ObserveOptions {
  /** The panel's origin. */
  platform: string
  /** The production panel's origins, from the config. */
  panelOrigins: string[]
  /** axe-core's source; without it no scan. */
  axeSource?: string
  /** The init script (run.ts); `watch` alone for an engine that reads after load. */
  init: string
  watchSource: string
}
