import type { HostContext } from '../events/index.js'
import type { CallContext } from '../host-kit/call-context.js'
import type { HostMethodName, OperationTable } from '../operations/index.js'

/**
 * What a row's check returns: the request as its handler gets it (the row's `HostRequest`,
 * narrowed by the check, such as `getSessionToken`'s scope split into names). The first of the
 * row's two call signatures is its validator's own (the second is `Operation`'s).
 */
export type Validated<K extends keyof T, T = OperationTable> = T[K] extends {
  validate: { (raw: unknown): infer V; (raw: unknown): unknown }
}
  ? V
  : never

/** What a row says its host method answers on success. */
export type Answer<K extends keyof T, T = OperationTable> = T[K] extends {
  types?: { result: infer R }
}
  ? R
  : never

/**
 * An operation's handler: the request the call pipeline checked against the row, and what it
 * needs of the call; it answers the row's result type. `T` is the table (another only in type
 * tests: a row whose result changes fails its handler's type check).
 */
export type Handler<K extends keyof T, T = OperationTable> = (
  request: Validated<K, T>,
  call: CallContext,
) => Promise<Answer<K, T>>

/**
 * The operations with a handler in their folder (`src/operations/<name>/handler.ts`, listed in
 * the generated `handlers.ts`). The session answers the other three itself: `initialize`,
 * `resize` and `bye` change the connection's own state (its widget, its frame's height, its end),
 * which no handler's `CallContext` holds.
 */
export type Handled = Exclude<HostMethodName, 'initialize' | 'resize' | 'bye'>

/**
 * What a call outside its row's contexts still meets (see the row's `outside`), as its folder's
 * `handler.ts` exports it (`outside`): the words of a `WRONG_CONTEXT` refusal, or the checks
 * that stand where the call has no effect.
 */
export interface Outside<K extends keyof T, T = OperationTable> {
  refusal?: (context: HostContext) => string
  check?: (request: Validated<K, T>, call: CallContext) => unknown
}
