// Types only: each SDK call's signature, from its row of the operation table and its call form.
// The SDK's factories type their calls with these (so a row and the code that sends it cannot
// disagree), and the type tests hold the published `Platform` to them. Generic over the table, so
// a test can build a changed table and see the SDK's types refuse it. Nothing here reaches the
// bundle: `platform.js` reads the table from the compact `CALLS` string.
import type { Payload, TopLevelInfo } from '../events/index.js'
import type { OperationTable, SdkPath } from '../operations/index.js'
import type { InitializeOptions } from './compat.js'

/** A table as far as the SDK's types read it: each row's SDK paths and its request and result. */
export type CallTable = {
  readonly [method: string]: {
    readonly sdk: readonly string[]
    readonly types?: { request: unknown; result: unknown }
  }
}

/** The host method an SDK path sends (`sms.activate` → `smsActivate`). */
export type MethodOf<P extends string, T extends CallTable = OperationTable> = {
  [K in keyof T & string]: P extends T[K]['sdk'][number] ? K : never
}[keyof T & string]

/** The request the host method behind path `P` takes. */
export type RequestAt<P extends string, T extends CallTable = OperationTable> = NonNullable<
  T[MethodOf<P, T>]['types']
>['request']
/** What the host method behind path `P` answers on success. */
export type ValueAt<P extends string, T extends CallTable = OperationTable> = NonNullable<
  T[MethodOf<P, T>]['types']
>['result']

/** Sends path `P`'s one request and resolves with its row's result (what a call form wraps). */
export type Send<P extends string, T extends CallTable = OperationTable> = (
  request: RequestAt<P, T>,
) => Promise<ValueAt<P, T>>

/**
 * The call forms: the calls whose arguments or result are not the one request and result of their
 * row, by the row's request `Q` and result `R`. Keyed by the table's paths: a key that is not one
 * fails `tsc` (see {@link SdkCall}).
 */
type Forms<Q, R> = {
  initialize: (options: InitializeOptions) => Promise<R | TopLevelInfo>
  // The navigation calls resolve nothing: the wire's `{ applied }` only warns in dev.
  'redirect.dispatch': (options: Q) => Promise<void>
  'flow.dispatch': Q extends { flowKey: infer F; options?: infer O }
    ? (flowKey: F, options?: O) => Promise<void>
    : never
  'payment.pay': (request: Q, payload?: Payload) => Promise<R>
  'payment.subscribe': (request?: Q) => Promise<R>
  'widget.addToProfile': () => Promise<R>
  'widget.removeFromProfile': () => Promise<R>
  'widget.refreshProfile': () => Promise<R>
  'widget.refreshPorifle': () => Promise<R>
}

/**
 * A call without a form: called with no argument when its row's request is empty
 * (`Record<string, never>`), else with the row's request as it is.
 */
type Plain<P extends string, T extends CallTable> =
  RequestAt<P, T> extends Record<string, never> ? () => Promise<ValueAt<P, T>> : Send<P, T>

/** `T`, when each of its keys is one of `Keys`; a key that is not fails where it is used. */
type KeyedBy<Keys, T extends { [K in keyof T]: K extends Keys ? unknown : never }> = T

type FormPath = keyof KeyedBy<SdkPath, Forms<unknown, unknown>>

/**
 * The signature of the SDK call at path `P` (`payment.pay`), from its row in table `T`: its call
 * form where it has one, else its row's request in (none when it is empty) and result out.
 *
 * @example
 * type Pay = SdkCall<'payment.pay'> // (request: PayRequest, payload?: Payload) => Promise<PayResult>
 */
export type SdkCall<P extends SdkPath, T extends CallTable = OperationTable> = P extends FormPath
  ? Forms<RequestAt<P, T>, ValueAt<P, T>>[P]
  : Plain<P, T>

/** Every SDK call's signature, by its path. */
export type SdkCalls<T extends CallTable = OperationTable> = { [P in SdkPath]: SdkCall<P, T> }
