import type { HostContext } from '../../src/events/index.js'
import { OPERATIONS, type Operation } from '../../src/events/operations.js'

/**
 * The test matrices' view of the operation table: each SDK call, by its path, with its host
 * method and a context where it has an effect (the first of its row's).
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
