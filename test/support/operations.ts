import type { HostContext } from '../../src/events/index.js'
import { OPERATIONS, type Operation } from '../../src/operations/index.js'

/**
 * The test matrices' view of the operation table. Each takes the table, so that
 * `test/operation-layers.test.ts` can show a fake operation reaching every matrix.
 */

/**
 * Each SDK call, by its path, with its host method and a context where it has an effect (the
 * first of its row's).
 */
export function sdkOps(
  table: Record<string, Operation> = OPERATIONS,
): Record<string, { method: string; context: HostContext }> {
  return Object.fromEntries(
    Object.entries(table).flatMap(([method, row]) =>
      row.sdk.map((path) => [path, { method, context: row.contexts[0] as HostContext }]),
    ),
  )
}

/** `hardening`: every host method a widget calls after `initialize`, with its example. */
export function hostRequests(table: Record<string, Operation> = OPERATIONS): [string, unknown][] {
  return Object.entries(table)
    .filter(([method]) => method !== 'initialize' && method !== 'bye')
    .map(([method, row]) => [method, row.example])
}

/**
 * `hostile-faults`: every SDK call but `initialize`, with its example as its one argument, and
 * its deadline.
 */
export function sdkCallsWithExamples(
  table: Record<string, Operation> = OPERATIONS,
): { path: string; args: unknown[]; deadline: Operation['deadline'] }[] {
  return Object.values(table).flatMap((row) =>
    row.sdk
      .filter((path) => path !== 'initialize')
      .map((path) => ({ path, args: [row.example], deadline: row.deadline })),
  )
}

/** A valid call of an SDK path: its arguments, the request they send, what it answers. */
export interface Valid {
  args: unknown[]
  request: unknown
  /** What it resolves with (`toMatchObject`; `undefined`: nothing); left out: any value. */
  expect?: unknown
}

/**
 * `hostile-inputs`: each SDK path's valid call, its contract's example sent as it is, as `pinned`
 * adjusts it (a call form whose arguments are not the request, an answer to pin).
 */
export function validCalls(
  pinned: Record<string, Partial<Valid>>,
  table: Record<string, Operation> = OPERATIONS,
): Record<string, Valid> {
  return Object.fromEntries(
    Object.entries(table).flatMap(([, row]) =>
      row.sdk.map((path) => [path, { args: [row.example], request: row.example, ...pinned[path] }]),
    ),
  )
}
