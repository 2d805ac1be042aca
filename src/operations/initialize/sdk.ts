import type { InitializeInfo, TopLevelInfo } from '../../events/protocol.js'

/** `initialize`'s argument: `{ app_key }`, the original's `{ clientKey }`, or the key itself. */
export type InitializeOptions = { app_key: string } | { clientKey: string } | string

/** `platform.initialize`. */
export interface InitializeCall {
  /**
   * Connects to the panel. Call it once, before anything else. A second call with the same
   * `app_key` makes no new connection: it waits for the one under way and resolves with its
   * answer (in a promise of its own, not the first call's); with another `app_key` it rejects with
   * `ALREADY_INITIALIZED`. After a failure, calling it again retries. The original SDK's
   * `{ clientKey }` and bare key string are accepted too.
   *
   * @example
   * const { context, locale } = await platform.initialize({ app_key: 'my-widget' })
   */
  initialize(options: InitializeOptions): Promise<InitializeInfo | TopLevelInfo>
}
