// What the emulator keeps of what a local program sends, and how it says no: one item too large
// (413 PAYLOAD_TOO_LARGE) or a widget's share of the memory budget, or the budget, full (507
// STORAGE_FULL). The budget itself, shared with the webhook logs and the sandboxes, is
// MemoryBudget (../memory-budget.ts).

import type { Refusal } from '../memory-budget.js'
import { ApiError } from './kit.js'

/**
 * The largest `payload` a receipt keeps, in bytes of JSON: the SDK's own bound for a payment's
 * payload (16 KiB), so nothing the panel sends is refused; a trigger's `data` has the same.
 */
export const MAX_PAYLOAD_JSON_BYTES = 16 * 1024

/** The bytes of `value` as JSON (what the budget counts); 0 for undefined. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value)
  return text === undefined ? 0 : Buffer.byteLength(text)
}

/** 413 PAYLOAD_TOO_LARGE, with `max_bytes`, when `value` is over `max` bytes of JSON. */
export function checkSize(value: unknown, field: string, max = MAX_PAYLOAD_JSON_BYTES) {
  const bytes = jsonBytes(value)
  if (bytes > max) {
    throw new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      `${field}: ${bytes} bytes of JSON; the emulator keeps at most ${max}`,
      { max_bytes: max },
    )
  }
}

const MIB = 1024 * 1024
const size = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`)

/**
 * 507 STORAGE_FULL: the widget's share of the budget is full, or the records of every widget in
 * this emulator and its sandboxes fill the budget.
 */
export function storageFull(
  { full, max_bytes, stored_bytes }: Refusal,
  app_key: string,
  bytes: number,
): ApiError {
  const what =
    full === 'widget'
      ? `Each widget (developer key) keeps at most ${size(max_bytes)} of receipts, messages and installations, ` +
        `across the emulator and its sandboxes; ${app_key}'s take ${stored_bytes} bytes`
      : `The emulator keeps at most ${size(max_bytes)} of receipts, messages, installations and webhook deliveries, ` +
        `its sandboxes' included; the records of all widgets take ${stored_bytes} bytes`
  return new ApiError(
    507,
    'STORAGE_FULL',
    `${what}, and ${bytes} more would pass it. Nothing was changed: reset (POST /control/v1/reset) ` +
      'or delete sandboxes you are done with.',
    { max_bytes, stored_bytes, full },
  )
}
