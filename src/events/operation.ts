import type { HostContext } from './protocol.js'

/**
 * One operation's contract, as its folder declares it (`src/operations/<name>/contract.ts`).
 * `Req` is what the SDK sends, `Res` what the host answers on success. Apart from the table
 * (`src/operations/index.ts`), so that a contract can import it without importing the table back.
 */
export interface Operation<Req = unknown, Res = unknown> {
  /**
   * The SDK's calls that send it, by their path in `window.platform` (`sms.activate`); none for
   * what the SDK sends by itself (`resize`, `bye`).
   */
  readonly sdk: readonly string[]
  /** The host's check of the widget's argument (bounded walks); throws `INVALID_ARGUMENT`. */
  readonly validate: (raw: unknown) => unknown
  /** The dialogs it may open (`DialogKind`, as the panel's `onDialog` sees them). */
  readonly dialogs: readonly string[]
  /** Where it has an effect; elsewhere it resolves with no effect or refuses (`WRONG_CONTEXT`). */
  readonly contexts: readonly HostContext[]
  /**
   * Outside `contexts`: `refuse` (`WRONG_CONTEXT`, the default) or `no-effect` (it resolves
   * `{ applied: false }`, and the host warns in development mode).
   */
  readonly outside?: 'refuse' | 'no-effect'
  /**
   * `dialogCall` when it may open a dialog (the SDK waits `TIMEOUTS.dialogCall`, the host answers
   * within `HOST_TIMEOUTS.dialogCall`), else `call`.
   */
  readonly deadline: 'call' | 'dialogCall'
  /**
   * One valid argument, as the SDK sends it to the host: the test matrices call the operation
   * with it, so a new operation is covered without a line of its own there.
   */
  readonly example: Req
  /** Type only: the request and result types, for `HostMethods`. Never set. */
  readonly types?: { request: Req; result: Res }
}

/**
 * A contract typed with its request and result: `defineOperation<PayRequest, PayResult>()({...})`
 * (curried, so the row's own literal types are kept while `Req` and `Res` are given). It takes
 * every field of {@link Operation} but the type-only `types`.
 */
export const defineOperation =
  <Req, Res>() =>
  <const R extends Omit<Operation<Req, Res>, 'types'>>(row: R): R & Operation<Req, Res> =>
    row as R & Operation<Req, Res>
