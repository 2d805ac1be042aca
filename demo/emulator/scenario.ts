// What the control API asked to go wrong, kept in the state so that a reset ends it.
/**
 * What the control API asked to go wrong (`PUT /control/v1/scenario`). Part of the state, so a
 * reset ends it; it applies to the open APIs and the panel's payments, never to the control API.
 */
export interface Scenario {
  /** The next N payments from the panel are declined. */
  decline_next_payments: number
  /** The next `times` open-API calls under `path_prefix` answer `status`. */
  fail: { status: number; times: number; path_prefix: string } | null
  /** Milliseconds every open-API call waits before it is answered. */
  delay_ms: number
  /** Token lifetimes in seconds, instead of the fixtures' (null: the fixtures'). */
  token_ttl: { session: number | null; access: number | null }
}

export const noScenario = (): Scenario => ({
  decline_next_payments: 0,
  fail: null,
  delay_ms: 0,
  token_ttl: { session: null, access: null },
})
