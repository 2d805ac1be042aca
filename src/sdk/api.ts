// The `window.platform` API, apart from the factories that make it (the panel's, the
// top-level page's, the lazy stub): each imports this, none imports another for it. The calls
// that send an operation are written out, with their docs, in the operation's folder
// (`src/operations/<name>/sdk.ts`) and composed by the generated operation-calls.ts;
// call-types.test-d.ts holds each to its row of the operation table and its call form
// (`SdkCall`), so a row and its call cannot disagree. The rest is here.
import type { isPlatformError, PlatformEvents } from '../events/index.js'
import type { OperationCalls, WidgetCalls } from './operation-calls.js'

/** The `window.platform` API. */
export interface Platform extends OperationCalls {
  /** The SDK version. */
  readonly version: string
  /** The widget on the doctor's public profile (doctor panel and doctor profile only, else `WRONG_CONTEXT`). */
  widget: WidgetCalls
  /**
   * Calls `callback` with every result of `event` this widget receives. Returns an unbind function.
   *
   * @example
   * const off = platform.on('PLATFORM_PAYMENT_SUCCESS', (r) => unlock(r.receipt_id))
   * platform.on('PLATFORM_LOOK_CHANGED', ({ colorScheme }) => paint(colorScheme))
   */
  on<E extends keyof PlatformEvents>(event: E, callback: PlatformEvents[E]): () => void
  /** Closes the bridge: pending calls reject with `CONNECTION_CLOSED`; listeners are removed. */
  destroy(): void
  /**
   * Whether `error` is a `PlatformError`, and of `code` when one is given: the script tag's way
   * to test an error's code without a cast (the same function `platform-widget-sdk` exports).
   *
   * @example
   * try {
   *   await platform.sms.charge()
   * } catch (error) {
   *   if (platform.isPlatformError(error, 'USER_CLOSED_POPUP')) return
   *   throw error
   * }
   */
  isPlatformError: typeof isPlatformError
}
